import React from "react";
import { ToastContainer, type CloseButtonProps } from "react-toastify";
import * as styles from "./toasts.module.css";

function CloseButton({ closeToast }: CloseButtonProps) {
  return (
    <button
      type="button"
      className={styles.close}
      aria-label="Fermer la notification"
      onClick={() => closeToast(true)}
    >
      <span aria-hidden="true">×</span>
    </button>
  );
}

/** The one place error toasts appear: top-right, in French, long enough to be read. */
export default function Toasts() {
  return (
    <ToastContainer
      className={styles.container}
      position="top-right"
      autoClose={10_000}
      closeButton={CloseButton}
      hideProgressBar
      aria-label="Notifications"
      theme="light"
    />
  );
}

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

/**
 * The one place error toasts appear: top-right, in French. An error stays until the visitor closes
 * it: it says why their request failed and what to do, and no time limit is long enough for
 * everyone who reads it through a magnifier or reaches its close button with the keyboard (WCAG
 * 2.2.1, timing adjustable).
 */
export default function Toasts() {
  return (
    <ToastContainer
      className={styles.container}
      position="top-right"
      autoClose={false}
      closeButton={CloseButton}
      hideProgressBar
      aria-label="Notifications"
      theme="light"
    />
  );
}

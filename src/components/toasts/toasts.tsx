import React from "react";
import { ToastContainer, type CloseButtonProps } from "react-toastify";

function CloseButton({ closeToast }: CloseButtonProps) {
  return (
    <button
      type="button"
      className="Toastify__close-button"
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
      position="top-right"
      autoClose={10_000}
      closeButton={CloseButton}
      hideProgressBar
      aria-label="Notifications"
      theme="light"
    />
  );
}

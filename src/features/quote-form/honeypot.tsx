import React, { useId } from "react";
import * as styles from "./quote-form.module.css";

/**
 * A field people never see nor reach: out of sight, out of the tab order, hidden from assistive
 * technology, ignored by password managers. Scripts that fill every input fill it; the endpoint
 * then quarantines the request. Not `display: none`, which the simplest robots skip.
 */
export default function Honeypot() {
  const inputId = useId();
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={inputId}>Site web</label>
      <input id={inputId} name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

import React from "react";
import { honeypotId } from "./field-ids";
import * as styles from "./quote-form.module.css";

/**
 * A field people never see nor reach: out of sight, out of the tab order, hidden from assistive
 * technology, ignored by password managers. Scripts that fill every input fill it; the endpoint
 * then quarantines the request. Not `display: none`, which the simplest robots skip.
 */
export default function Honeypot() {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={honeypotId}>Site web</label>
      <input id={honeypotId} name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

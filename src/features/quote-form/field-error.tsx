import React from "react";
import Icon from "../../components/icon/icon";
import * as styles from "./quote-form.module.css";

/** A field's message under it, with the alert icon; its id ties it to the field. */
export default function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className={styles.error}>
      <Icon name="alert" size={18} />
      {message}
    </p>
  );
}

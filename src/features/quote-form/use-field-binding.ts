import { useAtomValue } from "jotai";
import { useId } from "react";
import type { QuoteField } from "../../shared/quote-request/quote-request";
import { fieldViewAtoms } from "./quote-form-atoms";

/** A field's view and the ARIA attributes that tie it to its error message. */
export default function useFieldBinding(field: QuoteField) {
  const view = useAtomValue(fieldViewAtoms[field]);
  const errorId = useId();
  return {
    view,
    errorId,
    aria: {
      "aria-invalid": view.state === "error",
      "aria-describedby": view.error ? errorId : undefined,
    },
  };
}

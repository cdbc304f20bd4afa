import { useAtomValue } from "jotai";
import type { QuoteField } from "../../shared/quote-request/quote-request";
import { fieldViewAtoms } from "./quote-form-atoms";
import { errorIdOf } from "./field-ids";

/** A field's view and the ARIA attributes that tie it to its error message. */
export default function useFieldBinding(field: QuoteField) {
  const view = useAtomValue(fieldViewAtoms[field]);
  const errorId = errorIdOf(field);
  return {
    view,
    errorId,
    aria: {
      "aria-invalid": view.state === "error",
      "aria-describedby": view.error ? errorId : undefined,
    },
  };
}

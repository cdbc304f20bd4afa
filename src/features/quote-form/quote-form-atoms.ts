import { announceQuoteSent } from "./quote-sent-event";
import { atom, type Atom } from "jotai";
import { atomWithMutation } from "jotai-tanstack-query";
import {
  quoteFields,
  validateQuoteRequest,
  type QuoteField,
  type QuoteRequest,
  type QuoteTextField,
} from "../../shared/quote-request/quote-request";
import { antiBotHeaders, noteFirstInput, resetFormSignals } from "./form-signals";
import { startProofOfWork } from "./proof-of-work";
import { newIdempotencyKey, sendQuoteRequest } from "./send-quote-request";

// Form state. The base atoms stay private to this module: the view reads the derived atoms and
// changes anything only through `quoteFormActionAtom`.

export type QuoteFormValues = Record<QuoteTextField, string> & { rgpd: boolean };
export type FieldState = "neutral" | "valid" | "error";
export type SubmitStatus = "idle" | "submitting" | "success";

const emptyValues: QuoteFormValues = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  company: "",
  message: "",
  rgpd: false,
};

const valuesAtom = atom<QuoteFormValues>(emptyValues);
const touchedAtom = atom<ReadonlySet<QuoteField>>(new Set<QuoteField>());
const statusAtom = atom<SubmitStatus>("idle");
// The key of the last unanswered attempt and the content it was for: a retry of the same
// content reuses it, so an answer lost on the way never becomes a second lead.
const pendingAttemptAtom = atom<{ key: string; content: string } | null>(null);

const submitMutationAtom = atomWithMutation(() => ({
  mutationFn: ({
    request,
    key,
    headers,
  }: {
    request: QuoteRequest;
    key: string;
    headers: Record<string, string>;
  }) => sendQuoteRequest(request, key, headers),
}));

const validationAtom = atom((get) => validateQuoteRequest(get(valuesAtom)));

export type FieldView = { value: string | boolean; error: string | undefined; state: FieldState };

/** Each field's view: its value, its error once visited, and the state its style shows. */
export const fieldViewAtoms = Object.fromEntries(
  quoteFields.map((field) => [
    field,
    atom((get): FieldView => {
      const touched = get(touchedAtom).has(field);
      const error = touched ? get(validationAtom).errors[field] : undefined;
      return {
        value: get(valuesAtom)[field],
        error,
        state: error ? "error" : touched ? "valid" : "neutral",
      };
    }),
  ]),
) as Record<QuoteField, Atom<FieldView>>;

export const formViewAtom = atom((get) => {
  const validation = get(validationAtom);
  const status = get(statusAtom);
  return {
    status,
    invalidFieldCount: Object.keys(validation.errors).length,
    canSubmit: validation.valid && status !== "submitting",
  };
});

export type QuoteFormAction =
  | { type: "change"; field: QuoteTextField; value: string }
  | { type: "toggleConsent"; checked: boolean }
  | { type: "blur"; field: QuoteField }
  /** `website`: the hidden field only robots fill (see form-signals.ts). */
  | { type: "submit"; website: string };

const touch = (touched: ReadonlySet<QuoteField>, field: QuoteField) => new Set(touched).add(field);

export const quoteFormActionAtom = atom(null, async (get, set, action: QuoteFormAction) => {
  // What is being sent is what the visitor sees: no edit while a request is in flight, since a
  // success empties the form.
  if (get(statusAtom) === "submitting" && action.type !== "submit") return;
  switch (action.type) {
    case "change":
      // The visitor is typing: time it, and solve the anti-bot challenge meanwhile.
      noteFirstInput();
      startProofOfWork();
      set(valuesAtom, (values) => ({ ...values, [action.field]: action.value }));
      set(touchedAtom, (touched) => touch(touched, action.field));
      if (get(statusAtom) === "success") set(statusAtom, "idle");
      return;
    case "toggleConsent":
      noteFirstInput();
      startProofOfWork();
      set(valuesAtom, (values) => ({ ...values, rgpd: action.checked }));
      set(touchedAtom, (touched) => touch(touched, "rgpd"));
      if (get(statusAtom) === "success") set(statusAtom, "idle");
      return;
    case "blur":
      set(touchedAtom, (touched) => touch(touched, action.field));
      return;
    case "submit": {
      // One click, one request: a second submit while the first is pending does nothing.
      if (get(statusAtom) === "submitting") return;
      set(touchedAtom, new Set(quoteFields));
      const validation = get(validationAtom);
      if (!validation.valid) return;

      const content = JSON.stringify(validation.request);
      const pending = get(pendingAttemptAtom);
      const key = pending?.content === content ? pending.key : newIdempotencyKey();
      set(pendingAttemptAtom, { key, content });
      set(statusAtom, "submitting");
      announceQuoteSent();
      try {
        // The spinner covers the wait when the challenge is not solved yet.
        const headers = await antiBotHeaders(action.website);
        await get(submitMutationAtom).mutateAsync({ request: validation.request, key, headers });
      } catch {
        // The API client has shown the toast; the visitor's input stays for another try, and a
        // fresh challenge is solved for it (each solution is accepted once).
        set(statusAtom, "idle");
        startProofOfWork();
        return;
      }
      resetFormSignals();
      set(valuesAtom, emptyValues);
      set(touchedAtom, new Set<QuoteField>());
      set(pendingAttemptAtom, null);
      set(statusAtom, "success");
      return;
    }
  }
});

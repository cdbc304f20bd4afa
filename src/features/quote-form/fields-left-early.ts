// The fields the visitor left before the form's code took over (see deferred-quote-form.tsx).
// A module of its own, read by both the on-demand form and the page that loads it, so that
// neither imports the other.

const fieldsLeftEarly = new Set<string>();
let formHasTakenOverFlag = false;

/** A `focusout` listener on the static form: records the field left, until the form takes over. */
export function recordLeftField(event: FocusEvent): void {
  const { target } = event;
  if (formHasTakenOverFlag) return;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
    fieldsLeftEarly.add(target.name);
  }
}

/** From now on the form's own state sees every field: stop recording. */
export function markFormTakenOver(): void {
  formHasTakenOverFlag = true;
}

/** Whether the form's code has hydrated the static form (its loader stops guarding it then). */
export function formHasTakenOver(): boolean {
  return formHasTakenOverFlag;
}

/** The names of the fields left before the form took over. */
export function fieldsLeftBeforeTakeOver(): ReadonlySet<string> {
  return fieldsLeftEarly;
}

// The fields the visitor left before the form's code took over: recorded by the page's start-up
// script (src/islands/load-quote-form.ts) and handed to the form as it hydrates, so that an empty
// required field tabbed through early still shows its message.

let fieldsLeftEarly: ReadonlySet<string> = new Set();

/** Called by the form's island just before React hydrates the form. */
export function handOverFieldsLeftEarly(names: ReadonlySet<string>): void {
  fieldsLeftEarly = names;
}

/** The names of the fields left before the form took over. */
export function fieldsLeftBeforeTakeOver(): ReadonlySet<string> {
  return fieldsLeftEarly;
}

import { createHash } from "node:crypto";

// The inbox's one stylesheet, served by the server under a name that changes with its content
// (cached for a year). Colours are the site's brand (src/styles/tokens.css); system fonts, as a
// tool rather than the showcase.

export const stylesheet = `
:root {
  --brand: #16365f; --brand-soft: #e8eef6; --accent: #0f766e; --text: #1c2430;
  --muted: #4a5565; --border: #d3dae3; --surface: #f3f5f8; --error: #b42318;
  --error-soft: #fdecea; --success: #15803d; --success-soft: #e8f6ec; --focus: #b45309;
  font-family: "Segoe UI", system-ui, -apple-system, sans-serif; color: var(--text);
  line-height: 1.5;
}
* { box-sizing: border-box; }
body { margin: 0; background: #fff; }
a { color: var(--brand); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: 0.5rem; z-index: 1; }
.top { background: var(--brand); color: #fff; padding: 0.75rem 1rem; display: flex; flex-wrap: wrap; gap: 0.75rem 2rem; align-items: center; justify-content: space-between; }
.top a, .top .who { color: #fff; }
.top :focus-visible { outline-color: #f4c96b; }
.brand { margin: 0; font-weight: 700; }
.top nav { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: center; }
.top ul { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; list-style: none; margin: 0; padding: 0; }
.sign-out { display: flex; gap: 0.75rem; align-items: center; flex-wrap: wrap; }
.sign-out button { background: transparent; color: #fff; border-color: #fff; }
main { padding: 1rem; max-width: 80rem; margin: 0 auto; }
h1 { font-size: 1.5rem; color: var(--brand); margin: 0.5rem 0 1rem; }
h2 { font-size: 1.2rem; color: var(--brand); margin-top: 2rem; }
label { font-weight: 600; display: block; }
input, select, button { font: inherit; min-height: 2.75rem; }
input, select { border: 1px solid #8a96a6; border-radius: 0.25rem; padding: 0.4rem 0.6rem; max-width: 100%; }
button { background: var(--brand); color: #fff; border: 2px solid var(--brand); border-radius: 0.25rem; padding: 0.4rem 1rem; cursor: pointer; }
button.danger { background: var(--error); border-color: var(--error); }
button.secondary { background: #fff; color: var(--brand); }
.export { margin: 0 0 1rem; }
.check { display: inline-flex; gap: 0.375rem; align-items: center; min-height: 2.75rem; }
.check input { width: 1.25rem; height: 1.25rem; min-height: 0; margin: 0; }
.inline .check label, .check label { font-weight: 400; }
.stack { display: grid; gap: 0.5rem; max-width: 28rem; }
.filters { display: flex; flex-wrap: wrap; gap: 0.75rem 1rem; align-items: end; background: var(--surface); padding: 1rem; border-radius: 0.5rem; }
.filters .field { display: grid; gap: 0.25rem; }
.filters .wide { flex: 1 1 16rem; }
.filters .wide input { width: 100%; }
.hint { color: var(--muted); font-size: 0.875rem; }
.summary { margin: 1rem 0; }
.notice { padding: 0.75rem 1rem; border-radius: 0.25rem; border-left: 4px solid; }
.notice.error { background: var(--error-soft); border-color: var(--error); }
.notice.success { background: var(--success-soft); border-color: var(--success); }
.table-scroll { overflow-x: auto; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.period { display: flex; flex-wrap: wrap; gap: 0.75rem 1rem; align-items: end; background: var(--surface); padding: 1rem; border-radius: 0.5rem; }
.periods { display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; list-style: none; padding: 0; }
.periods a { display: inline-block; padding: 0.5rem 0; }
.periods a[aria-current] { font-weight: 700; }
table.figures { min-width: 0; }
table.figures td:not(:first-child), table.figures th:not(:first-child) { text-align: right; }
.chart { display: block; width: 100%; max-width: 48rem; height: auto; margin: 1rem 0; color: var(--text); }
table { border-collapse: collapse; width: 100%; min-width: 44rem; }
th, td { text-align: left; vertical-align: top; padding: 0.5rem; border-bottom: 1px solid var(--border); overflow-wrap: anywhere; }
th { background: var(--surface); }
.badge { display: inline-block; padding: 0 0.5rem; border-radius: 1rem; font-size: 0.875rem; background: var(--brand-soft); margin: 0.125rem 0.25rem 0.125rem 0; white-space: nowrap; }
.badge.quarantine { background: var(--error-soft); color: var(--error); display: block; width: fit-content; white-space: normal; }
.badge.status-done { background: var(--success-soft); color: var(--success); }
.deliveries { margin: 0; padding-left: 1rem; }
.deliveries .failing { color: var(--error); }
.fields { display: grid; gap: 0.5rem; }
.fields div { display: grid; grid-template-columns: minmax(8rem, 14rem) 1fr; gap: 1rem; border-bottom: 1px solid var(--border); padding: 0.25rem 0; }
.fields dt { font-weight: 600; }
.fields dd { margin: 0; overflow-wrap: anywhere; }
.fields .message { white-space: pre-wrap; }
.actions { display: grid; gap: 1rem; }
.inline { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.inline label { display: inline; }
.pages { display: flex; gap: 1.5rem; margin: 1rem 0; }
textarea { font: inherit; border: 1px solid #8a96a6; border-radius: 0.25rem; padding: 0.4rem 0.6rem; width: 100%; }
.notes { list-style: none; padding: 0; margin: 0 0 1rem; display: grid; gap: 0.75rem; }
.notes li { border-left: 4px solid var(--brand-soft); padding: 0 0 0 0.75rem; }
.notes p { margin: 0; }
.note-text { white-space: pre-wrap; overflow-wrap: anywhere; }
.notes li.reply { border-left-color: var(--accent); }
.stack.reply { max-width: 48rem; }
.button-link { display: inline-block; background: var(--brand); color: #fff; border-radius: 0.25rem; padding: 0.6rem 1rem; text-decoration: none; font-weight: 600; }
/* On a phone, each row of a list is a card: its cells one under the other, each named by its
   column (data-label), the request's organisation first, nothing wider than the screen. */
@media (max-width: 40rem) {
  .fields div { grid-template-columns: 1fr; gap: 0; }
  table.cards { min-width: 0; }
  table.cards thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  table.cards, table.cards tbody, table.cards td { display: block; }
  table.cards tr { display: flex; flex-direction: column; border: 1px solid var(--border); border-radius: 0.5rem; padding: 0.5rem 0.75rem; margin-bottom: 0.75rem; }
  table.cards td { border: 0; padding: 0.25rem 0; overflow-wrap: break-word; }
  table.cards td::before { content: attr(data-label); display: block; font-size: 0.8125rem; font-weight: 600; color: var(--muted); }
  table.cards td.lead { order: -1; font-size: 1.0625rem; font-weight: 600; }
  table.cards td.lead::before { content: none; }
  table.cards td.lead a { display: inline-block; padding: 0.375rem 0; }
  .pages a { display: inline-block; padding: 0.5rem 0; }
}
`;

const hash = createHash("sha256").update(stylesheet).digest("hex").slice(0, 16);

/** Its file name under /equipe/: a new stylesheet is a new address. */
export const stylesheetFile = `equipe.${hash}.css`;

/** Where the pages ask for it. */
export const stylesheetPath = `/equipe/${stylesheetFile}`;

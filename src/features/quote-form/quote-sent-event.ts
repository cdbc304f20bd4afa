// The one thing the quote form tells the rest of the page: a request has left for the server
// (every field valid, the visitor's click). The audience measure (src/islands/audience.ts)
// counts it as the funnel's « sent » step; whether the server accepted it is the lead store's
// count, never the page's word. Dependency-free: the page's first script imports it.

export const quoteSentEvent = "quote-form:sent";

export function announceQuoteSent(): void {
  document.dispatchEvent(new Event(quoteSentEvent));
}

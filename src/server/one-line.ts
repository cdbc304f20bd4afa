/** An error on one line (name and message, no stack), for server logs read with grep. */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, " ").trim();
}

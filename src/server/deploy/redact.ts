// What a deploy says (its status, the admin's notice, the failure email, the log) is read by
// people who must not learn the server's credentials: git quotes the address it fetched from,
// a build may print a variable. Every text leaves here without a URL's user information and
// without any value of a secret variable (src/server/config.ts, secretVariables).

/** The parts of a secret value that could show on their own: a URL's user name and password. */
function partsOf(value: string): string[] {
  const parts = [value];
  try {
    const url = new URL(value);
    // A token may be either (https://ghp_…@github.com, https://x-access-token:ghp_…@…).
    for (const part of [url.password, url.username]) {
      if (part) parts.push(part, decodeURIComponent(part));
    }
  } catch {
    // Not a URL: the value itself only.
  }
  return parts;
}

/** The texts to mask: each secret variable's value and the credentials inside it. */
export function secretTexts(
  env: Readonly<Record<string, string | undefined>>,
  names: Iterable<string>,
): string[] {
  const texts = new Set<string>();
  for (const name of names) {
    const value = env[name]?.trim();
    if (!value) continue;
    for (const part of partsOf(value)) {
      // Too short to be a secret, and masking it would mangle ordinary words.
      if (part.length >= 6) texts.add(part);
    }
  }
  // Longest first: a password inside a URL is masked with its URL, not piece by piece.
  return [...texts].sort((a, b) => b.length - a.length);
}

/** `scheme://user:password@host` → `scheme://host`, wherever it appears in a text. */
export const withoutUserInfo = (text: string) =>
  text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@'"<>]+@/gi, "$1");

/** `text` with no URL credentials and no secret's value (each shown as « *** »). */
export function redact(text: string, secrets: readonly string[]): string {
  let clean = text;
  for (const secret of secrets) clean = clean.split(secret).join("***");
  return withoutUserInfo(clean);
}

// Reading `public/_headers`, the file the build writes for static hosts (Netlify, Cloudflare
// Pages): the production server sends exactly what it says, so the two cannot differ. The browser
// tests read it with the same functions to compare the headers they receive.

export type HeaderRule = { path: string; headers: [name: string, value: string][] };

/** The rules of a `_headers` file, in file order. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] });
      continue;
    }
    const separator = line.indexOf(":");
    const rule = rules.at(-1);
    if (!rule || separator < 0) throw new Error(`_headers: unreadable line "${line}"`);
    rule.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
  }
  return rules;
}

/** `*` matches anything, slashes included (as on Netlify and Cloudflare); the rest, itself. */
function pathPattern(pattern: string): RegExp {
  const source = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`);
}

type CompiledRule = HeaderRule & { pattern: RegExp };

const compile = (rules: readonly HeaderRule[]): CompiledRule[] =>
  rules.map((rule) => ({ ...rule, pattern: pathPattern(rule.path) }));

function collect(rules: readonly CompiledRule[], urlPath: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const rule of rules) {
    if (!rule.pattern.test(urlPath)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const previous = headers.get(key);
      headers.set(key, previous === undefined ? value : `${previous}, ${value}`);
    }
  }
  return headers;
}

/**
 * The headers for a path, names in lower case: every matching rule's, in file order, a name set
 * by two rules getting both values joined by ", " (as Cloudflare Pages does; the build writes no
 * such pair).
 */
export function headersFor(rules: readonly HeaderRule[], urlPath: string): Map<string, string> {
  return collect(compile(rules), urlPath);
}

/**
 * `headersFor` with the rules compiled once and each path's answer kept: the server asks for the
 * same few hundred paths again and again. Bounded, so that random URLs cannot fill memory.
 */
export function headerLookup(
  rules: readonly HeaderRule[],
  maxEntries = 2000,
): (urlPath: string) => ReadonlyMap<string, string> {
  const compiled = compile(rules);
  const cache = new Map<string, Map<string, string>>();
  return (urlPath) => {
    let headers = cache.get(urlPath);
    if (!headers) {
      headers = collect(compiled, urlPath);
      if (cache.size >= maxEntries) cache.clear();
      cache.set(urlPath, headers);
    }
    return headers;
  };
}

import { formatEuro, formatNumber, formatPercent } from "../format";

// Copy refers to a company detail or a figure as `{{company.phone}}` or `{{figures.recoveryRate}}`,
// so each value is typed once, in its own file, and every text that mentions it follows.

const tokenPattern = /\{\{\s*([a-zA-Z]+\.[a-zA-Z]+)\s*\}\}/g;

export type TokenValues = Readonly<Record<string, string>>;

type Fields = { readonly [field: string]: unknown };

function formatFigure(key: string, value: number): string {
  if (key.endsWith("Rate")) return formatPercent(value);
  if (key === "averageRecoveredAmount" || key === "averageServiceCost") return formatEuro(value);
  return formatNumber(value);
}

/** Every token's text: company details as written, figures formatted the French way. */
export function tokenValues(company: Fields, figures: Fields): TokenValues {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(company)) {
    if (typeof value === "string") values[`company.${key}`] = value;
  }
  for (const [key, value] of Object.entries(figures)) {
    if (typeof value === "number") values[`figures.${key}`] = formatFigure(key, value);
  }
  return values;
}

/** The names of every token a text uses. */
export function tokensIn(text: string): string[] {
  return [...text.matchAll(tokenPattern)].map((match) => match[1] ?? "");
}

/** Replaces each known token; `escape` protects values written into HTML. */
export function fillTokens(
  text: string,
  values: TokenValues,
  escape: (value: string) => string = (value) => value,
): string {
  return text.replace(tokenPattern, (token, name: string) => {
    const value = values[name];
    return value === undefined ? token : escape(value);
  });
}

/** Fills the tokens of every string in a content object, keeping its shape and type. */
export function fillTokensDeep<T>(content: T, values: TokenValues): T {
  if (typeof content === "string") return fillTokens(content, values) as T;
  if (Array.isArray(content))
    return content.map((item: unknown) => fillTokensDeep(item, values)) as T;
  if (content !== null && typeof content === "object") {
    return Object.fromEntries(
      Object.entries(content).map(([key, value]) => [key, fillTokensDeep(value, values)]),
    ) as T;
  }
  return content;
}

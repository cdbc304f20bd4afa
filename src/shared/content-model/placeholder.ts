/** Marks a value only the company can give and has not given yet: `[À COMPLÉTER : …]`. */
export const placeholderPattern = /\[À COMPLÉTER\s*:[^\]]*\]/gu;

export function isPlaceholder(value: string): boolean {
  return value.match(placeholderPattern) !== null;
}

// The icons content may name. Apart from the schemas, so that the site's components can check a
// name without bundling the validation library into every page.

export const iconNames = [
  "badge",
  "book",
  "card",
  "chat",
  "clock",
  "euro",
  "hand",
  "mail",
  "phone",
  "plug",
  "scale",
  "shield",
  "sms",
  "user",
] as const;
export type IconName = (typeof iconNames)[number];

import { isbot } from "isbot";

// What a hit's User-Agent may tell the statistics, read once and dropped: whether it is a robot
// (crawlers by isbot's maintained list; none at all, which no browser sends), and otherwise the
// browser's family and the device's class, coarse enough to find no one.

export type FilteredClass = "robot" | "automated" | "opted-out" | "foreign" | "invalid" | "flood";

/** Each class, for the team's page. */
export const filteredClassNames: Record<FilteredClass, string> = {
  robot: "robots d'indexation et outils (User-Agent)",
  automated: "navigateurs automatisés (navigator.webdriver)",
  "opted-out": "refus de la mesure (DNT, Sec-GPC)",
  foreign: "envoyés d'une autre origine",
  invalid: "envois mal formés ou chemins inconnus",
  flood: "au-delà des plafonds du jour",
};

export interface Traits {
  browser: "Chrome" | "Edge" | "Firefox" | "Safari" | "Samsung Internet" | "Opera" | "autre";
  device: "mobile" | "tablette" | "ordinateur";
}

/** A robot's User-Agent, or none at all. */
export const isRobot = (userAgent: string | undefined): boolean =>
  !userAgent || userAgent.length < 10 || isbot(userAgent);

/** The browser's family and the device's class. */
export function traitsOf(userAgent: string): Traits {
  const browser: Traits["browser"] = /Edg(e|A|iOS)?\//.test(userAgent)
    ? "Edge"
    : /OPR\/|Opera/.test(userAgent)
      ? "Opera"
      : /SamsungBrowser\//.test(userAgent)
        ? "Samsung Internet"
        : /Firefox\/|FxiOS\//.test(userAgent)
          ? "Firefox"
          : /Chrome\/|CriOS\/|Chromium\//.test(userAgent)
            ? "Chrome"
            : /Safari\//.test(userAgent)
              ? "Safari"
              : "autre";
  const device: Traits["device"] = /iPad|Tablet|Android(?!.*Mobile)/.test(userAgent)
    ? "tablette"
    : /Mobi|iPhone|Android/.test(userAgent)
      ? "mobile"
      : "ordinateur";
  return { browser, device };
}

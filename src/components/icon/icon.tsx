import React from "react";
import { iconNames, type IconName } from "../../shared/content-model/icon-names";

// Inline SVG paths on a 24 px grid, stroked with the current colour: no icon font, no request.
const paths: Record<
  IconName | "alert" | "menu" | "close" | "check" | "pause" | "play" | "arrow",
  string
> = {
  badge:
    "M12 2l2.4 2.1 3.2-.2.6 3.1 2.7 1.8-1.3 2.9 1.3 2.9-2.7 1.8-.6 3.1-3.2-.2L12 21.4l-2.4-2.1-3.2.2-.6-3.1-2.7-1.8 1.3-2.9-1.3-2.9 2.7-1.8.6-3.1 3.2.2zM8.5 12l2.4 2.4 4.6-4.8",
  book: "M4 5a2 2 0 012-2h13v16H6a2 2 0 00-2 2zm0 0v16m4-14h7",
  card: "M3 6h18v12H3zM3 10h18M7 15h4",
  chat: "M4 5h16v11H9l-5 4zM8 9h8M8 12h5",
  clock: "M12 3a9 9 0 100 18 9 9 0 000-18zm0 4v5l3 2",
  euro: "M17 6.5A6.5 6.5 0 007 12a6.5 6.5 0 0010 5.5M5 10.5h8M5 13.5h8",
  hand: "M3 14h3l4 1.5h3a1.5 1.5 0 010 3H9m4 0h4l4-3.5a1.5 1.5 0 00-2-2L15 14M12 4.5a2.5 2.5 0 00-4 0 2.5 2.5 0 000 3.5L12 12l4-4a2.5 2.5 0 00-4-3.5z",
  mail: "M3 5h18v14H3zM3 6l9 7 9-7",
  phone: "M5 3h4l2 5-2.5 1.5a11 11 0 006 6L16 13l5 2v4a2 2 0 01-2 2A16 16 0 013 5a2 2 0 012-2z",
  plug: "M9 3v5m6-5v5M6 8h12v3a6 6 0 01-12 0zm6 9v4",
  scale: "M12 3v18m-7 0h14M5 7h14M5 7l-3 7h6zm14 0l-3 7h6zM12 3l-1 2h2z",
  shield: "M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6zm-3.5 9l2.5 2.5 4.5-5",
  sms: "M7 2h10a1 1 0 011 1v18a1 1 0 01-1 1H7a1 1 0 01-1-1V3a1 1 0 011-1zm3 17h4M9 7h6M9 10h4",
  user: "M12 3a4 4 0 110 8 4 4 0 010-8zM4 21a8 8 0 0116 0",
  alert: "M12 3a9 9 0 100 18 9 9 0 000-18zm0 5v5m0 3v.5",
  menu: "M4 7h16M4 12h16M4 17h16",
  close: "M6 6l12 12M18 6L6 18",
  check: "M5 12.5l4.5 4.5L19 7",
  pause: "M9 5v14M15 5v14",
  play: "M7 4.5v15l12-7.5z",
  arrow: "M5 12h14m-6-6l6 6-6 6",
};

export type IconProps = {
  name: keyof typeof paths;
  size?: number;
  className?: string;
};

export function isIconName(name: string): name is IconName {
  return (iconNames as readonly string[]).includes(name);
}

/** A decorative icon: hidden from assistive technology, the text beside it says what it means. */
export default function Icon({ name, size = 24, className }: IconProps) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}

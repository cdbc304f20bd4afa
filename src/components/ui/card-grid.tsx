import React from "react";
import Icon, { isIconName } from "../icon/icon";
import * as styles from "./card-grid.module.css";

export type CardItem = { icon: string; title: string; text: string };

type CardGridProps = {
  items: readonly CardItem[];
  columns: 2 | 3 | 4;
  variant?: "card" | "inline";
};

/** Icon, title and text, as cards or as a plain list: the approach, services and guarantees. */
export default function CardGrid({ items, columns, variant = "card" }: CardGridProps) {
  return (
    <ul className={`${styles.grid} ${styles[`columns${columns}`]}`}>
      {items.map((item) => (
        <li key={item.title} className={styles[variant]}>
          <span className={styles.icon}>
            {isIconName(item.icon) && <Icon name={item.icon} size={26} />}
          </span>
          <h3 className={styles.title}>{item.title}</h3>
          <p className={styles.text}>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

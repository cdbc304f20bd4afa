import React, { useEffect, useRef } from "react";
import useCompany from "../../hooks/use-company";
import Icon from "../icon/icon";
import Logo from "./logo";
import { enhanceMenu } from "./menu-behaviour";
import * as styles from "./site-header.module.css";

// Absolute anchors so that the same links work from the legal pages too.
export const navigationLinks = [
  { href: "/#services", label: "Services" },
  { href: "/#results", label: "Résultats" },
  { href: "/#clients", label: "Références" },
  { href: "/#contact", label: "Contact" },
] as const;

// A fixed id: the server's HTML and any render agree, and a page has one header.
const menuId = "menu-principal";

/**
 * The sticky navigation bar, with a disclosure menu on small screens. The markup is the closed
 * menu; menu-behaviour.ts makes it work, over this same HTML on production pages.
 */
export default function SiteHeader() {
  const { name } = useCompany();
  const header = useRef<HTMLElement>(null);

  useEffect(() => enhanceMenu(header.current!), []);

  return (
    <header ref={header} className={styles.header} data-site-header>
      <div className={styles.bar}>
        <a className={styles.brand} href="/" aria-label={`${name}, accueil`}>
          <Logo />
          <span className={styles.brandName}>{name}</span>
        </a>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded="false"
          aria-controls={menuId}
          data-menu-button
        >
          <span className={styles.menuLabel} data-when="closed">
            <Icon name="menu" />
            Menu
          </span>
          <span className={styles.menuLabel} data-when="open" hidden>
            <Icon name="close" />
            Fermer
          </span>
        </button>
        <nav id={menuId} aria-label="Navigation principale" className={styles.nav} data-menu>
          <ul className={styles.links}>
            {navigationLinks.map((link) => (
              <li key={link.href}>
                <a className={styles.link} href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <a className={styles.quoteButton} href="/#contact">
            Devis Gratuit
          </a>
        </nav>
      </div>
    </header>
  );
}

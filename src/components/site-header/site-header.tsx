import React, { useEffect, useId, useRef, useState } from "react";
import useCompany from "../../hooks/use-company";
import Icon from "../icon/icon";
import Logo from "./logo";
import * as styles from "./site-header.module.css";

// Absolute anchors so that the same links work from the legal pages too.
export const navigationLinks = [
  { href: "/#services", label: "Services" },
  { href: "/#results", label: "Résultats" },
  { href: "/#clients", label: "Références" },
  { href: "/#contact", label: "Contact" },
] as const;

/** The sticky navigation bar, with a disclosure menu on small screens. */
export default function SiteHeader() {
  const { name } = useCompany();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return undefined;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      // The focused link is about to be hidden: focus goes back to the control that opened it.
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header
      className={styles.header}
      onBlur={(event) => {
        // Tabbing on past the last link closes the menu: left open, it would cover the element
        // that now has focus (on a short or zoomed screen, the hero's button).
        const next = event.relatedTarget;
        if (next instanceof Node && !event.currentTarget.contains(next)) setMenuOpen(false);
      }}
    >
      <div className={styles.bar}>
        <a className={styles.brand} href="/" aria-label={`${name}, accueil`}>
          <Logo />
          <span className={styles.brandName}>{name}</span>
        </a>
        <button
          ref={menuButton}
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={menuOpen ? "close" : "menu"} />
          <span>{menuOpen ? "Fermer" : "Menu"}</span>
        </button>
        <nav
          id={menuId}
          aria-label="Navigation principale"
          className={`${styles.nav} ${menuOpen ? styles.navOpen : ""}`}
        >
          <ul className={styles.links}>
            {navigationLinks.map((link) => (
              <li key={link.href}>
                <a className={styles.link} href={link.href} onClick={closeMenu}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <a className={styles.quoteButton} href="/#contact" onClick={closeMenu}>
            Devis Gratuit
          </a>
        </nav>
      </div>
    </header>
  );
}

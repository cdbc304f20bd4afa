// The font and global styles come first, before any component's CSS module.
import "../../styles/fonts.css";
import "../../styles/global.css";
import React from "react";
import PreviewBanner from "../preview-banner/preview-banner";
import SiteFooter from "../site-footer/site-footer";
import SiteHeader from "../site-header/site-header";
import * as styles from "./layout.module.css";

/** The frame of every route: skip link, the preview's banner if any, navigation, the page, footer. */
export default function Layout({ children }: { children: React.ReactNode }) {
  return (
    <div className={styles.layout}>
      <a className={styles.skipLink} href="#contenu">
        Aller au contenu
      </a>
      <PreviewBanner />
      <SiteHeader />
      <main id="contenu" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

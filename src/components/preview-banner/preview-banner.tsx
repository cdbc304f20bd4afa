import React from "react";
import useSiteMetadata from "../../hooks/use-site-metadata";
import * as styles from "./preview-banner.module.css";

/**
 * Says on every page of a draft's preview that it is not the published site, and which branch it
 * shows, so that a preview link passed around is never taken for the real thing. The published
 * site renders nothing here.
 */
export default function PreviewBanner() {
  const { previewBranch } = useSiteMetadata();
  if (!previewBranch) return null;
  return (
    <p className={styles.banner} role="note" aria-label="Aperçu">
      Aperçu — non publié — branche <code className={styles.branch}>{previewBranch}</code>
    </p>
  );
}

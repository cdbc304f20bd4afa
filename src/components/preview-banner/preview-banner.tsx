import React from "react";
import useSiteMetadata from "../../hooks/use-site-metadata";
import { inFrench } from "../../shared/content-model/paris-time";
import * as styles from "./preview-banner.module.css";

/**
 * Says on every page of a draft's preview that it is not the published site, which branch it
 * shows and, when the draft schedules a change, the instant the preview shows (« Aperçu au … »), so
 * that a preview link passed around is never taken for the real thing. The published site renders
 * nothing here.
 */
export default function PreviewBanner() {
  const { previewBranch, previewAt } = useSiteMetadata();
  if (!previewBranch) return null;
  return (
    <p className={styles.banner} role="note" aria-label="Aperçu">
      {previewAt ? (
        <>
          Aperçu au <time dateTime={previewAt}>{inFrench(new Date(previewAt))}</time> (heure de
          Paris)
        </>
      ) : (
        "Aperçu"
      )}{" "}
      — non publié — branche <code className={styles.branch}>{previewBranch}</code>
    </p>
  );
}

import React from "react";
import { inFrench } from "../../shared/content-model/paris-time";

/** Which version of its page a legal text is (src/build/legal-versions.ts gives it). */
export type VersionContext = {
  since: string | null;
  until: string | null;
  currentPath: string | null;
  formerPath: string | null;
};

const paris = (iso: string) => inFrench(new Date(iso));

/** The version's line: since when it applies, or when it applied; with its link to the other. */
export default function VersionNote({ since, until, currentPath, formerPath }: VersionContext) {
  if (currentPath && until) {
    const period = since ? `du ${paris(since)} au ${paris(until)}` : `jusqu'au ${paris(until)}`;
    return (
      <>
        Version en vigueur {period} (heure de Paris). <a href={currentPath}>Version en vigueur</a>
      </>
    );
  }
  if (!since) return null;
  return (
    <>
      Applicable depuis le {paris(since)} (heure de Paris).
      {formerPath && (
        <>
          {" "}
          <a href={formerPath}>Version précédente</a>
        </>
      )}
    </>
  );
}

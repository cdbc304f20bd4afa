// The admin's own part, beside decap-cms's prebuilt bundle in /admin/: this site's collections
// and previews. Bundled by esbuild on its own (src/build/admin-bundle.ts), never by the site's
// webpack; it loads first and holds Decap's start until the page is parsed.
import "@fontsource-variable/public-sans";
import "../styles/global.css";
import type { CmsConfig } from "./cms-types";
import { cmsConfig } from "./config";
import type { DecapGlobals } from "./preview-bridge";
import { showDeployNotice } from "./deploy-notice";
import { registerPagePreviews } from "./page-previews";
import { registerPreviews } from "./previews";
import { reserveSignInLogoSpace } from "./sign-in-logo";
import { ownAuthEndpoint, type CmsSettings } from "./settings";

// Set by the build from its environment (CMS_BACKEND, CMS_REPO, CMS_PORT…).
declare const __CMS_SETTINGS__: CmsSettings;
// The stylesheet esbuild writes beside this script, which the preview frame loads.
declare const __CMS_PREVIEW_STYLE__: string;

type Decap = {
  init(options: { config: CmsConfig }): void;
  registerPreviewTemplate(name: string, component: unknown): void;
  registerPreviewStyle(href: string): void;
};

declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean;
    CMS?: Decap;
    createClass?: DecapGlobals["createClass"];
    h?: DecapGlobals["h"];
  }
}

window.CMS_MANUAL_INIT = true;

document.addEventListener("DOMContentLoaded", () => {
  const { CMS, createClass, h } = window;
  if (!CMS || !createClass || !h) throw new Error("decap-cms.js n'est pas chargé");
  const config = cmsConfig(__CMS_SETTINGS__);
  // The site's own sign-in answers on the admin's own origin, which the popup's messages
  // must come from (decap-cms-lib-auth compares it with base_url).
  if (config.backend.auth_endpoint === ownAuthEndpoint) {
    config.backend.base_url = window.location.origin;
  }
  reserveSignInLogoSpace(document);
  CMS.registerPreviewStyle(__CMS_PREVIEW_STYLE__);
  registerPreviews(CMS, { createClass, h });
  registerPagePreviews(CMS, { createClass, h });
  CMS.init({ config });
  showDeployNotice(document);
});

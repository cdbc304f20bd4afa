// The admin at /admin/: Decap CMS with this site's collections and previews. gatsby-plugin-decap-cms
// bundles it on its own, so none of it reaches the site's pages.
import "@fontsource-variable/public-sans";
import "../styles/global.css";
import CMS from "decap-cms-app";
import { cmsConfig } from "./config";
import { registerPagePreviews } from "./page-previews";
import { registerPreviews } from "./previews";
import type { CmsSettings } from "./settings";

// Set by gatsby-config.ts from the build's environment (CMS_BACKEND, CMS_REPO, CMS_PORT…).
declare const __CMS_SETTINGS__: CmsSettings;

registerPreviews(CMS);
registerPagePreviews(CMS);
CMS.init({ config: cmsConfig(__CMS_SETTINGS__) });

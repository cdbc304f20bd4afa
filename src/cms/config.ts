// The admin's configuration (Decap CMS): where it saves, and one collection per kind of content,
// each made from the content model by src/cms/model-fields.ts with its words in collections/.
import { signInLogoUrl } from "./sign-in-logo";
import type { CmsCollection, CmsConfig } from "./cms-types";
import { accessibilityCollection } from "./collections/accessibility";
import { clientsCollection } from "./collections/clients";
import { companyCollection } from "./collections/company";
import { figuresCollection } from "./collections/figures";
import { landingCollection } from "./collections/landing";
import { legalCollection } from "./collections/legal";
import { tenantsCollection } from "./collections/tenants";
import { testimonialsCollection } from "./collections/testimonials";
import type { CmsSettings } from "./settings";

/** The collections in the order of the admin's menu. */
export const collections: CmsCollection[] = [
  figuresCollection,
  testimonialsCollection,
  clientsCollection,
  landingCollection,
  companyCollection,
  legalCollection,
  accessibilityCollection,
  tenantsCollection,
];

/** The whole admin configuration, for the git host given by `settings`. */
export function cmsConfig(settings: CmsSettings): CmsConfig {
  return {
    // The collections are given here rather than in a config.yml the admin would fetch.
    load_config_file: false,
    locale: "fr",
    // The company's mark and name on the sign-in screen, not Decap's (./sign-in-logo.ts).
    logo_url: signInLogoUrl,
    backend: settings.backend,
    // Used only when the admin is opened on localhost, by `npm run cms`'s decap-server.
    local_backend: { url: settings.localBackendUrl },
    media_folder: "content/images",
    public_folder: "../images",
    // Drafts, reviews and publication: branches and pull requests on the git host.
    publish_mode: "editorial_workflow",
    collections,
  };
}

import { cmsAuthFunction } from "../../server/cms-auth/gatsby-function";

// GET /api/cms/callback: GitHub's answer, ending the admin's sign-in popup (src/server/cms-auth/).
export default cmsAuthFunction((auth) => auth.callback);

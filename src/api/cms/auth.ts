import { cmsAuthFunction } from "../../server/cms-auth/gatsby-function";

// GET /api/cms/auth: the admin's sign-in popup, sent on to GitHub (src/server/cms-auth/).
export default cmsAuthFunction((auth) => auth.start);

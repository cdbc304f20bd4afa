/** @jest-environment node */
import { resolve } from "node:path";
import { readServerConfig } from "../../config";
import { problemsOf } from "../../../test-utils/config-problems";

// Publishing on push as the server's environment turns it on (src/server/deploy/settings.ts).

test("deploys: on with DEPLOY_GIT_URL, DEPLOY_WEBHOOK_SECRET and CMS_REPO; half of them is refused in French", () => {
  expect(readServerConfig({}).deploy).toBeNull();
  const on = readServerConfig({
    DEPLOY_GIT_URL: "git@github.com:hestia/site.git",
    DEPLOY_WEBHOOK_SECRET: "0123456789abcdef0123",
    CMS_REPO: "hestia/site",
    npm_config_local_prefix: "/srv/site",
    PATH: "/usr/bin",
  }).deploy;
  expect(on).toMatchObject({
    gitUrl: "git@github.com:hestia/site.git",
    dir: resolve("data/deploy"),
    repository: "hestia/site",
    branch: "main",
    notifyTo: [],
    keepReleases: 5,
  });
  // The build runs with the server's environment, less what npm set for `npm run serve`.
  expect(on?.buildEnv).toMatchObject({ PATH: "/usr/bin", CONTENT_STRICT: "1" });
  expect(on?.buildEnv).not.toHaveProperty("npm_config_local_prefix");

  expect(problemsOf({ DEPLOY_GIT_URL: "/srv/git/site.git", CMS_REPO: "hestia/site" })).toEqual([
    expect.stringMatching(
      /^DEPLOY_GIT_URL et DEPLOY_WEBHOOK_SECRET vont ensemble : il manque DEPLOY_WEBHOOK_SECRET/,
    ),
  ]);
  expect(
    problemsOf({
      DEPLOY_WEBHOOK_SECRET: "0123456789abcdef0123",
      DEPLOY_GIT_URL: "/srv/git/site.git",
    }),
  ).toEqual([expect.stringMatching(/^CMS_REPO manque/)]);
  expect(
    problemsOf({
      DEPLOY_GIT_URL: "--upload-pack=touch /tmp/x",
      DEPLOY_WEBHOOK_SECRET: "court",
      CMS_REPO: "hestia/site",
      CMS_BRANCH: "main..other",
      DEPLOY_KEEP_RELEASES: "1",
    }),
  ).toEqual([
    "CMS_BRANCH « main..other » : attendu un nom de branche",
    "DEPLOY_GIT_URL : attendu une adresse git (SSH, HTTPS) ou un chemin",
    "DEPLOY_WEBHOOK_SECRET : attendu un secret d'au moins 16 caractères",
    "DEPLOY_KEEP_RELEASES « 1 » : attendu un nombre entier de versions, de 2 à 50",
  ]);
});

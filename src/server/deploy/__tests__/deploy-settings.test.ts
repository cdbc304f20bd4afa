/** @jest-environment node */
import { resolve } from "node:path";
import { readServerConfig } from "../../config";
import { problemsOf } from "../../../test-utils/config-problems";

// Publishing on push as the server's environment turns it on
// (src/server/deploy/deploy-settings.ts).

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
  // The build runs with what it needs of the server's environment, less what npm set for `npm run serve`.
  expect(on?.buildEnv).toMatchObject({
    PATH: "/usr/bin",
    CMS_REPO: "hestia/site",
    CONTENT_STRICT: "1",
  });
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

test("a deploy's build gets the build's variables, never the server's secrets, and the same whoever starts it", () => {
  const shared = {
    PATH: "/usr/bin",
    HOME: "/srv/site",
    LANG: "fr_FR.UTF-8",
    SITE_URL: "https://www.example.fr",
    GATSBY_API_URL: "https://api.example.fr",
    CMS_REPO: "hestia/site",
    CMS_BRANCH: "publication",
    GIT_SSH_COMMAND: "ssh -i /srv/site/.ssh/deploy",
  };
  const deploy = {
    DEPLOY_GIT_URL: "git@github.com:hestia/site.git",
    DEPLOY_WEBHOOK_SECRET: "0123456789abcdef0123",
  };
  const byTheServer = readServerConfig({
    ...shared,
    ...deploy,
    PORT: "9000",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    DATABASE_URL: "postgres://site:motdepasse@db:5432/site",
    SMTP_URL: "smtps://site:motdepasse@smtp.example.fr:465",
    QUOTE_NOTIFY_TO: "ventes@example.fr",
    QUOTE_MAIL_FROM: "Site <site@example.fr>",
    QUOTE_CHALLENGE_SECRET: "a challenge secret of enough length",
    CMS_GITHUB_CLIENT_ID: "Iv1.0123456789abcdef",
    CMS_GITHUB_CLIENT_SECRET: "0123456789abcdef0123456789abcdef01234567",
    INVOCATION_ID: "a1b2c3",
  }).deploy?.buildEnv;
  const byHand = readServerConfig({
    ...shared,
    ...deploy,
    TERM: "xterm-256color",
    SHLVL: "2",
    PWD: "/srv/site",
    SSH_CONNECTION: "192.0.2.1 52000 192.0.2.2 22",
    npm_lifecycle_event: "site",
  }).deploy?.buildEnv;

  const { HOME, GIT_SSH_COMMAND, ...forTheBuild } = shared;
  expect(byTheServer).toEqual({
    ...forTheBuild,
    CONTENT_STRICT: "1",
    GATSBY_TELEMETRY_DISABLED: "1",
  });
  expect(byHand).toEqual(byTheServer);
  // git and npm's download, outside the box, get what reaches the git host and the registry.
  const serverTools = readServerConfig({ ...shared, ...deploy }).deploy?.hostEnv;
  expect(serverTools).toMatchObject({ HOME, GIT_SSH_COMMAND, GIT_TERMINAL_PROMPT: "0" });
});

test("no proxy credential, agent socket, SSH command or npm setting reaches the build", () => {
  const env = {
    PATH: "/usr/bin",
    DEPLOY_GIT_URL: "git@github.com:hestia/site.git",
    DEPLOY_WEBHOOK_SECRET: "0123456789abcdef0123",
    CMS_REPO: "hestia/site",
    HTTPS_PROXY: "http://site:motdepasse@proxy.example.fr:3128",
    http_proxy: "http://site:motdepasse@proxy.example.fr:3128",
    SSH_AUTH_SOCK: "/run/user/1000/ssh-agent.sock",
    GIT_SSH: "/usr/local/bin/ssh-wrapper",
    GIT_SSH_COMMAND: "ssh -i /srv/site/.ssh/deploy",
    NODE_OPTIONS: "--require /srv/site/preload.js",
    npm_config_registry: "https://npm.example.fr/",
    npm_config__authToken: "npm_secret",
    npm_config_local_prefix: "/srv/site",
  };
  const deploy = readServerConfig(env).deploy!;
  expect(Object.keys(deploy.buildEnv).sort()).toEqual([
    "CMS_REPO",
    "CONTENT_STRICT",
    "GATSBY_TELEMETRY_DISABLED",
    "PATH",
  ]);
  expect(deploy.hostEnv).toMatchObject({
    HTTPS_PROXY: env.HTTPS_PROXY,
    SSH_AUTH_SOCK: env.SSH_AUTH_SOCK,
    npm_config_registry: env.npm_config_registry,
  });
  expect(deploy.hostEnv).not.toHaveProperty("npm_config_local_prefix");
  expect(deploy.hostEnv).not.toHaveProperty("NODE_OPTIONS");
});

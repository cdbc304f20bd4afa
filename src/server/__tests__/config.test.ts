/** @jest-environment node */
import { spawnSync } from "node:child_process";
import { nodeArgs } from "../../test-utils/compiled-server";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { readServerConfig } from "../config";
import { problemsOf } from "../../test-utils/config-problems";
import { configuredChannels } from "../delivery/delivery-config";
import { captureLog } from "../../test-utils/log-capture";
import { setProcessLogger } from "../log/logger";

// The server's environment, read once and checked (src/server/config.ts): every current variable
// keeps its name and default, and a value the server cannot run with stops it, named in French.

const email = {
  SMTP_URL: "smtp://relay.example:587",
  QUOTE_NOTIFY_TO: "a@x.fr, b@x.fr",
  QUOTE_MAIL_FROM: "Site <site@x.fr>",
};
const webhook = {
  QUOTE_WEBHOOK_URL: "https://crm.example/hook",
  QUOTE_WEBHOOK_SECRET: "whsec_c2VjcmV0",
};

test("an empty environment gives today's defaults", () => {
  const config = readServerConfig({});
  expect(config.http).toEqual({ port: 9000, host: "0.0.0.0", trustProxy: false });
  expect(config.store).toEqual({
    databaseUrl: null,
    databaseDir: resolve("data/leads"),
    functionsHost: null,
    // Each erasure is also written beside the backups (src/server/leads/erasure-file.ts).
    erasuresDir: resolve("data/backups"),
  });
  expect(config.spam.challengeSecret).toBeNull();
  expect(config.spam.rateLimits).toEqual({
    address: { max: 5, windowMs: 600_000 },
    email: { max: 3, windowMs: 86_400_000 },
  });
  expect(config.delivery).toEqual({
    email: null,
    webhook: null,
    teams: null,
    slack: null,
    teamUrl: null,
    siteUrl: "https://www.hestia-recouvrement.fr",
  });
  expect(config.retentionDays).toBe(1095);
  expect(config.backups).toEqual({ dir: resolve("data/backups"), keep: 14 });
  expect(config.logLevel).toBe("info");
});

test("set values are read, trimmed and typed", () => {
  const config = readServerConfig({
    ...email,
    ...webhook,
    QUOTE_ACK: "1",
    PORT: "8080",
    HOST: "127.0.0.1",
    TRUST_PROXY: "127.0.0.1, 10.0.0.0/8",
    DATABASE_URL: "postgres://u:p@db:5432/leads",
    QUOTE_RATE_LIMIT: "address=off",
    QUOTE_RETENTION_DAYS: "30",
    SITE_URL: "https://www.example.fr/",
    LOG_LEVEL: "warn",
    NETLIFY: "true",
    BACKUP_DIR: " /srv/sauvegardes ",
    BACKUP_KEEP: "168",
  });
  expect(config.http).toEqual({
    port: 8080,
    host: "127.0.0.1",
    trustProxy: "127.0.0.1,10.0.0.0/8",
  });
  expect(config.store.databaseUrl).toBe("postgres://u:p@db:5432/leads");
  expect(config.store.functionsHost).toBe("NETLIFY");
  expect(config.delivery.email?.to).toEqual(["a@x.fr", "b@x.fr"]);
  expect(config.delivery.siteUrl).toBe("https://www.example.fr");
  expect(configuredChannels(config.delivery)).toEqual(["email", "ack", "webhook"]);
  expect(config.spam.rateLimits.address).toBeNull();
  expect(config.retentionDays).toBe(30);
  expect(config.backups).toEqual({ dir: "/srv/sauvegardes", keep: 168 });
  expect(config.logLevel).toBe("warn");
});

test("TRUST_PROXY as a number of proxies trusts that many hops", () => {
  const { trustProxy } = readServerConfig({ TRUST_PROXY: "2" }).http;
  expect(typeof trustProxy).toBe("function");
  const trusts = trustProxy as (address: string, hop: number) => boolean;
  expect([trusts("10.0.0.1", 0), trusts("10.0.0.1", 1), trusts("10.0.0.1", 2)]).toEqual([
    true,
    true,
    false,
  ]);
});

it.each([
  [{}, []],
  [email, ["email"]],
  [{ ...email, QUOTE_ACK: "1" }, ["email", "ack"]],
  [{ ...email, QUOTE_ACK: "0" }, ["email"]],
  [webhook, ["webhook"]],
])("%j gives the channels %j", (env, channels) => {
  expect(configuredChannels(readServerConfig(env).delivery)).toEqual(channels);
});

it.each([
  ["PORT", "abc", "PORT « abc » : attendu un numéro de port, de 0 à 65535"],
  ["PORT", "70000", "PORT « 70000 » : attendu un numéro de port, de 0 à 65535"],
  [
    "TRUST_PROXY",
    "peut-être",
    "TRUST_PROXY « peut-être » : attendu true, false, un nombre de proxys, ou leurs adresses et plages CIDR séparées par des virgules",
  ],
  [
    "TRUST_PROXY",
    "10.0.0.0/33",
    "TRUST_PROXY « 10.0.0.0/33 » : attendu true, false, un nombre de proxys, ou leurs adresses et plages CIDR séparées par des virgules",
  ],
  [
    "QUOTE_RATE_LIMIT",
    "address=5 par minute",
    "QUOTE_RATE_LIMIT « address=5 par minute » : attendu par exemple address=5/10m,email=3/1d, address=off ou off (unités s, m, h, d, au moins 1 demande)",
  ],
  [
    "QUOTE_RETENTION_DAYS",
    "trois ans",
    "QUOTE_RETENTION_DAYS « trois ans » : attendu un nombre entier de jours, 1 au moins",
  ],
  [
    "QUOTE_RETENTION_DAYS",
    "0",
    "QUOTE_RETENTION_DAYS « 0 » : attendu un nombre entier de jours, 1 au moins",
  ],
  [
    "SITE_URL",
    "www.example.fr",
    "SITE_URL « www.example.fr » : attendu une adresse http(s) complète",
  ],
  ["QUOTE_ACK", "oui", "QUOTE_ACK « oui » : attendu 1 (accusé de réception) ou 0"],
  [
    "QUOTE_WEBHOOK_URL",
    "ftp://crm.example",
    "QUOTE_WEBHOOK_URL « ftp://crm.example » : attendu une adresse http(s) complète",
  ],
  [
    "QUOTE_NOTIFY_TO",
    "ventes@x.fr, commercial",
    "QUOTE_NOTIFY_TO « ventes@x.fr, commercial » : attendu des adresses email séparées par des virgules",
  ],
  [
    "QUOTE_MAIL_FROM",
    "site",
    "QUOTE_MAIL_FROM « site » : attendu une adresse email, seule ou « Nom <adresse> »",
  ],
  ["BACKUP_KEEP", "0", "BACKUP_KEEP « 0 » : attendu un nombre entier de copies, de 1 à 1000"],
  ["BACKUP_KEEP", "1001", "BACKUP_KEEP « 1001 » : attendu un nombre entier de copies, de 1 à 1000"],
  ["BACKUP_KEEP", "2,5", "BACKUP_KEEP « 2,5 » : attendu un nombre entier de copies, de 1 à 1000"],
  [
    "LOG_LEVEL",
    "verbose",
    "LOG_LEVEL « verbose » : attendu l'un de fatal, error, warn, info, debug, trace, silent",
  ],
])("%s=%j is refused, named in French", (name, value, message) => {
  expect(problemsOf({ [name]: value })).toEqual([message]);
});

test("a secret's value is never shown, only its name", () => {
  expect(problemsOf({ ...email, SMTP_URL: "http://user:motdepasse@relay.example" })).toEqual([
    "SMTP_URL : attendu une adresse smtp:// ou smtps://",
  ]);
  expect(problemsOf({ ...webhook, QUOTE_WEBHOOK_SECRET: "whsec_pas du base64!" })).toEqual([
    "QUOTE_WEBHOOK_SECRET : attendu whsec_ suivi d'une clé en base64",
  ]);
});

it.each([
  [{ SMTP_URL: "smtp://relay.example" }, "il manque QUOTE_NOTIFY_TO, QUOTE_MAIL_FROM"],
  [{ QUOTE_WEBHOOK_URL: "https://crm.example/hook" }, "il manque QUOTE_WEBHOOK_SECRET"],
])("half a channel, %j, is refused: %s", (env, missing) => {
  expect(problemsOf(env)).toEqual([expect.stringContaining(missing)]);
});

describe("TEAM_EMAILS", () => {
  const team = "Ventes@Exemple.fr:sales, dpo@exemple.fr:admin";
  const site = { SITE_URL: "https://www.exemple.fr" };

  test("gives each address, lowercased, its role", () => {
    const { team: members } = readServerConfig({ ...email, ...site, TEAM_EMAILS: team });
    expect([...members]).toEqual([
      ["ventes@exemple.fr", "sales"],
      ["dpo@exemple.fr", "admin"],
    ]);
    expect(readServerConfig({}).team.size).toBe(0);
  });

  it.each([
    "ventes@exemple.fr",
    "ventes@exemple.fr:boss",
    "a@b.fr:sales,a@b.fr:admin",
    "nom:sales",
  ])("%j is refused, named in French", (value) => {
    expect(problemsOf({ ...email, ...site, TEAM_EMAILS: value })).toEqual([
      expect.stringMatching(/^TEAM_EMAILS « .* » : attendu des adresses séparées par des virgules/),
    ]);
  });

  test("needs the SMTP relay that carries the links", () => {
    expect(problemsOf({ TEAM_EMAILS: team, ...site })).toEqual([
      expect.stringContaining("il faut aussi SMTP_URL, QUOTE_NOTIFY_TO et QUOTE_MAIL_FROM"),
    ]);
  });
});

describe("TEAM_URL", () => {
  test("is the inbox's origin, without a path; unset, the inbox is off", () => {
    expect(readServerConfig({}).teamUrl).toBeNull();
    expect(readServerConfig({ TEAM_URL: "https://Equipe.Exemple.fr/" }).teamUrl).toBe(
      "https://equipe.exemple.fr",
    );
    expect(readServerConfig({ TEAM_URL: "http://equipe.localhost:9000" }).teamUrl).toBe(
      "http://equipe.localhost:9000",
    );
    for (const wrong of ["equipe.exemple.fr", "https://exemple.fr/equipe/", "ftp://exemple.fr"]) {
      expect(problemsOf({ TEAM_URL: wrong })).toEqual([expect.stringContaining("TEAM_URL")]);
    }
  });

  test("is another origin than the site's", () => {
    expect(
      problemsOf({ TEAM_URL: "https://www.exemple.fr", SITE_URL: "https://www.exemple.fr/" }),
    ).toEqual([expect.stringContaining("TEAM_URL : la boîte des demandes a son origine à elle")]);
  });
});

describe("the drafts' previews", () => {
  const deploys = {
    DEPLOY_GIT_URL: "git@github.com:hestia/site.git",
    DEPLOY_WEBHOOK_SECRET: "a long secret of the webhook",
    CMS_REPO: "hestia/site",
  };

  test("PREVIEW_URL and DEPLOY_GITHUB_TOKEN come with deploys, and report on CMS_REPO through CMS_GITHUB_URL's API", () => {
    const token = "github_pat_11AAAAAAA0statuses_only";
    const { deploy } = readServerConfig({
      ...deploys,
      PREVIEW_URL: "https://{name}.apercu.exemple.fr",
      DEPLOY_GITHUB_TOKEN: token,
      CMS_GITHUB_URL: "https://github.exemple.fr",
    });
    expect(deploy?.previews?.origin("x")).toBe("https://x.apercu.exemple.fr");
    expect(deploy?.previews?.keep).toBe(10);
    expect(deploy?.statuses).toEqual({
      apiRoot: "https://github.exemple.fr/api/v3",
      repository: "hestia/site",
      token,
    });
    // A secret: what a deploy logs or emails never shows it.
    expect(deploy?.secrets).toContain(token);
    expect(deploy?.buildEnv).not.toHaveProperty("DEPLOY_GITHUB_TOKEN");
    expect(problemsOf({ PREVIEW_URL: "https://{name}.apercu.exemple.fr" })).toEqual([
      expect.stringContaining("PREVIEW_URL : les aperçus et les statuts de commit viennent"),
    ]);
  });

  test("PREVIEW_URL is refused when malformed, or when the site's or the team's host would be a preview", () => {
    expect(problemsOf({ ...deploys, PREVIEW_URL: "https://apercu.exemple.fr" })).toEqual([
      expect.stringContaining("PREVIEW_URL"),
    ]);
    expect(
      problemsOf({
        ...deploys,
        PREVIEW_URL: "http://{name}.localhost:9000",
        TEAM_URL: "http://equipe.localhost:9000",
      }),
    ).toEqual([
      expect.stringContaining("PREVIEW_URL : http://equipe.localhost:9000 en ferait un aperçu"),
    ]);
  });
});

test("metrics: off without a port; on loopback by default; beyond it, only with a token", () => {
  expect(readServerConfig({}).metrics).toBeNull();
  expect(readServerConfig({ METRICS_PORT: "9464" }).metrics).toEqual({
    port: 9464,
    host: "127.0.0.1",
    token: null,
  });
  expect(() => readServerConfig({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" })).toThrow(
    "METRICS_TOKEN manque : les métriques écoutent sur 0.0.0.0",
  );
  const token = "a scraper's token, long";
  expect(
    readServerConfig({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0", METRICS_TOKEN: token })
      .metrics,
  ).toEqual({ port: 9464, host: "0.0.0.0", token });
});

test("an unknown QUOTE_ variable (a typo leaves a default in force) is refused", () => {
  expect(problemsOf({ QUOTE_RATE_LIMT: "off" })).toEqual([
    "QUOTE_RATE_LIMT : variable inconnue (voir docs/configuration.md)",
  ]);
});

test("every problem is listed at once, one a line, under a French title", () => {
  expect(() => readServerConfig({ PORT: "x", QUOTE_ACK: "yes" })).toThrow(
    "Configuration invalide, rien n'est démarré :\n- PORT « x » : attendu un numéro de port, de 0 à 65535\n- QUOTE_ACK « yes » : attendu 1 (accusé de réception) ou 0",
  );
});

test("the environment itself is left as it was", () => {
  const env = { PORT: "8080", TRUST_PROXY: "1" };
  readServerConfig(env);
  expect(env).toEqual({ PORT: "8080", TRUST_PROXY: "1" });
});

test("npm run serve refuses to start: non-zero exit, the French message on the error output", () => {
  const result = spawnSync(process.execPath, nodeArgs("serve"), {
    env: { PATH: process.env.PATH, PORT: "neuf-mille", QUOTE_ACK: "oui" },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("Configuration invalide, rien n'est démarré :");
  expect(result.stderr).toContain(
    "- PORT « neuf-mille » : attendu un numéro de port, de 0 à 65535",
  );
  expect(result.stderr).toContain("- QUOTE_ACK « oui » : attendu 1 (accusé de réception) ou 0");
  expect(result.stdout).toBe("");
});

test("the Gatsby Function answers the French 500 and logs the French message", async () => {
  const captured = captureLog();
  setProcessLogger(captured.log);
  process.env.QUOTE_RETENTION_DAYS = "toujours";
  let handler: (req: unknown, res: unknown) => Promise<void> = async () => undefined;
  jest.isolateModules(() => {
    handler = jest.requireActual<{ default: typeof handler }>("../../api/contact").default;
  });
  delete process.env.QUOTE_RETENTION_DAYS;
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      messageText: "Votre demande n'a pas pu être enregistrée, veuillez réessayer",
    });
    const requestId = response.headers.get("x-request-id");
    expect(captured.lines).toEqual([
      expect.objectContaining({
        level: 50,
        reqId: requestId,
        msg: expect.stringContaining(
          "QUOTE_RETENTION_DAYS « toujours » : attendu un nombre entier de jours, 1 au moins",
        ),
      }),
    ]);
  } finally {
    await new Promise((done) => server.close(done));
  }
});

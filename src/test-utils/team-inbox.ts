import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import type { TeamMembers } from "../server/config-values";
import type { SqlLeadStore } from "../server/leads/sql-store";
import { TestSmtp } from "../../tests/pipeline/support/smtp";
import { embeddedStoreForFile } from "./file-store";
import { waitFor } from "./leads";
import { captureLog } from "./log-capture";
import { smallSite, testConfig, testServer } from "./test-server";

// The team inbox's tests, on the embedded store with a real SMTP listener in the test process
// (each file on its own port), emptied before each test; and, for those going through the
// production app (Fastify's inject), the app with a team, a form poster and a sign-in from the
// emailed link. The inbox's origin is http://localhost, the host inject's requests carry; the
// site's, http://127.0.0.1:9761, is asked for with its Host header.

export const team: TeamMembers = new Map([
  ["ventes@hestia.test", "sales"],
  ["dpo@hestia.test", "admin"],
]);

/** The token of the last sign-in link `smtp` received for `to`, within `timeoutMs`. */
export async function linkTokenIn(smtp: TestSmtp, to: string, timeoutMs = 5000): Promise<string> {
  const link = (mail: (typeof smtp.mails)[number]) =>
    JSON.stringify(mail.to).includes(to) && /jeton=/.test(mail.text ?? "");
  await waitFor(() => smtp.mails.some(link), timeoutMs, "the link's email");
  return /jeton=([A-Za-z0-9_-]{43})/.exec(smtp.mails.filter(link).at(-1)!.text ?? "")![1]!;
}

/**
 * Signs `email` in to `app`'s inbox, served on `host` (TEAM_URL's), through its emailed link, as a
 * member does: the session's cookie and form token.
 */
export async function signInByLink(
  app: FastifyInstance,
  smtp: TestSmtp,
  email: string,
  { host = "localhost", timeoutMs = 5000 } = {},
): Promise<{ cookie: string; csrf: string }> {
  const post = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: "POST",
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { host, "content-type": "application/x-www-form-urlencoded" },
    });
  await post("/equipe/lien", { email });
  const answer = await post("/equipe/connexion", {
    jeton: await linkTokenIn(smtp, email, timeoutMs),
  });
  expect(answer.statusCode).toBe(303);
  const cookie = String(answer.headers["set-cookie"]).split(";")[0]!;
  const inbox = await app.inject({ url: "/equipe/", headers: { host, cookie } });
  const csrf = /name="csrf" value="([^"]+)"/.exec(inbox.body)![1]!;
  return { cookie, csrf };
}

/** A store and an SMTP listener for the file's tests, started before them, stopped after. */
export function storeAndSmtp(smtpPort: number) {
  const smtp = new TestSmtp(smtpPort);
  const files = embeddedStoreForFile("team-data-");
  beforeAll(() => smtp.start());
  beforeEach(() => {
    smtp.mails.length = 0;
  });
  afterAll(() => smtp.stop());
  return {
    smtp,
    /** Opened before the file's first test. */
    get store(): SqlLeadStore {
      return files.store;
    },
  };
}

/** The production app with the inbox, rebuilt for each test (`reopen` gives it another team). */
export function teamApp(smtpPort: number) {
  const services = storeAndSmtp(smtpPort);
  const { smtp } = services;
  const site = "http://127.0.0.1:9761";
  let folder = "";
  const harness = {
    smtp,
    /** The site's origin, on which the inbox only redirects. */
    siteUrl: site,
    /** The inbox's origin (TEAM_URL): inject's requests come as Host: localhost. */
    teamUrl: "http://localhost",
    get store(): SqlLeadStore {
      return services.store;
    },
    app: undefined as unknown as FastifyInstance,
    logged: captureLog(),
    /** The app again, with another team. */
    async reopen(members: TeamMembers): Promise<void> {
      await close();
      harness.app = await appWith(members);
    },
    /** Posts a form as a browser does. */
    post(url: string, fields: Record<string, string>, extra: Partial<InjectOptions> = {}) {
      return harness.app.inject({
        method: "POST",
        url,
        payload: new URLSearchParams(fields).toString(),
        ...extra,
        headers: { "content-type": "application/x-www-form-urlencoded", ...extra.headers },
      });
    },
    /** The token of the last sign-in link emailed to `to`. */
    linkTokenOf: (to: string): Promise<string> => linkTokenIn(smtp, to),
    /** Signs `email` in through its emailed link: the session's cookie and form token. */
    signIn: (email: string) => signInByLink(harness.app, smtp, email),
  };

  async function close() {
    await harness.app?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }

  /** The server with the inbox on TEAM_URL, sending through the test's SMTP listener. */
  async function appWith(members: TeamMembers) {
    folder = mkdtempSync(join(tmpdir(), "team-"));
    harness.logged = captureLog();
    const config = testConfig(folder, {
      SITE_URL: site,
      TEAM_URL: harness.teamUrl,
      SMTP_URL: smtp.url,
      QUOTE_NOTIFY_TO: "ventes@hestia.test",
      QUOTE_MAIL_FROM: "site@hestia.test",
      QUOTE_ACK: "0",
    });
    // The team as given, an empty one included (TEAM_EMAILS unset).
    return testServer(
      { ...config, team: members },
      { publicDir: smallSite(folder), store: services.store, log: harness.logged.log },
    );
  }

  beforeEach(async () => {
    harness.app = await appWith(team);
  });
  afterEach(close);
  return harness;
}

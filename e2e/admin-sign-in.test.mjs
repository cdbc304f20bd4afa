// @ts-check
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer } from "node:http";
import { after, before, describe, it } from "node:test";
import { baseUrl, launch, openGitHubAdminPage, screenshotDir } from "./browser.mjs";
import { startGitHubStandIn } from "./github-stand-in.mjs";

// The admin's GitHub sign-in (src/server/cms-auth/) in Chromium, against a GitHub stand-in on
// loopback (e2e/github-stand-in.mjs) that the production server reaches through CMS_GITHUB_URL
// (e2e/run.mjs). The build must name the same GitHub (CMS_REPO=acme/site, CMS_GITHUB_URL).

const gitHubUrl = process.env.E2E_GITHUB_URL ?? "http://127.0.0.1:9401";
const foreignPort = Number(new URL(gitHubUrl).port) + 1;
const foreignOrigin = `http://127.0.0.1:${foreignPort}`;
const messages = {
  denied: "Connexion refusée sur GitHub",
  unverified: "Cette demande de connexion n'a pas pu être vérifiée",
  unreachable: "GitHub ne répond pas",
  refused: "GitHub a refusé la connexion",
};

/** @type {import("playwright-core").Browser} */
let browser;
/** @type {Awaited<ReturnType<typeof startGitHubStandIn>>} */
let github;
/** @type {import("node:http").Server} */
let foreign;

/**
 * A message the opener received, and the opener that records them (window.received).
 * @typedef {{ origin: string, data: string }} Received
 * @typedef {typeof window & { received: Received[] }} ListeningWindow
 */

before(async () => {
  github = await startGitHubStandIn({
    port: Number(new URL(gitHubUrl).port),
    clientId: "Iv1.e2e-client",
    clientSecret: "e2e-client-secret",
    repo: "acme/site",
  });
  // A page of another origin, which opens the sign-in popup as the admin would.
  foreign = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end("<!doctype html><title>Autre site</title><p>Autre site</p>");
  });
  foreign.listen(foreignPort, "127.0.0.1");
  await once(foreign, "listening");
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await github?.close();
  foreign?.closeAllConnections();
  foreign?.close();
});

/**
 * Makes `page` act as Decap's authenticator does (decap-cms-lib-auth): it records every message,
 * answers "authorizing:github" to the popup, and opens `url` in a popup. Resolves with the popup.
 * @param {import("playwright-core").Page} page
 * @param {string} url
 */
async function openPopupFrom(page, url) {
  await page.evaluate(() => {
    const opener = /** @type {ListeningWindow} */ (window);
    opener.received = [];
    opener.addEventListener("message", (event) => {
      opener.received.push({ origin: event.origin, data: String(event.data) });
      // That message comes from the popup: its source is a window.
      if (event.data === "authorizing:github") {
        /** @type {Window} */ (event.source).postMessage(event.data, "*");
      }
    });
  });
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    page.evaluate((target) => void window.open(target, "auth", "width=600,height=600"), url),
  ]);
  await popup.waitForLoadState();
  return popup;
}

/**
 * What the opener received from the popup, once every message the popup's script sent has
 * arrived: the popup then sends a last one, which comes after them.
 * @param {import("playwright-core").Page} page
 * @param {import("playwright-core").Page} popup
 */
async function receivedBy(page, popup) {
  await popup.evaluate(() => window.opener?.postMessage("fin-du-test", "*"));
  await page.waitForFunction(() =>
    /** @type {ListeningWindow} */ (window).received.some(
      (message) => message.data === "fin-du-test",
    ),
  );
  const received = await page.evaluate(() => /** @type {ListeningWindow} */ (window).received);
  return received.filter((message) => message.data !== "fin-du-test");
}

/** @param {Received[]} received */
const successes = (received) =>
  received.filter((message) => message.data.startsWith("authorization:github:success:"));

/** @param {Response} response a redirect */
function locationOf(response) {
  const location = response.headers.get("location");
  if (location === null)
    throw new Error(`${response.url} answered ${response.status}, no Location`);
  return location;
}

/** A state and its code that never passed through this browser (no cookie there). */
async function stateAndCodeElsewhere() {
  const start = await fetch(`${baseUrl}/api/cms/auth?provider=github`, { redirect: "manual" });
  const authorize = await fetch(locationOf(start), { redirect: "manual" });
  const callback = new URL(locationOf(authorize));
  return callback.search;
}

/**
 * Resolves once `popup` is closed. The whole popup flow runs on loopback and can end before the
 * test gets here: a close already seen counts, and otherwise the listener is set in the same tick
 * as the check, before Playwright can handle its next message.
 * @param {import("playwright-core").Page} popup
 */
function closed(popup) {
  if (popup.isClosed()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the popup is still open after 30 s")), 30_000);
    popup.once("close", () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}

describe("the admin's GitHub sign-in", () => {
  it("opens GitHub in a popup, hands the token to the admin, which signs in", async () => {
    const page = await openGitHubAdminPage(browser, { width: 1400, height: 900 });
    await page.goto(`${baseUrl}/admin/`);
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("button", { name: "Se connecter avec GitHub" }).click(),
    ]);
    await closed(popup);
    await page.getByRole("link", { name: "Contenus" }).waitFor();
    await page.getByRole("link", { name: "Flux" }).waitFor();
    await page.screenshot({ path: `${screenshotDir}/admin-github-signed-in.png` });
    // Our endpoint sent the popup to the authorize page with a state, which came back with the code.
    const authorize = github.authorizations.at(-1);
    assert.equal(authorize?.client_id, "Iv1.e2e-client");
    assert.equal(authorize?.redirect_uri, `${baseUrl}/api/cms/callback`);
    assert.equal(authorize?.scope, "repo");
    assert.match(authorize?.state ?? "", /^[\w-]{43}$/);
    assert.equal(github.exchanges.at(-1)?.client_secret, "e2e-client-secret");
    assert.deepEqual(
      page.foreignRequests.filter((url) => !url.startsWith(gitHubUrl)),
      [],
    );
  });

  it("ends a refusal on GitHub in the admin with the French reason, and no token", async () => {
    const page = await openGitHubAdminPage(browser);
    await page.goto(`${baseUrl}/admin/`);
    github.control.nextAuthorize = "deny";
    await page.getByRole("button", { name: "Se connecter avec GitHub" }).click();
    await page.getByText(messages.denied).waitFor();
    await page.getByRole("button", { name: "Se connecter avec GitHub" }).waitFor();
  });

  it("never hands the token to a page of another origin that opened the popup", async () => {
    const page = await openGitHubAdminPage(browser);
    await page.goto(foreignOrigin);
    const popup = await openPopupFrom(page, `${baseUrl}/api/cms/auth?provider=github`);
    await popup.waitForURL(`${baseUrl}/api/cms/callback?**`);
    await popup.getByRole("heading", { name: "Connexion à l'administration" }).waitFor();
    const received = await receivedBy(page, popup);
    assert.deepEqual(received, []);
  });

  /** @type {[string, (() => Promise<string>) | null, string, (() => unknown)?][]} */
  const failures = [
    ["a forged state", async () => `?code=abc&state=${"x".repeat(43)}`, messages.unverified],
    ["a state whose cookie this browser never got", stateAndCodeElsewhere, messages.unverified],
    [
      "a code already used",
      null,
      messages.refused,
      () => (github.control.nextAuthorize = "replay"),
    ],
    ["GitHub unreachable", null, messages.unreachable, () => github.dropNextExchange()],
  ];
  for (const [name, query, message, prepare] of failures) {
    it(`ends ${name} in the popup with a French message, and no token`, async () => {
      const page = await openGitHubAdminPage(browser);
      // A page of the site's own origin, listening as the admin does.
      await page.goto(`${baseUrl}/mentions-legales`);
      prepare?.();
      const url = query
        ? `${baseUrl}/api/cms/callback${await query()}`
        : `${baseUrl}/api/cms/auth?provider=github`;
      const popup = await openPopupFrom(page, url);
      if (!query) await popup.waitForURL(`${baseUrl}/api/cms/callback?**`);
      await popup.getByRole("alert").filter({ hasText: message }).waitFor();
      const received = await receivedBy(page, popup);
      assert.deepEqual(successes(received), []);
      // The admin is told why, in the protocol's error message.
      assert.ok(
        received.some(
          (entry) =>
            entry.data.startsWith("authorization:github:error:") && entry.data.includes(message),
        ),
        JSON.stringify(received),
      );
    });
  }
});

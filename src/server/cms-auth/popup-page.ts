import { createHash } from "node:crypto";

// The page the sign-in popup ends on. Its one script speaks the popup protocol of Decap CMS's
// authenticator (decap-cms-lib-auth): it says "authorizing:github" to the admin that opened it,
// and once the admin answers the same, hands it the outcome as
// "authorization:github:success:{…}" or "authorization:github:error:{…}". Both ways, messages go to
// and are taken from this site's own origin only: a page of another origin that opened the popup
// receives nothing.

/** Constant, so that its hash can be computed once; the outcome travels in a JSON data block. */
const script = `(function () {
  var opener = window.opener;
  if (!opener) return;
  var origin = window.location.origin;
  var result = JSON.parse(document.getElementById("cms-auth-result").textContent);
  var message = "authorization:github:" + result.status + ":" + JSON.stringify(result.content);
  window.addEventListener("message", function answer(event) {
    if (event.origin !== origin || event.source !== opener || event.data !== "authorizing:github") return;
    window.removeEventListener("message", answer);
    opener.postMessage(message, origin);
  });
  opener.postMessage("authorizing:github", origin);
})();`;

const scriptHash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

export type PopupOutcome =
  | { status: "success"; content: { token: string; provider: "github" } }
  | { status: "error"; content: { message: string } };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** JSON inside a script element: no "</script>" or "<!--" can close or alter it. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** The popup's HTML: the outcome in French for the person, and as a message for the admin. */
export function popupPage(outcome: PopupOutcome): string {
  const text =
    outcome.status === "success"
      ? "Connexion réussie : vous pouvez revenir à l'administration."
      : outcome.content.message;
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="robots" content="none">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Connexion à l'administration</title>
</head>
<body>
<main>
<h1>Connexion à l'administration</h1>
<p role="${outcome.status === "success" ? "status" : "alert"}">${escapeHtml(text)}</p>
</main>
<script type="application/json" id="cms-auth-result">${jsonForScript(outcome)}</script>
<script>${script}</script>
</body>
</html>
`;
}

/**
 * The popup page's own headers. Its policy allows its one script by hash and nothing else. It
 * keeps its opener (Cross-Origin-Opener-Policy: unsafe-none), which the handshake needs; it is
 * never cached, and sends no referrer, since its address carries the code.
 */
export const popupHeaders: Record<string, string> = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "content-security-policy": `default-src 'none'; script-src ${scriptHash}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  "cross-origin-opener-policy": "unsafe-none",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
};

import { redact, secretTexts, withoutUserInfo } from "../redact";

// What a deploy's status, email and log may show of the server's credentials: nothing.

test("a URL's user information goes, wherever the URL is in the text", () => {
  expect(
    withoutUserInfo(
      "fatal: unable to access 'https://x-access-token:ghp_abc123@github.com/hestia/site.git/': 403",
    ),
  ).toBe("fatal: unable to access 'https://github.com/hestia/site.git/': 403");
  expect(withoutUserInfo("ssh://git@github.com/hestia/site.git and smtp://u:p@relay:25")).toBe(
    "ssh://github.com/hestia/site.git and smtp://relay:25",
  );
  expect(withoutUserInfo("écrire à claire@hestia.test")).toBe("écrire à claire@hestia.test");
});

test("each secret variable's value, and the credentials inside a URL, are masked, decoded or not", () => {
  const secrets = secretTexts(
    {
      SMTP_URL: "smtps://ventes:p%40ss-du-relais@smtp.exemple.fr:465",
      DEPLOY_GIT_URL: "https://ghp_tokenalone123@github.com/hestia/site.git",
      DEPLOY_WEBHOOK_SECRET: "un secret de webhook assez long",
      SITE_URL: "https://www.exemple.fr",
    },
    ["SMTP_URL", "DEPLOY_GIT_URL", "DEPLOY_WEBHOOK_SECRET", "DATABASE_URL"],
  );
  const text = [
    "relay p@ss-du-relais refused",
    "token ghp_tokenalone123 in git's words",
    "the secret un secret de webhook assez long printed",
    "the site https://www.exemple.fr",
  ].join("\n");
  expect(redact(text, secrets)).toBe(
    [
      "relay *** refused",
      "token *** in git's words",
      "the secret *** printed",
      "the site https://www.exemple.fr",
    ].join("\n"),
  );
});

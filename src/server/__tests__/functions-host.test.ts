/**
 * @jest-environment node
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readServerConfig } from "../config";
import { openLeadStore } from "../leads/open-store";
import { answerRawRequest } from "../quote-endpoint";
import { parseRateLimits } from "../spam/rate-limit";
import { personHeaders, testChallengeSecret } from "../../test-utils/anti-bot";
import { captureLog } from "../../test-utils/log-capture";

// On a functions host the disk does not keep what is written: without DATABASE_URL the endpoint
// must refuse (a French 500, DATABASE_URL named in the log) rather than answer 201 for a lead
// written where it will vanish.

const folder = mkdtempSync(join(tmpdir(), "functions-host-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const body = JSON.stringify({
  firstName: "Éloïse",
  lastName: "Lefèvre",
  email: "eloise@habitat.fr",
  phone: "+596 696 12 34 56",
  company: "Martinique Habitat",
  message: "Nous souhaitons un devis pour 1 200 logements.",
  rgpd: true,
});

async function post(
  env: Record<string, string>,
  log = captureLog().log,
  store = () => openLeadStore(readServerConfig(env).store),
) {
  // As the site's form sends it: a solved anti-bot challenge and the typing time.
  const person = Object.fromEntries(
    Object.entries(await personHeaders()).map(([name, value]) => [name.toLowerCase(), value]),
  );
  // As the Gatsby Function answers: the store opened for the request, its failure a 500.
  return answerRawRequest(
    {
      method: "POST",
      headers: { "content-type": "application/json", ...person },
      body: Buffer.from(body),
      clientAddress: "127.0.0.1",
      log,
    },
    async () => ({
      store: await store(),
      spam: { secret: testChallengeSecret, limits: parseRateLimits("off") },
    }),
  );
}

it.each([
  ["AWS_LAMBDA_FUNCTION_NAME", "contact"],
  ["NETLIFY", "true"],
  ["LAMBDA_TASK_ROOT", "/var/task"],
])(
  "with %s set and no DATABASE_URL: 500 in French, DATABASE_URL in the log, no database",
  async (name, value) => {
    const { log, lines } = captureLog();
    const answer = await post({ [name]: value, QUOTE_DATABASE_DIR: join(folder, name) }, log);
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      messageText: "Votre demande n'a pas pu être enregistrée, veuillez réessayer",
    });
    const errors = lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    const line = String(errors[0]?.msg);
    expect(line).toContain("DATABASE_URL");
    expect(line).toContain(name);
    expect(line).not.toContain("\n");
    expect(readdirSync(folder)).not.toContain(name);
  },
);

test("on a server whose disk lasts, the same request is stored in the embedded database", async () => {
  const env = { QUOTE_DATABASE_DIR: join(folder, "server") };
  const store = await openLeadStore(readServerConfig(env).store);
  const answer = await post(env, undefined, async () => store);
  expect(answer.status).toBe(201);
  expect((await store.leads.list()).map((lead) => lead.id)).toEqual([
    (answer.body as { id: string }).id,
  ]);
  await store.close();
  // A database created on the way: initdb takes seconds, tens on a busy machine.
}, 300_000);

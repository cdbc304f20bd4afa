import { Webhook } from "standardwebhooks";
import { readServerConfig } from "../../src/server/config";
import { DeliveryRunner } from "../../src/server/delivery/runner";
import { makeLead, sampleRequest } from "./support/leads";
import { deliveryServices } from "./support/delivery-services";
import { postgresStore } from "./support/stores";
import { captureLog } from "../../src/test-utils/log-capture";

const deliveryConfig = (env: Record<string, string>) => readServerConfig(env).delivery;

// The delivery runner against a real database, a real SMTP listener and a real HTTP receiver:
// what sales and the visitor read, the signed webhook, and every fault retried to exactly one
// delivery per channel.

const services = deliveryServices(9611);
const { postgres, smtp, receiver, secret, store } = services;

const env = {
  ...services.env,
  QUOTE_NOTIFY_TO: "ventes@hestia.test, direction@hestia.test",
  QUOTE_MAIL_FROM: "Site Hestia <site@hestia.test>",
  QUOTE_ACK: "1",
  SITE_URL: "https://www.exemple.fr",
};

let clock = Date.now();
// What the runner logs (src/server/log/logger.ts), kept per test in memory.
let logged = captureLog();
beforeEach(() => {
  logged = captureLog();
});
const runner = () =>
  new DeliveryRunner(store.deliveries, {
    config: deliveryConfig(env),
    log: logged.log,
    now: () => new Date(clock),
    leaseMs: 10_000,
  });

async function saveLead(lead = makeLead({}, { channels: ["email", "ack", "webhook"] })) {
  await store.leads.save(lead);
  return lead;
}

beforeEach(async () => {
  // Runners of one test share one clock: a clock hours ahead would see others' leases expired.
  clock = Date.now();
  smtp.mails.length = 0;
  receiver.calls.length = 0;
  receiver.answers.length = 0;
  await store.database.query("DELETE FROM leads");
});

test("sales get every field in text and HTML, the visitor an acknowledgement, the CRM a signed call", async () => {
  const lead = await saveLead();
  const delivery = runner();
  expect(await delivery.runOnce()).toEqual({ sent: 3, failed: 0, leads: 1 });
  await delivery.close();

  const sales = smtp.mails.find((mail) => mail.subject?.startsWith("Demande de devis"));
  expect(sales?.subject).toBe(
    "Demande de devis : Habitat Réunion & Océan <SEM> — Éloïse Lefèvre-N'Diaye",
  );
  expect(sales?.replyTo?.value[0]?.address).toBe(sampleRequest.email);
  expect(sales?.to && !Array.isArray(sales.to) ? sales.to.value.map((a) => a.address) : []).toEqual(
    ["ventes@hestia.test", "direction@hestia.test"],
  );
  expect(sales?.messageId).toMatch(/^<devis-sales-[0-9a-f]{32}@hestia\.test>$/);
  for (const value of Object.values(sampleRequest)) {
    if (typeof value === "string") expect(sales?.text).toContain(value);
  }
  // HTML-escaped: the visitor's "<SEM>" is text, not a tag.
  expect(sales?.html).toContain("Habitat Réunion &amp; Océan &lt;SEM&gt;");
  expect(sales?.html).not.toContain("<SEM>");
  // Paris time, whatever the server's time zone.
  const paris = new Intl.DateTimeFormat("fr-FR", {
    timeZone: "Europe/Paris",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(lead.receivedAt));
  expect(sales?.text).toContain(paris.replace(" ", ":"));
  expect(sales?.text).toContain("heure de Paris");

  const ack = smtp.mails.find((mail) => mail.messageId?.startsWith("<devis-ack-"));
  expect(ack?.to && !Array.isArray(ack.to) ? ack.to.value[0]?.address : "").toBe(
    sampleRequest.email,
  );
  expect(ack?.text).toContain("sous 24 heures");
  expect(ack?.text).toContain("01 99 00 12 34");
  expect(ack?.text).not.toContain("COMPLÉTER");
  expect(ack?.html).toContain('href="https://www.exemple.fr/politique-confidentialite"');
  expect(ack?.text).toContain(sampleRequest.message);

  expect(receiver.calls).toHaveLength(1);
  expect(receiver.calls[0]?.verified).toBe(true);
  expect(receiver.calls[0]?.payload).toEqual({
    type: "quote_request.created",
    timestamp: lead.receivedAt,
    data: { id: lead.id, receivedAt: lead.receivedAt, requestId: null, ...sampleRequest },
  });

  const stored = await store.leads.get(lead.id);
  expect(Object.values(stored!.deliveries).map((d) => d.state)).toEqual(["sent", "sent", "sent"]);
});

test("a signature made with another secret does not verify", async () => {
  await saveLead();
  const delivery = new DeliveryRunner(store.deliveries, {
    config: deliveryConfig({
      ...env,
      QUOTE_WEBHOOK_SECRET: `whsec_${Buffer.from("another").toString("base64")}`,
    }),
  });
  await delivery.runOnce();
  await delivery.close();
  expect(receiver.calls[0]?.verified).toBe(false);
  expect(() => new Webhook(secret)).not.toThrow();
});

test("SMTP down: the lead waits; once SMTP is back, a retry sends it once", async () => {
  await smtp.stop();
  const lead = await saveLead();
  const delivery = runner();
  expect(await delivery.runOnce()).toEqual({ sent: 1, failed: 2, leads: 1 });
  const pending = (await store.leads.get(lead.id))!.deliveries.email!;
  expect(pending).toMatchObject({ state: "pending", attempts: 1 });
  expect(pending.lastError).toMatch(/ECONNREFUSED/);
  // Within its back-off, a run passing by leaves it.
  clock += 11_000;
  expect((await delivery.runOnce()).leads).toBe(0);

  await smtp.start();
  expect(await delivery.runOnce({ ignoreBackOff: true })).toEqual({ sent: 2, failed: 0, leads: 1 });
  clock += 3_600_000;
  expect((await delivery.runOnce({ ignoreBackOff: true })).leads).toBe(0);
  await delivery.close();
  expect(smtp.mails).toHaveLength(2);
  expect(receiver.calls).toHaveLength(1);
});

test("the webhook answering 500, then timing out, then 200: delivered once, signature valid", async () => {
  const lead = await saveLead(makeLead({}, { channels: ["webhook"] }));
  receiver.answers.push({ status: 500 }, "hang", { status: 200 });
  const delivery = runner();
  const webhookAfterNextRun = async () => {
    clock += 3_600_000;
    await delivery.runOnce();
    return (await store.leads.get(lead.id))!.deliveries.webhook!;
  };
  expect(await webhookAfterNextRun()).toMatchObject({ state: "pending", attempts: 1 });
  // The receiver never answers the second call: the run ends because the webhook's own timeout
  // cut it, and says so (without a timeout this run would never end).
  const afterHang = await webhookAfterNextRun();
  expect(afterHang).toMatchObject({ state: "pending", attempts: 2 });
  expect(afterHang.lastError).toMatch(/timeout/i);
  expect(await webhookAfterNextRun()).toMatchObject({ state: "sent", attempts: 3 });
  clock += 3_600_000;
  expect((await delivery.runOnce()).leads).toBe(0);
  await delivery.close();

  expect(receiver.calls).toHaveLength(3);
  expect(receiver.calls.every((call) => call.verified)).toBe(true);
  expect(receiver.verifiedIds()).toEqual([`msg_${lead.id}`]);
  const webhook = (await store.leads.get(lead.id))!.deliveries.webhook!;
  expect(webhook).toMatchObject({ state: "sent", attempts: 3 });
  expect(logged.lines.filter((line) => line.level >= 40).map((line) => String(line.msg))).toEqual([
    expect.stringContaining("webhook answered 500"),
    expect.stringMatching(/TimeoutError/),
  ]);
});

test("two runners racing over 40 leads deliver each channel exactly once", async () => {
  for (let i = 0; i < 40; i += 1) await saveLead(makeLead({}, { channels: ["email", "webhook"] }));
  const a = runner();
  const otherProcess = postgresStore(postgres.url);
  const b = new DeliveryRunner(otherProcess.deliveries, { config: deliveryConfig(env) });
  await Promise.all([a.kick(), b.kick(), a.kick(), b.kick()]);
  await Promise.all([a.close(), b.close()]);
  await otherProcess.close();
  expect(smtp.mails).toHaveLength(40);
  expect(new Set(smtp.mails.map((mail) => mail.messageId)).size).toBe(40);
  expect(receiver.calls).toHaveLength(40);
  expect(receiver.verifiedIds()).toHaveLength(40);
});

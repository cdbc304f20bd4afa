/** @jest-environment node */
import { makeLead, waitFor } from "../../../test-utils/leads";
import { storeAndSmtp } from "../../../test-utils/team-inbox";
import { takeLead } from "../../leads/actions";
import { oneWorkingDayBefore, sendQuarantineDigest } from "../quarantine-digest";
import { findSession, issueLink, startSession } from "../sign-in";

// What depends on the clock: a link's 15 minutes, a session's 12 hours, and the quarantine's
// email, once a day from 9 o'clock in Paris. Each on the embedded store, with a real SMTP
// listener for the email.

const t = storeAndSmtp(9765);
const team = new Map([["ventes@hestia.test", "sales" as const]]);

/** A link emailed at `at`: its token. */
async function linkAt(at: Date): Promise<string> {
  let token = "";
  await issueLink(
    t.store,
    team,
    "ventes@hestia.test",
    async (_to, sent) => {
      token = sent;
    },
    at,
  );
  return token;
}

const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

test("a link works for 15 minutes, once", async () => {
  const at = new Date("2026-11-26T10:00:00Z");
  expect(await startSession(t.store, team, await linkAt(at), minutes(at, 15.5))).toBeUndefined();
  const token = await linkAt(at);
  expect(await startSession(t.store, team, token, minutes(at, 14))).toBeDefined();
  expect(await startSession(t.store, team, token, minutes(at, 14))).toBeUndefined();
});

test("a session lasts 12 hours, and ends when its address leaves TEAM_EMAILS", async () => {
  const at = new Date("2026-11-26T10:00:00Z");
  const started = (await startSession(t.store, team, await linkAt(at), at))!;
  expect(await findSession(t.store, team, started.secret, minutes(at, 12 * 60 - 1))).toBeDefined();
  expect(
    await findSession(t.store, team, started.secret, minutes(at, 12 * 60 + 1)),
  ).toBeUndefined();
  expect(await findSession(t.store, new Map(), started.secret, minutes(at, 1))).toBeUndefined();
  expect(await findSession(t.store, team, "C".repeat(43), minutes(at, 1))).toBeUndefined();
});

describe("the quarantine's daily email", () => {
  const email = {
    smtpUrl: t.smtp.url,
    to: ["ventes@hestia.test"],
    from: "site@hestia.test",
    ack: false,
  };
  const site = "https://www.exemple.fr";
  const inbox = { url: site, members: ["ventes@hestia.test"] };
  // 10:30 in Paris (UTC+1 in November).
  const morning = new Date("2026-11-26T09:30:00Z");

  test("none while the quarantine is empty", async () => {
    await t.store.leads.save(makeLead());
    expect(await sendQuarantineDigest(t.store, email, inbox, morning)).toBe("empty");
    expect(t.smtp.mails).toHaveLength(0);
  });

  test("once a day from 9 o'clock in Paris, saying how many, with the inbox's link", async () => {
    for (const reason of ["rempli en 0,8 s", "rempli en 1,1 s"]) {
      await t.store.leads.save({ ...makeLead(), quarantine: { reason } });
    }
    expect(
      await sendQuarantineDigest(t.store, email, inbox, new Date("2026-11-26T07:30:00Z")),
    ).toBe("too-early");
    expect(await sendQuarantineDigest(t.store, email, inbox, morning)).toBe("sent");
    expect(await sendQuarantineDigest(t.store, email, inbox, minutes(morning, 60))).toBe(
      "already-sent",
    );
    await waitFor(() => t.smtp.mails.length > 0, 5000, "the quarantine's email");
    expect(t.smtp.mails).toHaveLength(1);
    expect(t.smtp.mails[0]!.subject).toBe("2 demandes de devis attendent en quarantaine");
    expect(t.smtp.mails[0]!.text).toContain(`${site}/equipe/?quarantaine=oui`);
    // The next day, again; a relay down gives the day back, and the next check sends it.
    const nextDay = minutes(morning, 24 * 60);
    const down = { ...email, smtpUrl: "smtp://127.0.0.1:1" };
    await expect(sendQuarantineDigest(t.store, down, inbox, nextDay)).rejects.toThrow();
    expect(await sendQuarantineDigest(t.store, email, inbox, minutes(nextDay, 60))).toBe("sent");
  });

  test("names the accepted requests no one has taken for a working day, until someone does", async () => {
    const waiting = {
      ...makeLead({ company: "OPH de Vannes" }),
      receivedAt: "2026-11-24T09:00:00.000Z",
    };
    const fresh = {
      ...makeLead({ company: "SEM du jour" }),
      receivedAt: "2026-11-26T09:45:00.000Z",
    };
    await t.store.leads.save(waiting);
    await t.store.leads.save(fresh);
    const thursday = new Date("2026-11-26T09:30:00Z");
    expect(await sendQuarantineDigest(t.store, email, inbox, thursday)).toBe("sent");
    await waitFor(() => t.smtp.mails.length > 0, 5000, "the daily email");
    const mail = t.smtp.mails[0]!;
    expect(mail.subject).toBe("1 demande attend un responsable");
    expect(mail.text).toContain(
      `- OPH de Vannes, reçue le 24 novembre 2026 : ${site}/equipe/demandes/${waiting.id}`,
    );
    expect(mail.text).not.toContain("SEM du jour");
    // Taken: nothing left to say the next day.
    await takeLead(t.store, { name: "ventes@hestia.test", requestId: null }, waiting.id);
    expect(await sendQuarantineDigest(t.store, email, inbox, minutes(thursday, 24 * 60))).toBe(
      "empty",
    );
    // Without the inbox, no one can take a request: the email names none.
    expect(await sendQuarantineDigest(t.store, email, null, minutes(thursday, 48 * 60))).toBe(
      "empty",
    );
  });

  test("names a request whose owner has left the team as waiting for one, until someone takes it", async () => {
    const left = {
      ...makeLead({ company: "ESH du Léon" }),
      receivedAt: "2026-11-24T09:00:00.000Z",
    };
    await t.store.leads.save(left);
    // Taken by someone who was in TEAM_EMAILS then, and is no longer.
    await takeLead(t.store, { name: "ancien@hestia.test", requestId: null }, left.id);
    const friday = new Date("2026-11-27T09:30:00Z");
    expect(await sendQuarantineDigest(t.store, email, inbox, friday)).toBe("sent");
    await waitFor(() => t.smtp.mails.length > 0, 5000, "the daily email");
    expect(t.smtp.mails[0]!.subject).toBe("1 demande attend un responsable");
    expect(t.smtp.mails[0]!.text).toContain(
      `- ESH du Léon, reçue le 24 novembre 2026 : ${site}/equipe/demandes/${left.id}`,
    );
    // Still a member: the request is theirs, the email says nothing.
    const stayed = { ...inbox, members: ["ventes@hestia.test", "ancien@hestia.test"] };
    expect(await sendQuarantineDigest(t.store, email, stayed, minutes(friday, 3 * 24 * 60))).toBe(
      "empty",
    );
    // Anyone may take it from one who left; then it is no longer waiting.
    expect(
      await takeLead(
        t.store,
        { name: "ventes@hestia.test", requestId: null },
        left.id,
        inbox.members,
      ),
    ).toMatchObject({ outcome: "changed", previous: "ancien@hestia.test" });
    expect(await sendQuarantineDigest(t.store, email, inbox, minutes(friday, 4 * 24 * 60))).toBe(
      "empty",
    );
  });

  test("counts a working day over the weekend", () => {
    expect(oneWorkingDayBefore(new Date("2026-11-30T09:30:00Z")).toISOString()).toBe(
      "2026-11-27T09:30:00.000Z",
    );
    expect(oneWorkingDayBefore(new Date("2026-11-26T09:30:00Z")).toISOString()).toBe(
      "2026-11-25T09:30:00.000Z",
    );
  });
});

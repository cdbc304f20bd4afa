import { beforeEach, describe, expect, test } from "@jest/globals";
import { createHash, randomBytes } from "node:crypto";
import type { TeamSession } from "../../server/leads/lead-store";
import type { Engine } from "./engines";

// The team records' contract (src/server/leads/lead-store.ts, TeamRecords: the inbox's sign-in
// links, sessions and daily digest claim), run against every engine: the embedded one in npm
// test, PostgreSQL in npm run test:pipeline.

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** A secret's SHA-256, as the inbox stores links and sessions. */
const hashOf = () => createHash("sha256").update(randomBytes(32)).digest("hex");

export function teamRecordsContract(name: string, engine: () => Engine): void {
  describe(`team records on ${name}`, () => {
    beforeEach(() => engine().clear());

    const now = new Date("2026-03-02T09:00:00.000Z");
    const link = (email: string, createdAt = now) => ({
      tokenHash: hashOf(),
      email,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 15 * minute),
    });

    test("a link works once, before it expires; an unknown one never", async () => {
      const { store, second } = engine();
      const used = link("ventes@exemple.fr");
      const expired = link("ventes@exemple.fr");
      const lastMoment = link("dpo@exemple.fr");
      for (const each of [used, expired, lastMoment]) await store.team.createLink(each);
      expect(await store.team.useLink(used.tokenHash, now)).toEqual({ email: "ventes@exemple.fr" });
      expect(await store.team.useLink(used.tokenHash, now)).toBeUndefined();
      expect(await second.team.useLink(used.tokenHash, now)).toBeUndefined();
      // Expired at its expiry, not a millisecond before.
      expect(await store.team.useLink(expired.tokenHash, expired.expiresAt)).toBeUndefined();
      const justBefore = new Date(lastMoment.expiresAt.getTime() - 1);
      expect(await second.team.useLink(lastMoment.tokenHash, justBefore)).toEqual({
        email: "dpo@exemple.fr",
      });
      expect(await store.team.useLink(hashOf(), now)).toBeUndefined();
      expect(await store.team.useLink("'; DELETE FROM sign_in_links; --", now)).toBeUndefined();
    });

    test("two processes using one link at the same moment: one wins", async () => {
      const { store, second } = engine();
      const links = Array.from({ length: 10 }, (_, i) => link(`ventes+${i}@exemple.fr`));
      for (const each of links) await store.team.createLink(each);
      for (const each of links) {
        const outcomes = await Promise.all([
          store.team.useLink(each.tokenHash, now),
          second.team.useLink(each.tokenHash, now),
          store.team.useLink(each.tokenHash, now),
          second.team.useLink(each.tokenHash, now),
        ]);
        expect(outcomes.filter((outcome) => outcome !== undefined)).toEqual([
          { email: each.email },
        ]);
      }
    });

    test("a session is found until it expires or ends, by every process", async () => {
      const { store, second } = engine();
      const session: TeamSession = {
        email: "dpo@exemple.fr",
        role: "admin",
        csrf: randomBytes(32).toString("base64url"),
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + 12 * hour).toISOString(),
      };
      const idHash = hashOf();
      await store.team.createSession({ ...session, idHash });
      expect(await second.team.findSession(idHash, now)).toEqual(session);
      const justBefore = new Date(Date.parse(session.expiresAt) - 1);
      expect(await store.team.findSession(idHash, justBefore)).toEqual(session);
      expect(await store.team.findSession(idHash, new Date(session.expiresAt))).toBeUndefined();
      expect(await store.team.findSession(hashOf(), now)).toBeUndefined();

      const other = hashOf();
      await store.team.createSession({ ...session, role: "sales", idHash: other });
      expect((await store.team.findSession(other, now))?.role).toBe("sales");
      await second.team.endSession(other, now);
      expect(await store.team.findSession(other, now)).toBeUndefined();
      // Ending it again, or ending an unknown session, changes nothing and does not fail.
      await store.team.endSession(other, new Date(now.getTime() + minute));
      await store.team.endSession(hashOf(), now);
      expect(await second.team.findSession(idHash, now)).toEqual(session);
      await expect(
        store.team.createSession({ ...session, role: "root" as "admin", idHash: hashOf() }),
      ).rejects.toThrow();

      // An address gone from TEAM_EMAILS: its sessions end, the others' stay.
      const removed = hashOf();
      await store.team.createSession({ ...session, email: "parti@exemple.fr", idHash: removed });
      expect(await second.team.endSessionsExcept(["dpo@exemple.fr"], now)).toBe(1);
      expect(await store.team.findSession(removed, now)).toBeUndefined();
      expect(await store.team.findSession(idHash, now)).toEqual(session);
      expect(await store.team.endSessionsExcept([], now)).toBe(1);
      expect(await store.team.findSession(idHash, now)).toBeUndefined();
    });

    test("the digest is claimed once a day, by one of two processes claiming together", async () => {
      const { store, second } = engine();
      const claims = await Promise.all([
        store.team.claimDigest("2026-03-02", now),
        second.team.claimDigest("2026-03-02", now),
        store.team.claimDigest("2026-03-02", now),
        second.team.claimDigest("2026-03-02", now),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await store.team.claimDigest("2026-03-02", new Date(now.getTime() + hour))).toBe(
        false,
      );
      expect(await second.team.claimDigest("2026-03-03", new Date(now.getTime() + day))).toBe(true);
      expect(await store.team.claimDigest("2026-03-03", new Date(now.getTime() + day))).toBe(false);
    });

    test("the purge deletes links and sessions a day after they expired or ended, and erase none", async () => {
      const { store } = engine();
      const at = (ms: number) => new Date(now.getTime() + ms);
      const oldLink = link("ventes@exemple.fr", at(-2 * day));
      const recentLink = link("ventes@exemple.fr", at(-hour));
      await store.team.createLink(oldLink);
      await store.team.createLink(recentLink);
      const session = (idHash: string, createdAt: Date, hours: number) =>
        store.team.createSession({
          idHash,
          email: "ventes@exemple.fr",
          role: "sales",
          csrf: "csrf",
          createdAt: createdAt.toISOString(),
          expiresAt: new Date(createdAt.getTime() + hours * hour).toISOString(),
        });
      await session("expired-long-ago", at(-3 * day), 12);
      await session("ended-long-ago", at(-2 * day), 12);
      await store.team.endSession("ended-long-ago", at(-2 * day + hour));
      await session("ended-recently", at(-2 * hour), 12);
      await store.team.endSession("ended-recently", at(-hour));
      await session("open", at(-hour), 12);
      await store.leads.erase("ventes@exemple.fr");
      await store.leads.purge(new Date(0), now);
      const left = async (sql: string) =>
        (await store.database.query<{ key: string }>(sql)).rows.map((row) => row.key).sort();
      expect(await left("SELECT token_hash AS key FROM sign_in_links")).toEqual([
        recentLink.tokenHash,
      ]);
      expect(await left("SELECT id_hash AS key FROM team_sessions")).toEqual([
        "ended-recently",
        "open",
      ]);
    });
  });
}

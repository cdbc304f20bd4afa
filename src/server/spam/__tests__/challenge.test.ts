/** @jest-environment node */
import { deriveKey } from "altcha-lib/algorithms/sha";
import { solveChallenge } from "altcha-lib";
import type { Challenge } from "altcha-lib/types";
import { challengeLifetimeMs, issueChallenge, verifyAltchaHeader } from "../challenge";

// The real altcha-lib on both sides: a challenge issued here, solved by ALTCHA's reference solver,
// sent back as the base64 payload the form's worker sends.

const secret = "test secret, long enough to sign with";

async function solvedPayload(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("no solution");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

describe("the ALTCHA challenge", () => {
  it("accepts a solved challenge, and says when it was issued and when it expires", async () => {
    const issuedAt = new Date();
    const challenge = await issueChallenge(secret, issuedAt);
    const check = await verifyAltchaHeader(await solvedPayload(challenge), secret);
    expect(check).toEqual({
      ok: true,
      nonce: challenge.parameters.nonce,
      issuedAt,
      expiresAt: new Date(Math.floor((issuedAt.getTime() + challengeLifetimeMs) / 1000) * 1000),
    });
  });

  it.each([
    ["no header", undefined, "missing"],
    ["an empty header", "", "missing"],
    ["something that is not base64 JSON", "bm90IGpzb24=", "malformed"],
    ["JSON of the wrong shape", Buffer.from('{"a":1}').toString("base64"), "malformed"],
  ])("refuses %s", async (_name, header, failure) => {
    expect(await verifyAltchaHeader(header, secret)).toEqual({ ok: false, failure });
  });

  it("refuses a challenge signed with another secret", async () => {
    const challenge = await issueChallenge("another secret");
    expect(await verifyAltchaHeader(await solvedPayload(challenge), secret)).toEqual({
      ok: false,
      failure: "invalid",
    });
  });

  it("refuses a wrong solution, and a challenge whose counter was lowered", async () => {
    const challenge = await issueChallenge(secret);
    const payload = JSON.parse(
      Buffer.from(await solvedPayload(challenge), "base64").toString(),
    ) as { challenge: Challenge; solution: { counter: number; derivedKey: string } };
    const wrong = {
      ...payload,
      solution: { ...payload.solution, counter: payload.solution.counter + 1 },
    };
    expect(
      await verifyAltchaHeader(Buffer.from(JSON.stringify(wrong)).toString("base64"), secret),
    ).toEqual({ ok: false, failure: "invalid" });
    const easier = {
      ...payload,
      challenge: {
        ...payload.challenge,
        parameters: { ...payload.challenge.parameters, keyPrefix: "00" },
      },
    };
    expect(
      await verifyAltchaHeader(Buffer.from(JSON.stringify(easier)).toString("base64"), secret),
    ).toEqual({ ok: false, failure: "invalid" });
  });

  it("refuses an expired challenge", async () => {
    const challenge = await issueChallenge(
      secret,
      new Date(Date.now() - challengeLifetimeMs - 2000),
    );
    expect(await verifyAltchaHeader(await solvedPayload(challenge), secret)).toEqual({
      ok: false,
      failure: "expired",
    });
  });
});

/** @jest-environment node */
import { defaultRateLimits, parseRateLimits, rateLimitMessage } from "../rate-limit";

describe("QUOTE_RATE_LIMIT", () => {
  it("defaults to 5 requests in 10 minutes per address and 3 a day per email", () => {
    expect(parseRateLimits(undefined)).toEqual({
      address: { max: 5, windowMs: 600_000 },
      email: { max: 3, windowMs: 86_400_000 },
    });
  });

  it("turns every limit off with `off`", () => {
    expect(parseRateLimits("off")).toEqual({ address: null, email: null });
  });

  it("sets one limit and keeps the other's default", () => {
    expect(parseRateLimits("address=20/1h")).toEqual({
      address: { max: 20, windowMs: 3_600_000 },
      email: defaultRateLimits.email,
    });
    expect(parseRateLimits("address=2/30s, email=off")).toEqual({
      address: { max: 2, windowMs: 30_000 },
      email: null,
    });
  });

  it.each(["5 per minute", "address=0/1m", "ip=5/10m"])("refuses %j", (value) => {
    expect(() => parseRateLimits(value)).toThrow(/QUOTE_RATE_LIMIT/);
  });
});

describe("the 429 message", () => {
  it("says in French when to come back", () => {
    expect(rateLimitMessage({ scope: "address", retryAfterSeconds: 125 })).toBe(
      "Trop de demandes ont été envoyées depuis votre connexion. Veuillez réessayer dans 3 minutes.",
    );
    expect(rateLimitMessage({ scope: "email", retryAfterSeconds: 7200 })).toMatch(
      /avec cette adresse email.*dans 2 heures\.$/,
    );
  });
});

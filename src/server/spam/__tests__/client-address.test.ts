/** @jest-environment node */
import { addressKey, clientAddress, trustedProxyCount } from "../client-address";

describe("the client's address", () => {
  it.each([
    [undefined, 0],
    ["", 0],
    ["false", 0],
    ["0", 0],
    ["true", 1],
    ["1", 1],
    ["2", 2],
  ])("TRUST_PROXY=%j trusts %i proxies", (value, count) => {
    expect(trustedProxyCount(value)).toBe(count);
  });

  it("refuses a TRUST_PROXY it cannot read", () => {
    expect(() => trustedProxyCount("yes")).toThrow(/TRUST_PROXY/);
  });

  it("ignores X-Forwarded-For unless a proxy is trusted: anyone can send it", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.1", 0)).toBe("203.0.113.9");
  });

  it("behind one trusted proxy, takes the address that proxy saw, not one the client wrote", () => {
    expect(clientAddress("10.0.0.2", "198.51.100.1, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(clientAddress("10.0.0.2", ["198.51.100.1", "203.0.113.7"], 1)).toBe("203.0.113.7");
    expect(clientAddress("10.0.0.3", "203.0.113.7, 10.0.0.2", 2)).toBe("203.0.113.7");
  });

  it("with fewer entries than trusted proxies, takes the leftmost", () => {
    expect(clientAddress("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
  });

  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:0db8:0001:0002::/64"],
    ["2001:db8:1:2::7", "2001:0db8:0001:0002::/64"],
    ["::1", "0000:0000:0000:0000::/64"],
  ])("counts %s as %s", (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});

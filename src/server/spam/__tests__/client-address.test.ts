/** @jest-environment node */
import { addressKey } from "../client-address";

describe("the key a client address is counted under", () => {
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

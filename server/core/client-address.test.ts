import { describe, expect, it } from "vitest";
import { addressKey, trustProxySetting } from "./client-address.js";

describe("client address key", () => {
  it("counts IPv6 clients per /64 and IPv4-mapped ones as IPv4", () => {
    expect(addressKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey(undefined)).toBe("unknown");
  });

  it("trusts one proxy hop for TRUST_PROXY=true, never all of them", () => {
    const one = trustProxySetting("true") as (a: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => one("10.0.0.1", hop))).toEqual([true, false, false]);
    const two = trustProxySetting("2") as (a: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => two("10.0.0.1", hop))).toEqual([true, true, false]);
    expect(trustProxySetting("")).toBe(false);
    expect(trustProxySetting("false")).toBe(false);
    expect(trustProxySetting("10.0.0.0/8, 127.0.0.1")).toBe("10.0.0.0/8, 127.0.0.1");
  });
});

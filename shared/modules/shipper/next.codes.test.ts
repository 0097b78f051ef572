import { describe, expect, it } from "vitest";
import { accountNext, isAccountNext, NEXT_MAX } from "./next.codes.js";

describe("where a shipper goes after signing in, up or confirming (next)", () => {
  it("keeps a path of the shipper's area, with a plain query", () => {
    for (const p of ["/account", "/account/", "/account/new", "/account/new?service=EXP", "/account/statements?page=2&x=%2F"])
      expect(accountNext(p), p).toBe(p);
  });

  it("sends anything else to the area's home: other sites, schemes, other paths, tricks with slashes and dots", () => {
    for (const p of [
      "https://evil.example/account",
      "//evil.example",
      "//evil.example/account",
      "/\\evil.example",
      "javascript:alert(1)",
      "JavaScript:alert(document.cookie)",
      " /account/new",
      "/account/../control",
      "/account/..",
      "/account//evil.example",
      "/account\\evil.example",
      "/accounts",
      "/control/index.html",
      "/account/new#x",
      "/account/new?x=<script>",
      "/account/new\n",
      "/account/" + "a".repeat(NEXT_MAX),
      "",
      null,
      undefined,
    ])
      expect(accountNext(p), String(p)).toBe("/account");
    expect(isAccountNext(42)).toBe(false);
  });
});

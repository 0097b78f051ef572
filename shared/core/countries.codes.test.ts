import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "./countries.codes.js";
import { isCountry } from "../../server/modules/address/address.rules.js";

const require = createRequire(import.meta.url);

describe("the country codes the client offers", () => {
  it("are exactly the server's ISO 3166-1 list", () => {
    const lib = require("i18n-iso-countries/index.js") as { getAlpha2Codes(): Record<string, string> };
    expect([...COUNTRY_CODES]).toEqual(Object.keys(lib.getAlpha2Codes()).sort());
    expect(COUNTRY_CODES.every(isCountry)).toBe(true);
  });
});

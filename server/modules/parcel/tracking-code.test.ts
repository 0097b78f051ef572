import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, checkCharacter, couldBeProposedCode, proposeCode } from "./tracking-code.js";

describe("proposed tracking codes", () => {
  it("have the prefix, 10 characters of the alphabet and a check character", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const c = proposeCode("CR");
      expect(c).toMatch(new RegExp(`^CR-[${CODE_ALPHABET}]{11}$`));
      expect(couldBeProposedCode(c, "CR")).toBe(true);
      seen.add(c);
    }
    expect(seen.size).toBe(2000);
  });

  it("catch every single wrong character and every swap of two different neighbours", () => {
    const c = proposeCode("CR");
    const body = c.slice(3);
    for (let i = 0; i < body.length; i++) {
      for (const ch of CODE_ALPHABET) {
        if (ch === body[i]) continue;
        const typo = `CR-${body.slice(0, i)}${ch}${body.slice(i + 1)}`;
        expect(couldBeProposedCode(typo, "CR"), typo).toBe(false);
      }
      if (i + 1 < body.length && body[i] !== body[i + 1]) {
        const swapped = `CR-${body.slice(0, i)}${body[i + 1]}${body[i]}${body.slice(i + 2)}`;
        expect(couldBeProposedCode(swapped, "CR"), swapped).toBe(false);
      }
    }
  });

  it("never judge codes of other shapes", () => {
    for (const c of ["CR-2026-000001", "cr-7kq4x9m2htp", "XX-7KQ4X9M2HTP", "CR-7KQ4X9M2HT", "ABC"]) expect(couldBeProposedCode(c, "CR")).toBe(true);
    expect(checkCharacter("2222222222")).toHaveLength(1);
  });
});

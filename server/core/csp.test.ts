import { describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { pageCsp } from "./csp.js";

describe("pageCsp", () => {
  it("allows the chat code's script origins and inline scripts by hash, nothing else", () => {
    const inline = "var Tawk_API=Tawk_API||{};";
    const csp = pageCsp(
      `<script>${inline}</script><script async src="https://embed.tawk.to/abc/default"></script>`,
      "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    );
    const hash = crypto.createHash("sha256").update(inline).digest("base64");
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).toMatch(/script-src 'self' [^;]*https:\/\/embed\.tawk\.to/);
    expect(csp).toContain("wss://embed.tawk.to");
    expect(csp).toContain("img-src 'self' data: blob: https: https://tile.openstreetmap.org");
    expect(csp).not.toContain("'unsafe-inline' 'sha");
    expect(csp).toContain("frame-ancestors 'self'");
  });
  it("without chat code, scripts come only from the site", () => {
    expect(pageCsp("", "https://a.tile.example/{z}/{x}/{y}.png")).toMatch(/script-src 'self'(;|$)/);
  });
});

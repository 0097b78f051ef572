import { describe, expect, it } from "vitest";
import { loadConfig } from "./core/config.js";
import { frontGet, openFront, sawRoute } from "./front.js";

describe("front routes", () => {
  it("refuse to start when a fixed GET route sits where a front parameter would answer", () => {
    frontGet("/api/things/:code", () => undefined);
    sawRoute(["GET", "HEAD"], "/api/things/export");
    expect(() => openFront(loadConfig())).toThrow("front route /api/things/:param would answer /api/things/export");
  });

  it("take only a fixed path or a fixed prefix with one last parameter", () => {
    expect(() => frontGet("/api/:a/b", () => undefined)).toThrow("one last parameter");
  });
});

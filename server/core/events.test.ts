import { afterEach, describe, expect, it, vi } from "vitest";
import { EventChannel } from "./events.js";

interface Events {
  "thing.done": { id: number };
  "other.done": { name: string };
}

describe("EventChannel", () => {
  afterEach(() => vi.restoreAllMocks());

  it("runs the subscribers one after the other, in the order they subscribed, and resolves once all have", async () => {
    const ch = new EventChannel<Events>("test");
    const seen: string[] = [];
    ch.on("thing.done", "slow", async ({ id }) => {
      await new Promise((r) => setTimeout(r, 20));
      seen.push(`slow ${id}`);
    });
    ch.on("thing.done", "quick", ({ id }) => void seen.push(`quick ${id}`));
    ch.on("other.done", "elsewhere", () => void seen.push("other"));
    await ch.publish("thing.done", { id: 1 });
    expect(seen).toEqual(["slow 1", "quick 1"]);
    expect(ch.subscribed("thing.done")).toEqual(["slow", "quick"]);
  });

  it("logs a subscriber that throws or rejects and runs the others; publish never throws", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const ch = new EventChannel<Events>("test");
    const seen: number[] = [];
    ch.on("thing.done", "throws", () => {
      throw new Error("boom");
    });
    ch.on("thing.done", "rejects", async () => Promise.reject(new Error("later boom")));
    ch.on("thing.done", "fine", ({ id }) => void seen.push(id));
    await expect(ch.publish("thing.done", { id: 7 })).resolves.toBeUndefined();
    expect(seen).toEqual([7]);
    expect(logged.mock.calls.map((c) => c.join(" "))).toEqual([
      "throws failed on test event thing.done: boom",
      "rejects failed on test event thing.done: later boom",
    ]);
  });

  it("a second subscription under the same name replaces the first in its place (start-up run twice)", async () => {
    const ch = new EventChannel<Events>("test");
    const seen: string[] = [];
    ch.on("thing.done", "a", () => void seen.push("a1"));
    ch.on("thing.done", "b", () => void seen.push("b"));
    ch.on("thing.done", "a", () => void seen.push("a2"));
    await ch.publish("thing.done", { id: 1 });
    expect(seen).toEqual(["a2", "b"]);
  });

  it("an event nobody subscribed to is a no-op", async () => {
    await expect(new EventChannel<Events>("test").publish("other.done", { name: "x" })).resolves.toBeUndefined();
  });
});

import { describe, expect, it, vi } from "vitest";
import { compileSerializersSoon, lazySerializers, serializerState } from "./lazy-serializers.js";

const route = (schema: object) => ({ method: "GET", url: "/x", httpStatus: "200", schema });

describe("lazy response serializers", () => {
  it("serialize as fast-json-stringify does, and compile what is pending soon after start-up, logging a broken schema", async () => {
    const compile = lazySerializers()({}, {});
    const good = compile(route({ type: "object", properties: { a: { type: "string" } } }));
    expect(good({ a: "x", secret: "not in the schema" })).toBe('{"a":"x"}');
    const broken = compile(route({ type: "object", properties: { a: { $ref: "Nowhere#" } } }));
    const failures: unknown[] = [];
    compileSerializersSoon((err) => failures.push(err));
    await vi.waitFor(() => expect(serializerState().pending).toBe(0), { timeout: 30_000, interval: 5 });
    expect(failures).toHaveLength(1);
    expect(serializerState()).toEqual({ pending: 0, failed: 1 });
    // The route whose schema is broken fails when used, as it would have at start-up.
    expect(() => broken({ a: "x" })).toThrow();
  });

  it("compile a schema shared by several routes and statuses once", () => {
    const before = serializerState().pending;
    const factory = lazySerializers();
    const envelope = { type: "object", properties: { error: { type: "string" } } };
    // Two plugin contexts with the same shared schemas, four routes: one serializer to compile.
    const first = factory({}, {})(route(envelope));
    const second = factory({}, {})(route({ ...envelope }));
    factory({}, {})(route(envelope));
    expect(serializerState().pending).toBe(before + 1);
    expect(first({ error: "x", stack: "never" })).toBe('{"error":"x"}');
    expect(serializerState().pending).toBe(before);
    expect(second({ error: "y" })).toBe('{"error":"y"}');
    // Another schema is its own.
    factory({}, {})(route({ type: "object", properties: { other: { type: "string" } } }));
    expect(serializerState().pending).toBe(before + 1);
  });
});

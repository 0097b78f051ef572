import SerializerSelector, { type SerializerCompiler, type SerializerFactory } from "@fastify/fast-json-stringify-compiler";

/**
 * Fastify's response serializers (fast-json-stringify, one per route and status), compiled when first
 * used instead of all at start-up, where they were about a tenth of the server's start-up CPU; what is
 * still not compiled once the server listens is compiled in the background, a few at a time, so a broken
 * schema still shows within a second of start-up (logged), and later requests find theirs ready.
 * For Fastify's `schemaController.compilersFactory.buildSerializer`.
 */
const pending = new Set<() => void>();
let failed = 0;
/** Serializers not compiled yet, and those that failed to (tests: none after start-up). */
export const serializerState = () => ({ pending: pending.size, failed });

export function lazySerializers(): SerializerFactory {
  const factory = SerializerSelector();
  return (externalSchemas, options): SerializerCompiler => {
    const compile = factory(externalSchemas, options);
    return (route) => {
      let serialize: ReturnType<SerializerCompiler> | undefined;
      const ready = () => {
        pending.delete(ready);
        return (serialize ??= compile(route));
      };
      pending.add(ready);
      return (data) => (serialize ?? ready())(data);
    };
  };
}

/** Compiles what is still pending, a few serializers per turn of the event loop; errors go to `log`. */
export function compileSerializersSoon(log: (err: unknown) => void): void {
  const step = () => {
    let n = 0;
    for (const ready of pending) {
      try {
        ready();
      } catch (err) {
        pending.delete(ready);
        failed++;
        log(err);
      }
      if (++n === 10) break;
    }
    if (pending.size) setImmediate(step).unref();
  };
  setImmediate(step).unref();
}

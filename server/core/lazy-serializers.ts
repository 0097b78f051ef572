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
  // Routes and statuses with the same schema and shared schemas (the error envelope on most of them: 117
  // schemas for 482 serializers) share one serializer, compiled once.
  const shared = new Map<string, Map<string, () => ReturnType<SerializerCompiler>>>();
  return (externalSchemas, options): SerializerCompiler => {
    const compile = factory(externalSchemas, options);
    const context = JSON.stringify([externalSchemas, options]);
    let bySchema = shared.get(context);
    if (!bySchema) shared.set(context, (bySchema = new Map()));
    return (route) => {
      const key = JSON.stringify(route.schema);
      let ready = bySchema.get(key);
      if (!ready) {
        let serialize: ReturnType<SerializerCompiler> | undefined;
        const compileOnce = () => {
          pending.delete(compileOnce);
          return (serialize ??= compile(route));
        };
        ready = () => serialize ?? compileOnce();
        pending.add(compileOnce);
        bySchema.set(key, ready);
      }
      const serializer = ready;
      return (data) => serializer()(data);
    };
  };
}

/** Serializers compiled per turn of the event loop in the background (each takes a few milliseconds). */
const STEP = 1;

/** Compiles what is still pending, one serializer per turn of the event loop; errors go to `log`. */
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
      if (++n === STEP) break;
    }
    if (pending.size) setImmediate(step).unref();
  };
  setImmediate(step).unref();
}

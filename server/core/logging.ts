import crypto from "node:crypto";
import pino, { type DestinationStream, type LoggerOptions } from "pino";
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from "fastify";
import type { Config } from "./config.js";

/**
 * The request log. By default (LOG_REQUESTS=errors) a request that went well and fast writes nothing:
 * a line is written for answers with status 400 and above (4xx at info, 5xx at error) except 404, and for
 * requests slower than SLOW_REQUEST_MS (warn), so a busy site pays nothing per successful look-up. A 404 is
 * the normal answer for a mistyped tracking code (the most common 4xx by far, and the cheapest way to fill
 * a disk): not logged by default; abuse still shows as 429s. LOG_REQUESTS=all
 * writes one compact line per request (when it completes, not also when it arrives); off writes none.
 * Lines are JSON (pino), carry the request id (also sent as X-Request-Id), and go to stdout through an
 * asynchronous buffered writer, flushed at exit. Cookies, Authorization headers, bodies and query-string
 * values never reach them.
 */
function loggerOptions(c: Config): (LoggerOptions & { stream: DestinationStream }) | false {
  if (c.logLevel === "silent") return false;
  return {
    level: c.logLevel,
    redact: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"],
    serializers: {
      // Reset links carry tokens in the query string: log the path and the names of parameters only.
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactQuery(req.url), ip: req.ip }),
    },
    // Asynchronous: lines written while a write is in flight go out together in the next one, never
    // blocking a request on write(2); whatever is pending is flushed when the process exits.
    stream: pino.destination({ dest: 1, sync: false }),
  };
}

/** For Fastify's `logController` option: its own two lines per request (and its error line) are off. */
const quietRequests = () => new LogController({ disableRequestLogging: true });

/**
 * For Fastify's `childLoggerFactory` option: each request's logger (`req.log`, bound to its request id) is
 * made on its first use. Fastify makes one per request, and pino's child costs about as much as the rest of
 * a cached look-up's logging; with LOG_REQUESTS=errors most requests never write a line.
 */
class LazyLogger {
  private made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
    private readonly opts: object,
  ) {}
  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.opts));
  }
  get level() {
    return this.made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real().level = level;
  }
  fatal(...a: unknown[]) {
    (this.real().fatal as (...x: unknown[]) => void)(...a);
  }
  error(...a: unknown[]) {
    (this.real().error as (...x: unknown[]) => void)(...a);
  }
  warn(...a: unknown[]) {
    (this.real().warn as (...x: unknown[]) => void)(...a);
  }
  info(...a: unknown[]) {
    (this.real().info as (...x: unknown[]) => void)(...a);
  }
  debug(...a: unknown[]) {
    (this.real().debug as (...x: unknown[]) => void)(...a);
  }
  trace(...a: unknown[]) {
    (this.real().trace as (...x: unknown[]) => void)(...a);
  }
  silent() {}
  child(b: Record<string, unknown>, o?: object) {
    return this.real().child(b, o);
  }
}
// One small object a request (its methods are shared), not a closure per method.
function lazyRequestLogger(this: unknown, logger: FastifyBaseLogger, bindings: Record<string, unknown>, opts: object): FastifyBaseLogger {
  return new LazyLogger(logger, bindings, opts) as unknown as FastifyBaseLogger;
}

/** Fastify's logging options as the site runs them: the logger, its own request lines off, lazy request loggers. */
export function fastifyLogging(c: Config) {
  return { logger: loggerOptions(c), logController: quietRequests(), childLoggerFactory: lazyRequestLogger };
}

/** A request's id: the caller's X-Request-Id when it is a plain token (a proxy's), else a new UUID. Sent back as X-Request-Id. */
export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === "string" && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : crypto.randomUUID();
}

const FAILURE = Symbol("request-error");
type WithFailure = FastifyRequest & { [FAILURE]?: Error };

/** Writes the one line per request that the mode asks for (with the error and its stack on a 5xx). */
export function registerRequestLog(app: FastifyInstance, c: Config): void {
  if (c.logLevel === "silent" || c.logRequests === "off") return;
  const all = c.logRequests === "all";
  const slowMs = c.slowRequestMs;
  app.addHook("onError", (req, _reply, error, done) => {
    (req as WithFailure)[FAILURE] = error;
    done();
  });
  app.addHook("onResponse", (req, reply, done) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (all || (status >= 400 && status !== 404) || ms >= slowMs) {
      const line = { req, res: { statusCode: status }, responseTime: Math.round(ms * 100) / 100 };
      if (status >= 500) req.log.error({ ...line, err: (req as WithFailure)[FAILURE] }, "request failed");
      else if (ms >= slowMs) req.log.warn(line, "slow request");
      else req.log.info(line, "request completed");
    }
    done();
  });
}

/** The URL with every query value replaced, so tokens and e-mail addresses never reach the logs. */
export function redactQuery(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const names = url
    .slice(q + 1)
    .split("&")
    .map((p) => `${p.split("=")[0]}=~`);
  return `${url.slice(0, q)}?${names.join("&")}`;
}

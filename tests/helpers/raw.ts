import http from "node:http";

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The header lines as sent, in their order: name, value, name, value... */
  rawHeaders: string[];
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
  json: any;
  ms: number;
}

/** One raw request, optionally from another loopback address (the server sees it as the client), timed. */
export function send(
  base: string,
  method: string,
  path: string,
  opts: { body?: string | Buffer; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers: opts.headers, localAddress: opts.from, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
        let json: any;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, text, json, ms: performance.now() - started });
      });
    });
    // The server may answer and close before a large body is sent: that answer is what counts.
    req.on("error", (e) => ((e as NodeJS.ErrnoException).code === "EPIPE" || (e as NodeJS.ErrnoException).code === "ECONNRESET" ? undefined : reject(e)));
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

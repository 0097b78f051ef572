// Heavy work (export, import, label batches, bulk scans) against a running server, while another
// client keeps looking a parcel up: how long each look-up waited. The benchmark's "heavy" section
// (scripts/bench.ts) and tests/system/heavy-work.test.ts share it.
import http from "node:http";

/** Signs in the first admin (created with the setup token when none exists); answers the session's Cookie header. */
export async function ownerCookie(base: string, token: string, creds = { email: "bench@example.com", password: "heavy-bench-pass-word" }): Promise<string> {
  const gql = async (query: string, variables: unknown, cookie = "") => {
    const r = await fetch(`${base}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ query, variables }),
    });
    return { r, json: (await r.json()) as { data?: Record<string, unknown>; errors?: unknown[] } };
  };
  await gql(`mutation($i: CreateAdminInput!) { createAdmin(input: $i) { email } }`, { i: { ...creds, token } });
  const { r, json } = await gql(`mutation($i: SignInInput!) { signIn(input: $i) { email } }`, { i: creds });
  if (!json.data?.signIn) throw new Error(`sign-in failed: ${JSON.stringify(json.errors)}`);
  return r.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** An API key of the owner's making (for several callers at once). */
export async function apiKey(base: string, cookie: string, name: string, scopes: string[]): Promise<string> {
  const r = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({
      query: `mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { key } }`,
      variables: { i: { name, scopes, rate_limit: 1000 } },
    }),
  });
  const json = (await r.json()) as { data?: { createApiKey?: { key: string } }; errors?: unknown[] };
  if (!json.data?.createApiKey) throw new Error(`createApiKey failed: ${JSON.stringify(json.errors)}`);
  return json.data.createApiKey.key;
}

/** One GET from `localAddress` (another client as far as the server's limits go), its body read: milliseconds taken. */
function timedGet(url: string, localAddress: string): Promise<{ ms: number; status: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { localAddress, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0 }));
    });
    req.on("error", reject);
  });
}

export interface Probed<T> {
  result: T;
  /** Every look-up's time, in the order sent. */
  lookups: number[];
  /** Look-ups answered with anything but 200. */
  failed: number;
  seconds: number;
}

/**
 * Runs `job` while a public look-up of `code` is sent from `localAddress` again and again (one at a
 * time, `gapMs` apart), until the job has ended.
 */
export async function probeDuring<T>(
  base: string,
  code: string,
  job: () => Promise<T>,
  opts: { localAddress?: string; gapMs?: number } = {},
): Promise<Probed<T>> {
  const localAddress = opts.localAddress ?? "127.0.0.21";
  const gap = opts.gapMs ?? 20;
  const url = `${base}/api/parcels/${encodeURIComponent(code)}`;
  await timedGet(url, localAddress);
  const lookups: number[] = [];
  let failed = 0;
  let running = true;
  const t0 = performance.now();
  const probe = (async () => {
    while (running) {
      const { ms, status } = await timedGet(url, localAddress);
      lookups.push(ms);
      if (status !== 200) failed++;
      await new Promise((r) => setTimeout(r, gap));
    }
  })();
  try {
    const result = await job();
    return { result, lookups, failed, seconds: (performance.now() - t0) / 1000 };
  } finally {
    running = false;
    await probe;
  }
}

/** The p-th percentile (0..100) of some numbers. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** GET of a download, read to its end: the status, bytes, and the milliseconds to the first byte. */
export function download(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: number; firstByteMs: number; text?: string }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        let bytes = 0;
        let firstByteMs = -1;
        const small: Buffer[] = [];
        res.on("data", (d: Buffer) => {
          if (firstByteMs < 0) firstByteMs = performance.now() - t0;
          bytes += d.length;
          if (res.statusCode !== 200) small.push(d);
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, firstByteMs, text: small.length ? Buffer.concat(small).toString() : undefined }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** A CSV file for the import: rows of codes from..from+n, the columns of the export that a shipper fills. */
export function importCsv(codes: string[], note = "first"): string {
  const lines = ["tracking_code,recipient_name,recipient_email,destination,current_location,status,weight,parcel_content"];
  for (const c of codes) lines.push(`${c},Import Recipient,import@example.com,"Utrecht, NL","Antwerp, BE",In transit,3.5,Books (${note})`);
  return `${lines.join("\r\n")}\r\n`;
}

/** POST /api/parcels/import of a CSV text, on a connection of its own: the status and the answer's JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the import answer JSON, of which the bench reads a few fields
export async function postImport(base: string, headers: Record<string, string>, csv: string, dryRun = false): Promise<{ status: number; json: any }> {
  const form = new FormData();
  form.set("file", new File([csv], "parcels.csv", { type: "text/csv" }));
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const type = encoded.headers.get("content-type")!;
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/parcels/import${dryRun ? "?dry_run=true" : ""}`,
      {
        method: "POST",
        agent: false,
        headers: { ...headers, "content-type": type, "content-length": String(body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (d: Buffer) => chunks.push(d));
        res.on("end", () => {
          // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the import answer JSON, of which the bench reads a few fields
          let json: any;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString());
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

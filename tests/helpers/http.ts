/** A tiny HTTP client that keeps cookies, for driving the server like a browser or a third party. */
export class Client {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  cookieHeader(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {};
  }

  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(";");
      const [k, ...v] = pair.split("=");
      const expired = attrs.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || v.join("=") === "") this.cookies.delete(k.trim());
      else this.cookies.set(k.trim(), v.join("="));
    }
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { ...this.cookieHeader(), ...headers } };
    if (body instanceof FormData) init.body = body;
    else if (typeof body === "string") init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)["content-type"] ??= "application/json";
    }
    const res = await fetch(this.base + path, init);
    this.keep(res);
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    let json: any = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  get = (path: string, headers?: Record<string, string>) => this.request("GET", path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request("POST", path, body, headers);
  patch = (path: string, body?: unknown, headers?: Record<string, string>) => this.request("PATCH", path, body, headers);
  delete = (path: string, body?: unknown, headers?: Record<string, string>) => this.request("DELETE", path, body, headers);

  /** A GraphQL operation; returns { data, errors } and the HTTP status. */
  async gql(query: string, variables?: Record<string, unknown>) {
    const r = await this.post("/graphql", { query, variables });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    return { status: r.status, data: r.json?.data, errors: r.json?.errors as any[] | undefined };
  }
}

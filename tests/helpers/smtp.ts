import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  user?: string;
  pass?: string;
}

/** A sign-in the peer received, and whether it came over TLS. */
export interface Login {
  user: string;
  pass: string;
  secure: boolean;
}

/** The peer `startSmtp` starts. */
export interface SmtpPeer {
  url: string;
  port: number;
  messages: ReceivedMail[];
  logins: Login[];
  /** Recipients this peer refuses (550), as a mailbox that does not exist: add one to make a delivery fail. */
  refused: Set<string>;
  waitFor(pred: (m: ReceivedMail) => boolean, ms?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP peer on a free loopback port; collects every message it receives. Plain SMTP unless
 * `tls` is given: then it offers STARTTLS with that key and certificate, or with `implicit` speaks
 * TLS from the first byte (as on port 465).
 */
export async function startSmtp(options: { tls?: { key: string; cert: string }; implicit?: boolean } = {}): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const logins: Login[] = [];
  const auths = new Map<string, { user: string; pass: string }>();
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert, secure: Boolean(options.implicit) } : { disabledCommands: ["STARTTLS"] }),
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, session, cb) {
      auths.set(session.id, { user: auth.username ?? "", pass: auth.password ?? "" });
      logins.push({ user: auth.username ?? "", pass: auth.password ?? "", secure: Boolean(session.secure) });
      cb(null, { user: auth.username });
    },
    onRcptTo(address, _session, cb) {
      if (refused.has(address.address)) cb(Object.assign(new Error("mailbox unavailable"), { responseCode: 550 }));
      else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const a = auths.get(session.id);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          user: a?.user,
          pass: a?.pass,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    logins,
    refused,
    // A deadline for a blow-up only (the machine is shared); a mail that is there returns at once.
    async waitFor(pred, ms = 30_000) {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        const m = messages.find(pred);
        if (m) return m;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error("no matching mail arrived");
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text of a raw message (quoted-printable soft breaks removed), for assertions. */
export function mailText(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, h) => String.fromCharCode(parseInt(h, 16)));
}

const qp = (s: string) => {
  const bytes: number[] = [];
  const body = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < body.length; i++) {
    if (body[i] === "=" && /^[0-9A-F]{2}$/i.test(body.slice(i + 1, i + 3))) {
      bytes.push(parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(body[i], "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
};
/** A header's RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) as text. */
const words = (s: string) =>
  s
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : qp(data.replace(/_/g, " ")),
    );

/**
 * A received message decoded as a reader sees it: the subject and the text and HTML parts in
 * UTF-8, whatever transfer encoding (quoted-printable or base64) the sender chose for each.
 */
export function decodeMail(raw: string): { subject: string; text: string; html: string } {
  const unfolded = raw.replace(/\r\n/g, "\n");
  const head = unfolded.slice(0, unfolded.indexOf("\n\n")).replace(/\n[ \t]+/g, " ");
  const subject = words(/^Subject: (.*)$/m.exec(head)?.[1] ?? "");
  const parts: Record<string, string> = {};
  for (const part of unfolded.split(/\n--[^\n]+\n/)) {
    const split = part.indexOf("\n\n");
    if (split < 0) continue;
    const headers = part.slice(0, split).replace(/\n[ \t]+/g, " ");
    const type = /Content-Type: (text\/(?:plain|html))/i.exec(headers)?.[1]?.toLowerCase();
    if (!type || parts[type]) continue;
    const body = part.slice(split + 2).replace(/\n--[^\n]*--\s*$/, "");
    const enc = /Content-Transfer-Encoding: (\S+)/i.exec(headers)?.[1]?.toLowerCase();
    parts[type] = enc === "base64" ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8") : enc === "quoted-printable" ? qp(body) : body;
  }
  return { subject, text: parts["text/plain"] ?? "", html: parts["text/html"] ?? "" };
}

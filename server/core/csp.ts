import crypto from "node:crypto";

/**
 * The Content-Security-Policy of the site's pages. The admin's chat code is the one place
 * third-party script may come from: its <script src> origins are allowed, and its inline
 * scripts are allowed by hash, so nothing else injected into a page can run.
 */
export function pageCsp(chatCode: string, tileUrl: string, ownScripts: readonly string[] = []): string {
  const hosts = new Set<string>();
  // The page's own inline scripts (their CSP hashes: server/ssr.ts inlineScriptHashes), then the chat code's.
  const hashes: string[] = [...ownScripts];
  for (const m of chatCode.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(m[1])?.[1];
    if (src) {
      const origin = originOf(src);
      if (origin) hosts.add(origin);
    } else if (m[2].trim()) {
      hashes.push(`'sha256-${crypto.createHash("sha256").update(m[2], "utf8").digest("base64")}'`);
    }
  }
  // Chat widgets load more from their own origin and talk to it over https and wss.
  for (const m of chatCode.matchAll(/https:\/\/[A-Za-z0-9.-]+(?::\d+)?/g)) hosts.add(m[0]);
  const chat = [...hosts];
  const wss = chat.map((h) => h.replace(/^https:/, "wss:"));
  const tiles = originOf(tileUrl.replace(/\{[a-z]\}/g, "a"));
  return [
    "default-src 'self'",
    `script-src 'self' ${[...chat, ...hashes].join(" ")}`.trim(),
    `style-src 'self' 'unsafe-inline' ${chat.join(" ")}`.trim(),
    // Content pages may show [image=https://...] from any https host; images cannot run code.
    `img-src 'self' data: blob: https: ${tiles ?? ""}`.replace(/\s+/g, " ").trim(),
    `font-src 'self' data: ${chat.join(" ")}`.trim(),
    `connect-src 'self' ${[...chat, ...wss].join(" ")}`.trim(),
    `frame-src 'self' https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com ${chat.join(" ")}`.trim(),
    `media-src 'self' https:`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

function originOf(url: string): string | null {
  try {
    const u = new URL(url.startsWith("//") ? `https:${url}` : url);
    return u.protocol === "https:" || u.protocol === "http:" ? u.origin : null;
  } catch {
    return null;
  }
}

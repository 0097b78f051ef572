import { useEffect } from "react";

/**
 * `<meta name="robots" content="noindex">` while the screen is shown (the server also sends
 * X-Robots-Tag for /track.html): tracking results and unsubscribe links are nobody's search results.
 */
export function useNoIndex(): void {
  useEffect(() => {
    const existing = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    const before = existing?.content ?? null;
    const meta = existing ?? document.head.appendChild(Object.assign(document.createElement("meta"), { name: "robots" }));
    meta.content = "noindex";
    return () => {
      if (before === null) meta.remove();
      else meta.content = before;
    };
  }, []);
}

/**
 * The parcels' schema.org ParcelDelivery (JSON-LD text computed by the server) as one
 * `<script type="application/ld+json">` per parcel in the head, removed when the screen goes.
 * JSON-LD is data, not script: the page's Content-Security-Policy does not apply to it. Text that
 * does not parse as JSON is left out.
 */
export function useStructuredData(items: { code: string; json: string | null | undefined }[]): void {
  const key = JSON.stringify(items.map((i) => [i.code, i.json ?? ""]));
  useEffect(() => {
    const list = JSON.parse(key) as [string, string][];
    const added: HTMLScriptElement[] = [];
    for (const [code, json] of list) {
      if (!json) continue;
      try {
        JSON.parse(json);
      } catch {
        continue;
      }
      const script = document.createElement("script");
      script.type = "application/ld+json";
      script.dataset.parcel = code;
      script.textContent = json;
      document.head.appendChild(script);
      added.push(script);
    }
    return () => added.forEach((s) => s.remove());
  }, [key]);
}

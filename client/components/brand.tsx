import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

/**
 * The product name: the company's name from the settings, which the server writes into
 * `<meta name="application-name">` of every page (COMPANY_NAME while none is set), otherwise the translated
 * default. Read once from the page; a save of the settings tells it the new name (setProductName), and every
 * header showing it follows.
 */
let metaName: string | undefined;
const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => void listeners.delete(fn);
};
const current = () => {
  if (typeof document !== "undefined") metaName ??= document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content?.trim() ?? "";
  return metaName ?? "";
};
export function useProductName(): string {
  const { t } = useTranslation();
  const name = useSyncExternalStore(subscribe, current, current);
  return name || t("brand.name");
}

/** The company's name: given by the server for its own render of a page, or by the settings screen after a save. */
export function setProductName(name: string): void {
  metaName = name.trim();
  if (typeof document !== "undefined") document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.setAttribute("content", metaName);
  listeners.forEach((fn) => fn());
}

/** The logo mark: a parcel with a forward arrow. */
export function LogoMark({ size = 34 }: { size?: number }) {
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="11" fill="var(--brand-mark-bg)" />
      <path d="M20 8 31 14v12l-11 6-11-6V14z" fill="none" stroke="var(--brand-mark-fg)" strokeWidth="2.6" strokeLinejoin="round" />
      <path d="M9.5 14.3 20 20l10.5-5.7M20 20v11.5" fill="none" stroke="var(--brand-mark-fg)" strokeWidth="2.6" strokeLinejoin="round" />
      <path d="M25.5 11.2 14.8 17" stroke="var(--accent)" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

/** Sets the document title to "<page> · <product>" (or the product alone). */
export function useDocumentTitle(page?: string | null): void {
  const name = useProductName();
  useEffect(() => {
    document.title = page ? `${page} · ${name}` : name;
  }, [page, name]);
}

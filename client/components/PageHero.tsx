import type { ReactNode } from "react";
import { heroImageUrl } from "./heroImages";
import { PAGE_DEFAULTS, PAGE_OVERLAYS } from "@shared/modules/page/page.codes";

function overlayClass(overlay: string | null | undefined): string {
  return (PAGE_OVERLAYS as readonly string[]).includes(overlay ?? "") ? overlay! : PAGE_DEFAULTS.overlay;
}

/** The banner at the top of every inner page: title, subtitle, image and overlay. */
export function PageHero({
  title,
  subtitle,
  hero,
  overlay,
  children,
  compact,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  hero?: string | null;
  overlay?: string | null;
  children?: ReactNode;
  compact?: boolean;
}) {
  return (
    <header className={`page-hero ${overlayClass(overlay)}${compact ? " compact" : ""}`}>
      <img className="page-hero-img" src={heroImageUrl(hero)} alt="" width={1600} height={600} fetchPriority="high" decoding="async" />
      <div className="page-hero-overlay" aria-hidden="true" />
      <div className="container page-hero-body">
        <h1>{title}</h1>
        {subtitle ? <p className="page-hero-sub">{subtitle}</p> : null}
        {children}
      </div>
    </header>
  );
}

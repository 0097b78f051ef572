import { useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "./Icon";
import { chevron_left, chevron_right } from "./icons";

/**
 * A horizontal slider: a scroll-snapping list (touch, trackpad and arrow keys when focused)
 * with previous/next buttons that mirror in right-to-left layouts.
 */
export function Slider({ label, children, className = "" }: { label: string; children: ReactNode[]; className?: string }) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const move = (dir: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === "rtl";
    const first = el.firstElementChild as HTMLElement | null;
    const step = first ? first.getBoundingClientRect().width + 24 : el.clientWidth * 0.8;
    el.scrollBy({ left: dir * (rtl ? -1 : 1) * step, behavior: "smooth" });
  };
  return (
    <div className={`slider ${className}`} role="region" aria-roledescription="carousel" aria-label={label}>
      <ul className="slider-track" ref={track} tabIndex={0} aria-label={label}>
        {children.map((child, i) => (
          <li className="slider-item" key={i} aria-roledescription="slide">
            {child}
          </li>
        ))}
      </ul>
      <div className="slider-controls">
        <button type="button" className="slider-btn" onClick={() => move(-1)} aria-label={t("common.previous")}>
          <Icon path={chevron_left} className="flip-rtl" />
        </button>
        <button type="button" className="slider-btn" onClick={() => move(1)} aria-label={t("common.next")}>
          <Icon path={chevron_right} className="flip-rtl" />
        </button>
      </div>
    </div>
  );
}

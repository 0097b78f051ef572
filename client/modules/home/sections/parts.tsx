// What the home sections share: their heading, the links of their items, the formatted warehouse
// capacity and the scroll-in trigger of the animations.
import { useEffect, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { useSiteGraph } from "../../graph/siteGraph";
import { fmtNumber } from "../../parcel/format";
import { WAREHOUSE_CONTAINERS, type Target } from "../data";

export function SectionHead({ eyebrow, title, intro, id }: { eyebrow: string; title: string; intro?: string; id: string }) {
  return (
    <div className="section-head">
      <span className="eyebrow">{eyebrow}</span>
      <h2 id={id}>{title}</h2>
      {intro ? <p>{intro}</p> : null}
    </div>
  );
}

/** An item's link: its content page when the server has it, otherwise the contact screen; or its fixed screen. */
export function useTargetLink(): (target: Target) => string {
  const { pagesBySlug } = useSiteGraph();
  return (target) => ("to" in target ? target.to : pagesBySlug.has(target.page) ? `/pages/${target.page}` : "/contact.html");
}

/** The warehouse capacity, formatted for the visitor's language. */
export function useContainers(): string {
  const { i18n } = useTranslation();
  return fmtNumber(i18n.language, WAREHOUSE_CONTAINERS);
}

/** True once the element has scrolled into view (animations start then). */
export function useInView<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- without IntersectionObserver the element counts as seen after mount, as the observer would report it
    if (typeof IntersectionObserver === "undefined") return setSeen(true);
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { threshold: 0.3 },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [seen]);
  return [ref, seen];
}

import { lazy, Suspense, useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

const loadPanel = () => import("./SideMenuPanel");
const SideMenuPanel = lazy(loadPanel);

/**
 * The side menu (a modal dialog): language, theme, the main screens and the content pages. The panel is rendered
 * only while the menu is open, and its module (SideMenuPanel.tsx) is loaded then, or before, once the page is idle
 * after it has loaded: the page's first load carries neither it nor its icons.
 */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);

  // The dialog opens once its panel is there (the panel's first effect calls shown), so it never shows empty while
  // the panel's chunk loads; it closes at once.
  useEffect(() => {
    const d = ref.current;
    if (!open && d?.open) d.close();
  }, [open]);
  const shown = useCallback(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  // Loaded ahead when the browser is idle, so a tap on the menu button finds it.
  useEffect(() => {
    const ric = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 2000));
    const cic = window.cancelIdleCallback ?? window.clearTimeout;
    let id: number | undefined;
    const whenLoaded = () => {
      id = ric(() => void loadPanel().catch(() => undefined), { timeout: 10_000 });
    };
    if (document.readyState === "complete") whenLoaded();
    else window.addEventListener("load", whenLoaded, { once: true });
    return () => {
      window.removeEventListener("load", whenLoaded);
      if (id !== undefined) cic(id);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="side-menu"
      aria-label={t("nav.sideMenu")}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {/* The panel is rendered only while the menu is open: a closed menu costs the page nothing. */}
      {open ? (
        <Suspense fallback={null}>
          <SideMenuPanel onClose={onClose} onShown={shown} />
        </Suspense>
      ) : null}
    </dialog>
  );
}

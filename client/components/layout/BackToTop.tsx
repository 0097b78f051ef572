import { useTranslation } from "react-i18next";
import { Icon } from "../Icon";
import { north } from "../topIcons";
import { useScrolled } from "./useScrolled";

/** The button back to the top, shown once the page has scrolled down a screen or so. */
export function BackToTop() {
  const { t } = useTranslation();
  const scrolled = useScrolled(600);
  return (
    <button
      type="button"
      className={`back-to-top${scrolled ? " shown" : ""}`}
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      aria-label={t("nav.backToTop")}
      tabIndex={scrolled ? 0 : -1}
      aria-hidden={!scrolled}
    >
      <Icon path={north} />
    </button>
  );
}

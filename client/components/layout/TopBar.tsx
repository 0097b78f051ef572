import { Link, NavLink } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Icon } from "../Icon";
import { LogoMark, useProductName } from "../brand";
import { menu, search } from "../topIcons";
import { useScrolled } from "./useScrolled";

/** The bar at the top: brand, the main links, tracking search and the menu button; solid once scrolled. */
export function TopBar({ onMenu }: { onMenu: () => void }) {
  const { t } = useTranslation();
  const name = useProductName();
  const scrolled = useScrolled();
  return (
    <header className={`topbar${scrolled ? " solid" : ""}`}>
      <div className="container topbar-inner">
        <Link to="/" className="brand">
          <LogoMark />
          <span className="brand-name">{name}</span>
        </Link>
        <nav className="topbar-nav" aria-label={t("nav.primary")}>
          <NavLink to="/" end>
            {t("nav.home")}
          </NavLink>
          <NavLink to="/contact.html">{t("nav.contact")}</NavLink>
        </nav>
        <div className="topbar-actions">
          <Link to="/track.html" className="icon-btn" aria-label={t("nav.trackSearch")} title={t("nav.trackSearch")}>
            <Icon path={search} />
          </Link>
          <button type="button" className="icon-btn" onClick={onMenu} aria-label={t("nav.menu")} aria-haspopup="dialog">
            <Icon path={menu} />
          </button>
        </div>
      </div>
    </header>
  );
}

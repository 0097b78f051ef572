import { useEffect } from "react";
import { NavLink } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Icon } from "../Icon";
import { LogoMark, useProductName } from "../brand";
import { account_circle, calculate, close, home, mail } from "../layoutIcons";
import { local_shipping } from "../icons";
import { pageIconPath } from "../pageIcons";
import { LanguageSelect } from "./LanguageSelect";
import { ThemeToggle } from "./ThemeToggle";
import { usePages } from "./usePages";

/**
 * The side menu's content (SideMenu.tsx): its own chunk, loaded when the menu opens or the page is idle, so the
 * page's first load carries neither it nor its icons.
 */
export default function SideMenuPanel({ onClose, onShown }: { onClose: () => void; onShown: () => void }) {
  const { t } = useTranslation();
  const name = useProductName();
  const pages = usePages();
  // Now that it is there, the dialog opens (SideMenu): its focus goes to the first button, the close button.
  useEffect(onShown, [onShown]);
  return (
    <div className="side-menu-panel">
      <div className="side-menu-head">
        <span className="brand">
          <LogoMark size={30} />
          <span className="brand-name">{name}</span>
        </span>
        <button type="button" className="icon-btn" onClick={onClose} aria-label={t("nav.closeMenu")}>
          <Icon path={close} />
        </button>
      </div>

      <div className="side-menu-prefs">
        <LanguageSelect />
        <ThemeToggle />
      </div>

      <nav className="side-menu-nav" aria-label={t("nav.sideMenu")}>
        <ul>
          <li>
            <NavLink to="/" end onClick={onClose}>
              <Icon path={home} size={20} />
              <span>{t("nav.homePage")}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/contact.html" onClick={onClose}>
              <Icon path={mail} size={20} />
              <span>{t("nav.contact")}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/track.html" onClick={onClose}>
              <Icon path={local_shipping} size={20} />
              <span>{t("nav.track")}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/quote" onClick={onClose}>
              <Icon path={calculate} size={20} />
              <span>{t("nav.quote")}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/account" onClick={onClose}>
              <Icon path={account_circle} size={20} />
              <span>{t("nav.account")}</span>
            </NavLink>
          </li>
        </ul>
        {pages.length ? (
          <>
            <h2 className="side-menu-heading">{t("nav.pages")}</h2>
            <ul>
              {pages.map((p) => (
                <li key={p.slug}>
                  <NavLink to={`/pages/${p.slug}`} state={{ page: p }} onClick={onClose}>
                    <Icon path={pageIconPath(p.icon)} size={20} />
                    <span>{p.title}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </nav>
    </div>
  );
}

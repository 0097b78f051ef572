import { useEffect, useRef } from "react";
import { NavLink } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Icon } from "../Icon";
import { LogoMark, useProductName } from "../brand";
import { account_circle, calculate, close, home, local_shipping, mail } from "../layoutIcons";
import { pageIconPath } from "../pageIcons";
import { LanguageSelect } from "./LanguageSelect";
import { ThemeToggle } from "./ThemeToggle";
import { usePages } from "./usePages";

/** The side menu (a modal dialog): language, theme, the main screens and the content pages. */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const name = useProductName();
  const pages = usePages();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

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
      ) : null}
    </dialog>
  );
}

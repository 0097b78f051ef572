import { Suspense, useEffect, useRef, useState } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useStore } from "../state/store";
import { injectChatCode, setMetaDescription, useGraphReady } from "../modules/graph/startup";
import { LANGUAGES, type LanguageCode } from "../i18n/languages";
import { writeLanguageCookie } from "../i18n";
import { Icon } from "./Icon";
import { LogoMark, useProductName } from "./brand";
import { pageIconPath } from "./pageIcons";
import { useStaged } from "./staged";
import {
  alternate_email, close, dark_mode, home, light_mode, local_shipping, location_on, mail, menu, north, phone, search, send, translate,
} from "./layoutIcons";

/** Public pages: top bar, side menu, faded page area and footer. */
export function PublicLayout() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const { state } = useStore();
  const ready = useGraphReady();
  // The footer, below the fold, joins a frame after the first paint: the first layout is only the top of the page.
  const withFooter = useStaged(2, 1) === 2;

  // Each page change starts at the top (spec section 2) and closes the menu.
  useEffect(() => {
    window.scrollTo(0, 0);
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (state.settings?.meta_description) setMetaDescription(state.settings.meta_description);
  }, [state.settings?.meta_description]);

  // Only the freshly loaded settings are trusted for the admin's chat code.
  useEffect(() => {
    if (ready && state.settings?.chat_code) injectChatCode(state.settings.chat_code);
  }, [ready, state.settings?.chat_code]);

  return (
    <div className="site">
      <SkipLink />
      <TopBar onMenu={() => setMenuOpen(true)} />
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      <main id="main" tabIndex={-1} className="site-main page-fade" key={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      {withFooter ? <Footer /> : null}
      <BackToTop />
    </div>
  );
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t("nav.skip")}
    </a>
  );
}

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t("common.loading")}</span>
    </div>
  );
}

function useScrolled(offset = 24): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > offset);
    // The first reading waits for the next frame: read now, scrollY would force a layout of the page just rendered.
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
    };
  }, [offset]);
  return scrolled;
}

function TopBar({ onMenu }: { onMenu: () => void }) {
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

function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { state, dispatch } = useStore();
  const ref = useRef<HTMLDialogElement>(null);
  const [changing, setChanging] = useState(false);
  const name = useProductName();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const pages = Object.values(state.pages).sort((a, b) => a.id - b.id);
  const dark = state.theme === "DARK";

  const changeLanguage = (code: LanguageCode) => {
    writeLanguageCookie(code);
    setChanging(true);
    // Spec section 4: the page reloads one second after the choice.
    window.setTimeout(() => window.location.reload(), 1000);
  };

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
            <label className="field-inline" htmlFor="language-select">
              <Icon path={translate} size={20} />
              <span>{t("nav.language")}</span>
            </label>
            <select
              id="language-select"
              className="select"
              value={i18n.language}
              onChange={(e) => changeLanguage(e.target.value as LanguageCode)}
              disabled={changing}
            >
              {LANGUAGES.map((l) => (
                <option key={l.code} value={l.code} lang={l.tag}>
                  {l.name}
                </option>
              ))}
            </select>
            {changing ? (
              <p className="side-menu-note" role="status">
                {t("nav.languageChanging")}
              </p>
            ) : null}
            <button type="button" className="theme-toggle" onClick={() => dispatch({ type: "theme/toggle" })} aria-pressed={dark}>
              <Icon path={dark ? light_mode : dark_mode} size={20} />
              <span>{dark ? t("nav.themeToLight") : t("nav.themeToDark")}</span>
            </button>
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

function Footer() {
  const { t } = useTranslation();
  const { state } = useStore();
  const name = useProductName();
  const s = state.settings;
  const pages = Object.values(state.pages).sort((a, b) => a.id - b.id).slice(0, 6);
  const socials = [
    { url: s?.contact_twitter, label: t("footer.twitter") },
    { url: s?.contact_telegram, label: t("footer.telegram") },
    { url: s?.contact_instagram, label: t("footer.instagram") },
  ].filter((x): x is { url: string; label: string } => !!x.url && /^https?:\/\//i.test(x.url));
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Link to="/" className="brand">
            <LogoMark />
            <span className="brand-name">{name}</span>
          </Link>
          <p>{t("footer.about")}</p>
        </div>
        <nav aria-label={t("footer.links")}>
          <h2 className="footer-heading">{t("footer.links")}</h2>
          <ul className="footer-links">
            <li>
              <Link to="/">{t("nav.homePage")}</Link>
            </li>
            <li>
              <Link to="/track.html">{t("nav.track")}</Link>
            </li>
            <li>
              <Link to="/contact.html">{t("nav.contact")}</Link>
            </li>
            {pages.map((p) => (
              <li key={p.slug}>
                <Link to={`/pages/${p.slug}`} state={{ page: p }}>
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="footer-heading">{t("footer.contact")}</h2>
          <ul className="footer-contact">
            {s?.contact_email ? (
              <li>
                <Icon path={alternate_email} size={18} />
                <a href={`mailto:${s.contact_email}`} className="footer-email" dir="ltr">
                  {s.contact_email}
                </a>
              </li>
            ) : null}
            {s?.contact_phone ? (
              <li>
                <Icon path={phone} size={18} />
                <a href={`tel:${s.contact_phone.replace(/[^\d+]/g, "")}`} dir="ltr">{s.contact_phone}</a>
              </li>
            ) : null}
            {s?.contact_address ? (
              <li>
                <Icon path={location_on} size={18} />
                <bdi>{s.contact_address}</bdi>
              </li>
            ) : null}
            <li>
              <Icon path={send} size={18} />
              <Link to="/contact.html">{t("nav.contact")}</Link>
            </li>
          </ul>
          {socials.length ? (
            <ul className="footer-social" aria-label={t("footer.follow")}>
              {socials.map((x) => (
                <li key={x.label}>
                  <a href={x.url} rel="noopener noreferrer" target="_blank">
                    {x.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div className="footer-bottom">
        <div className="container">
          <p>{t("footer.copyright", { name })}</p>
        </div>
      </div>
    </footer>
  );
}

function BackToTop() {
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

import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useSiteGraph } from "../../modules/graph/siteGraph";
import { Icon } from "../Icon";
import { LogoMark, useProductName } from "../brand";
import { alternate_email, phone, send } from "../layoutIcons";
import { location_on } from "../icons";
import { usePages } from "./usePages";

/** The footer: brand, links (the main screens and the first six content pages), contact details and social links. */
export function Footer() {
  const { t } = useTranslation();
  const name = useProductName();
  const s = useSiteGraph().settings;
  const pages = usePages().slice(0, 6);
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
                <a href={`tel:${s.contact_phone.replace(/[^\d+]/g, "")}`} dir="ltr">
                  {s.contact_phone}
                </a>
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

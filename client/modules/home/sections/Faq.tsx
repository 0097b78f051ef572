import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { expand_more } from "../icons";
import { FAQ_QUESTIONS, WHY } from "../data";
import { useContainers } from "./parts";

/** Why choose the company, beside the frequent questions (the first one open). */
export function Faq() {
  const { t } = useTranslation();
  const count = useContainers();
  return (
    <section data-section="faq" className="section section-alt faq" aria-labelledby="faq-title">
      <div className="container faq-grid">
        <div className="why">
          <span className="eyebrow">{t("faq.eyebrow")}</span>
          <h2 id="faq-title">{t("faq.whyTitle")}</h2>
          <p className="why-text">{t("faq.whyText")}</p>
          <ul className="why-list">
            {WHY.map((w) => (
              <li key={w.key}>
                <span className="why-icon">
                  <Icon path={w.icon} size={22} />
                </span>
                <span>{t(`faq.${w.key}`, { containers: count })}</span>
              </li>
            ))}
          </ul>
          <div className="why-cta">
            <Link to="/contact.html" className="btn btn-primary">
              {t("nav.contact")}
            </Link>
          </div>
        </div>
        <div className="faq-list">
          <h3 className="faq-heading">{t("faq.title")}</h3>
          {FAQ_QUESTIONS.map((n) => (
            <details key={n} className="faq-item" open={n === 1}>
              <summary>
                <span>{t(`faq.q${n}`)}</span>
                <Icon path={expand_more} className="faq-chevron" />
              </summary>
              <p>{t(`faq.a${n}`, { containers: count })}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

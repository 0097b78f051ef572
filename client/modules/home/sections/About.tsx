import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { check_circle } from "../icons";
import { ABOUT } from "../data";
import { useContainers, useTargetLink } from "./parts";

/** About the company: picture, text, two figures, three points and the link to the about page. */
export function About() {
  const { t } = useTranslation();
  const count = useContainers();
  const href = useTargetLink()(ABOUT.target);
  return (
    <section data-section="about" className="section about" aria-labelledby="about-title">
      <div className="container about-grid">
        <div className="about-media">
          <img src="/img/about.svg" alt={t("about.alt")} width={640} height={520} loading="lazy" decoding="async" />
          <div className="about-badge" aria-hidden="true">
            <span>{t("about.since")}</span>
            <strong>{t("about.sinceYear")}</strong>
          </div>
        </div>
        <div className="about-text">
          <span className="eyebrow">{t("about.eyebrow")}</span>
          <h2 id="about-title">{t("about.title")}</h2>
          <p>{t("about.text")}</p>
          <dl className="about-stats">
            <div>
              <dt>{t("about.since")}</dt>
              <dd>{t("about.sinceYear")}</dd>
            </div>
            <div>
              <dt>{t("about.capacity")}</dt>
              <dd>{t("about.capacityValue", { containers: count })}</dd>
            </div>
          </dl>
          <ul className="check-list">
            {ABOUT.points.map((k) => (
              <li key={k}>
                <Icon path={check_circle} size={20} />
                <span>{t(`about.${k}`)}</span>
              </li>
            ))}
          </ul>
          <Link to={href} className="btn btn-primary">
            {t("about.cta")}
          </Link>
        </div>
      </div>
    </section>
  );
}

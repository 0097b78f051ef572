import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { SERVICE_CARDS } from "../data";
import { useTargetLink } from "./parts";

/** Air, sea and road: three cards under the hero. */
export function ServiceCards() {
  const { t } = useTranslation();
  const linkTo = useTargetLink();
  return (
    <section data-section="services" className="services" aria-labelledby="services-title">
      <div className="container">
        <h2 id="services-title" className="visually-hidden">
          {t("services.title")}
        </h2>
        <div className="service-cards">
          {SERVICE_CARDS.map((c) => (
            <article key={c.key} className="service-card card">
              <span className="service-icon">
                <Icon path={c.icon} size={30} />
              </span>
              <h3>{t(`services.${c.key}.title`)}</h3>
              <p>{t(`services.${c.key}.text`)}</p>
              <Link to={linkTo(c.target)} className="text-link">
                {t("common.learnMore")}
                <span className="visually-hidden"> — {t(`services.${c.key}.title`)}</span>
              </Link>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { QUALITIES } from "../data";
import { SectionHead } from "./parts";

/** What the company stands for: four qualities. */
export function Qualities() {
  const { t } = useTranslation();
  return (
    <section data-section="qualities" className="section qualities" aria-labelledby="qualities-title">
      <div className="container">
        <SectionHead id="qualities-title" eyebrow={t("qualities.eyebrow")} title={t("qualities.title")} intro={t("services.intro")} />
        <ul className="quality-grid">
          {QUALITIES.map((q) => (
            <li key={q.key} className="quality">
              <span className="quality-icon">
                <Icon path={q.icon} size={28} />
              </span>
              <div>
                <h3>{t(`qualities.${q.key}.title`)}</h3>
                <p>{t(`qualities.${q.key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { EXPERIENCE } from "../data";
import { SectionHead, useInView } from "./parts";

/** Experience in figures: three circles that fill once scrolled into view. */
export function Experience() {
  const { t } = useTranslation();
  const [ref, seen] = useInView<HTMLUListElement>();
  const r = 52;
  const c = 2 * Math.PI * r;
  return (
    <section data-section="experience" className="section experience" aria-labelledby="experience-title">
      <div className="container">
        <SectionHead id="experience-title" eyebrow={t("experience.eyebrow")} title={t("experience.title")} intro={t("experience.intro")} />
        <ul ref={ref} className={`circles${seen ? " in-view" : ""}`}>
          {EXPERIENCE.map((e) => (
            <li key={e.key} className="circle-item">
              <div className="circle" role="img" aria-label={`${t(`experience.${e.key}`)}: ${t("common.percent", { value: e.value })}`}>
                <svg viewBox="0 0 120 120" width="150" height="150" aria-hidden="true">
                  <circle className="circle-track" cx="60" cy="60" r={r} />
                  <circle
                    className="circle-value"
                    cx="60"
                    cy="60"
                    r={r}
                    strokeDasharray={c}
                    strokeDashoffset={c * (1 - e.value / 100)}
                    style={{ ["--circ" as string]: c }}
                  />
                </svg>
                <span className="circle-number" aria-hidden="true">
                  {t("common.percent", { value: e.value })}
                </span>
              </div>
              <h3 className="circle-label">
                <Icon path={e.icon} size={20} />
                {t(`experience.${e.key}`)}
              </h3>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

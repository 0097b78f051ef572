import { useTranslation } from "react-i18next";
import { Slider } from "../../../components/Slider";
import { PORTFOLIO } from "../data";
import { SectionHead } from "./parts";

/** Projects, with picture and caption, in a slider. */
export function Portfolio() {
  const { t } = useTranslation();
  return (
    <section data-section="portfolio" className="section portfolio" aria-labelledby="portfolio-title">
      <div className="container">
        <SectionHead id="portfolio-title" eyebrow={t("portfolio.eyebrow")} title={t("portfolio.title")} />
        <Slider label={t("portfolio.label")} className="portfolio-slider">
          {PORTFOLIO.map((p) => (
            <figure key={p.key} className="project">
              <img src={p.image} alt="" width={480} height={360} loading="lazy" decoding="async" />
              <figcaption>
                <h3>{t(`portfolio.${p.key}.title`)}</h3>
                <p>{t(`portfolio.${p.key}.text`)}</p>
              </figcaption>
            </figure>
          ))}
        </Slider>
      </div>
    </section>
  );
}

import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { Slider } from "../../../components/Slider";
import { SLIDER_ITEMS } from "../data";
import { SectionHead, useContainers, useTargetLink } from "./parts";

/** Every service, one card each, in a slider. */
export function ServiceSlider() {
  const { t } = useTranslation();
  const count = useContainers();
  const linkTo = useTargetLink();
  return (
    <section data-section="service-slider" className="section section-alt" aria-labelledby="slider-title">
      <div className="container">
        <SectionHead id="slider-title" eyebrow={t("slider.eyebrow")} title={t("slider.title")} />
        <Slider label={t("slider.label")} className="service-slider">
          {SLIDER_ITEMS.map((s) => (
            <article key={s.key} className="slide-card card">
              <img src={s.image} alt="" width={400} height={150} loading="lazy" decoding="async" />
              <div className="slide-card-body">
                <span className="slide-card-icon">
                  <Icon path={s.icon} size={22} />
                </span>
                <h3>{t(`slider.${s.key}.title`)}</h3>
                <p>{t(`slider.${s.key}.text`, { containers: count })}</p>
                <Link to={linkTo(s.target)} className="text-link">
                  {t("common.readMore")}
                  <span className="visually-hidden"> — {t(`slider.${s.key}.title`)}</span>
                </Link>
              </div>
            </article>
          ))}
        </Slider>
      </div>
    </section>
  );
}

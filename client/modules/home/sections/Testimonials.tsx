import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { Slider } from "../../../components/Slider";
import { useSiteGraph } from "../../graph/siteGraph";
import { format_quote, star } from "../icons";
import { REVIEW_STARS } from "../data";
import { SectionHead } from "./parts";

function Stars() {
  const { t } = useTranslation();
  return (
    <span className="stars" role="img" aria-label={t("testimonials.stars")}>
      {Array.from({ length: REVIEW_STARS }, (_, i) => (
        <Icon key={i} path={star} size={18} />
      ))}
    </span>
  );
}

/** The reviews of the start-up graph, in a slider. */
export function Testimonials() {
  const { t } = useTranslation();
  const { reviews } = useSiteGraph();
  return (
    <section data-section="testimonials" className="section section-alt testimonials" aria-labelledby="testimonials-title">
      <div className="container">
        <SectionHead id="testimonials-title" eyebrow={t("testimonials.eyebrow")} title={t("testimonials.title")} />
        {reviews.length ? (
          <Slider label={t("testimonials.label")} className="review-slider">
            {reviews.map((r) => (
              <figure key={r.id} className="review card">
                <Icon path={format_quote} size={40} className="review-quote flip-rtl" />
                <Stars />
                <blockquote>
                  <p dir="auto">{r.review}</p>
                </blockquote>
                <figcaption>
                  <img
                    src={`/uploads/images/${encodeURIComponent(r.image)}`}
                    alt={t("testimonials.photo", { name: r.name })}
                    width={56}
                    height={56}
                    loading="lazy"
                    decoding="async"
                  />
                  <bdi>{r.name}</bdi>
                </figcaption>
              </figure>
            ))}
          </Slider>
        ) : (
          <p className="empty-note">{t("testimonials.empty")}</p>
        )}
      </div>
    </section>
  );
}

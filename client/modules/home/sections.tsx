import { useEffect, useRef, useState, type RefObject } from "react";
import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { Slider } from "../../components/Slider";
import {
  airplanemode_active, check_circle, directions_boat, expand_more, format_quote, gavel, inventory_2, local_shipping, local_post_office,
  schedule, shield, star, support_agent, travel_explore, warehouse, workspace_premium, savings, qr_code_scanner,
} from "../../components/icons";
import { useStore } from "../../state/store";

/** Warehouse capacity of spec section 9, formatted for the visitor's language. */
export const WAREHOUSE_CONTAINERS = 200000;
function useCount(): string {
  const { i18n } = useTranslation();
  const tag = document.documentElement.lang || i18n.language;
  try {
    return new Intl.NumberFormat(tag).format(WAREHOUSE_CONTAINERS);
  } catch {
    return String(WAREHOUSE_CONTAINERS);
  }
}

/** A link to a content page when the server has it, otherwise to the contact screen. */
function usePageLink(slug: string): string {
  const { state } = useStore();
  return state.pages[slug] ? `/pages/${slug}` : "/contact.html";
}

function SectionHead({ eyebrow, title, intro, id }: { eyebrow: string; title: string; intro?: string; id: string }) {
  return (
    <div className="section-head">
      <span className="eyebrow">{eyebrow}</span>
      <h2 id={id}>{title}</h2>
      {intro ? <p>{intro}</p> : null}
    </div>
  );
}

export function ServiceCards() {
  const { t } = useTranslation();
  const cards = [
    { key: "air", icon: airplanemode_active, href: usePageLink("air-freight") },
    { key: "sea", icon: directions_boat, href: usePageLink("sea-transportation") },
    { key: "road", icon: local_shipping, href: usePageLink("road-transportation") },
  ];
  return (
    <section data-section="services" className="services" aria-labelledby="services-title">
      <div className="container">
        <h2 id="services-title" className="visually-hidden">
          {t("services.title")}
        </h2>
        <div className="service-cards">
          {cards.map((c) => (
            <article key={c.key} className="service-card card">
              <span className="service-icon">
                <Icon path={c.icon} size={30} />
              </span>
              <h3>{t(`services.${c.key}.title`)}</h3>
              <p>{t(`services.${c.key}.text`)}</p>
              <Link to={c.href} className="text-link">
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

export function Qualities() {
  const { t } = useTranslation();
  const items = [
    { key: "tracking", icon: travel_explore },
    { key: "safe", icon: shield },
    { key: "fast", icon: schedule },
    { key: "support", icon: support_agent },
  ];
  return (
    <section data-section="qualities" className="section qualities" aria-labelledby="qualities-title">
      <div className="container">
        <SectionHead id="qualities-title" eyebrow={t("qualities.eyebrow")} title={t("qualities.title")} intro={t("services.intro")} />
        <ul className="quality-grid">
          {items.map((q) => (
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

export function ServiceSlider() {
  const { t } = useTranslation();
  const count = useCount();
  const items = [
    { key: "warehouse", icon: warehouse, image: "/img/hero-warehouse.svg", href: usePageLink("warehousing") },
    { key: "air", icon: airplanemode_active, image: "/img/hero-air.svg", href: usePageLink("air-freight") },
    { key: "sea", icon: directions_boat, image: "/img/hero-sea.svg", href: usePageLink("sea-transportation") },
    { key: "road", icon: local_shipping, image: "/img/hero-road.svg", href: usePageLink("road-transportation") },
    { key: "customs", icon: gavel, image: "/img/hero-mixed.svg", href: "/contact.html" },
    { key: "lastmile", icon: local_post_office, image: "/img/slide-night.svg", href: "/track.html" },
  ];
  return (
    <section data-section="service-slider" className="section section-alt" aria-labelledby="slider-title">
      <div className="container">
        <SectionHead id="slider-title" eyebrow={t("slider.eyebrow")} title={t("slider.title")} />
        <Slider label={t("slider.label")} className="service-slider">
          {items.map((s) => (
            <article key={s.key} className="slide-card card">
              <img src={s.image} alt="" width={400} height={150} loading="lazy" decoding="async" />
              <div className="slide-card-body">
                <span className="slide-card-icon">
                  <Icon path={s.icon} size={22} />
                </span>
                <h3>{t(`slider.${s.key}.title`)}</h3>
                <p>{t(`slider.${s.key}.text`, { containers: count })}</p>
                <Link to={s.href} className="text-link">
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

export function About() {
  const { t } = useTranslation();
  const count = useCount();
  const href = usePageLink("about-us");
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
            {["point1", "point2", "point3"].map((k) => (
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

/** Experience percentages of spec section 9. */
export const EXPERIENCE = [
  { key: "warehousing", value: 95, icon: inventory_2 },
  { key: "ocean", value: 85, icon: directions_boat },
  { key: "air", value: 90, icon: airplanemode_active },
] as const;

/** True once the element has scrolled into view (animations start then). */
function useInView<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    if (typeof IntersectionObserver === "undefined") return setSeen(true);
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    }, { threshold: 0.3 });
    io.observe(el);
    return () => io.disconnect();
  }, [seen]);
  return [ref, seen];
}

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

function Stars() {
  const { t } = useTranslation();
  return (
    <span className="stars" role="img" aria-label={t("testimonials.stars")}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Icon key={i} path={star} size={18} />
      ))}
    </span>
  );
}

export function Testimonials() {
  const { t } = useTranslation();
  const { state } = useStore();
  const reviews = state.reviews ?? [];
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

export function Portfolio() {
  const { t } = useTranslation();
  const items = [
    { key: "p1", image: "/img/slide-sea.svg" },
    { key: "p2", image: "/img/hero-air.svg" },
    { key: "p3", image: "/img/hero-mixed.svg" },
    { key: "p4", image: "/img/hero-road.svg" },
    { key: "p5", image: "/img/hero-warehouse.svg" },
    { key: "p6", image: "/img/slide-night.svg" },
  ];
  return (
    <section data-section="portfolio" className="section portfolio" aria-labelledby="portfolio-title">
      <div className="container">
        <SectionHead id="portfolio-title" eyebrow={t("portfolio.eyebrow")} title={t("portfolio.title")} />
        <Slider label={t("portfolio.label")} className="portfolio-slider">
          {items.map((p) => (
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

export function Faq() {
  const { t } = useTranslation();
  const count = useCount();
  const why = [
    { key: "why1", icon: workspace_premium },
    { key: "why2", icon: warehouse },
    { key: "why3", icon: qr_code_scanner },
    { key: "why4", icon: savings },
  ];
  return (
    <section data-section="faq" className="section section-alt faq" aria-labelledby="faq-title">
      <div className="container faq-grid">
        <div className="why">
          <span className="eyebrow">{t("faq.eyebrow")}</span>
          <h2 id="faq-title">{t("faq.whyTitle")}</h2>
          <p className="why-text">{t("faq.whyText")}</p>
          <ul className="why-list">
            {why.map((w) => (
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
          {[1, 2, 3, 4, 5].map((n) => (
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

import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { useStaged } from "../../../components/staged";
import { chevron_left, chevron_right, pause, play_arrow } from "../icons";
import { HERO_SLIDES } from "../data";
import { useTargetLink } from "./parts";

const SLIDE_INTERVAL_MS = 10_000;

/**
 * The home hero: three slides (world wide delivery, 24/7 delivery, sea surf) advancing every
 * 10 s. It pauses while hovered or focused and with its pause button; arrow keys, the
 * previous/next buttons and the dots change slides.
 */
export function HeroCarousel() {
  const { t } = useTranslation();
  const linkTo = useTargetLink();
  const slides = HERO_SLIDES;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const root = useRef<HTMLElement>(null);
  // The hidden slides get their content a frame after the visible one (see useStaged): the first layout is the visible slide's.
  const allSlides = useStaged(2, 1) === 2;

  const go = useCallback((i: number) => setIndex((i + slides.length) % slides.length), [slides.length]);

  useEffect(() => {
    if (paused || hovered || focused) return;
    const id = window.setTimeout(() => go(index + 1), SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(id);
  }, [index, paused, hovered, focused, go]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    const rtl = document.documentElement.dir === "rtl";
    const forward = (e.key === "ArrowRight") !== rtl;
    go(index + (forward ? 1 : -1));
    e.preventDefault();
  };

  return (
    <section
      ref={root}
      className="hero"
      data-section="hero"
      aria-roledescription="carousel"
      aria-label={t("hero.label")}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="hero-slides" aria-live={paused || focused ? "polite" : "off"}>
        {slides.map((s, i) => {
          const active = i === index;
          return (
            <div
              key={s.key}
              className={`hero-slide hero-${s.key}${active ? " active" : ""}`}
              role="group"
              aria-roledescription="slide"
              aria-label={t("hero.slideOf", { n: i + 1, total: slides.length })}
              aria-hidden={!active}
              inert={!active}
            >
              {active || allSlides ? (
                <>
                  <img
                    className="hero-img"
                    src={s.image}
                    alt={t(`hero.${s.key}.alt`)}
                    width={1600}
                    height={900}
                    loading={i === 0 ? "eager" : "lazy"}
                    fetchPriority={i === 0 ? "high" : "low"}
                    decoding="async"
                  />
                  <div className="hero-shade" aria-hidden="true" />
                  <div className="container hero-content">
                    <p className="hero-eyebrow">{t(`hero.${s.key}.eyebrow`)}</p>
                    {i === 0 ? <h1 className="hero-title">{t(`hero.${s.key}.title`)}</h1> : <h2 className="hero-title">{t(`hero.${s.key}.title`)}</h2>}
                    <p className="hero-text">{t(`hero.${s.key}.text`)}</p>
                    <div className="hero-actions">
                      <Link to={linkTo(s.primary)} className="btn btn-accent">
                        {t(`hero.${s.key}.cta`)}
                      </Link>
                      <Link to={linkTo(s.secondary)} className="btn btn-ghost">
                        {t(s.secondaryLabel ?? `hero.${s.key}.secondary`)}
                      </Link>
                    </div>
                  </div>
                </>
              ) : null}
            </div>
          );
        })}
      </div>
      <div className="container hero-controls">
        <button type="button" className="hero-btn" onClick={() => go(index - 1)} aria-label={t("hero.previous")}>
          <Icon path={chevron_left} className="flip-rtl" />
        </button>
        <div className="hero-dots">
          {slides.map((s, i) => (
            <button
              key={s.key}
              type="button"
              className={`hero-dot${i === index ? " active" : ""}`}
              aria-label={t("hero.goTo", { n: i + 1 })}
              aria-current={i === index ? "true" : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
        <button type="button" className="hero-btn" onClick={() => go(index + 1)} aria-label={t("hero.next")}>
          <Icon path={chevron_right} className="flip-rtl" />
        </button>
        <button type="button" className="hero-btn" onClick={() => setPaused((p) => !p)} aria-label={paused ? t("hero.play") : t("hero.pause")}>
          <Icon path={paused ? play_arrow : pause} />
        </button>
      </div>
    </section>
  );
}

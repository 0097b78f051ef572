import "../styles/home.css";
import { useDocumentTitle } from "../components/brand";
import { useStaged } from "../components/staged";
import { HeroCarousel } from "../modules/home/HeroCarousel";
import { About, Experience, Faq, Portfolio, Qualities, ServiceCards, ServiceSlider, Testimonials } from "../modules/home/sections";

const SECTIONS = [HeroCarousel, ServiceCards, Qualities, ServiceSlider, About, Experience, Testimonials, Portfolio, Faq];

/**
 * Home page: the ten sections of spec section 2 (the footer is the layout's). The hero comes first; the
 * other sections follow one per frame, while a screen-high spacer keeps the footer below the fold.
 */
export default function HomePage() {
  useDocumentTitle(null);
  const shown = useStaged(SECTIONS.length, 1);
  return (
    <div className="home">
      {SECTIONS.slice(0, shown).map((Section, i) => (
        <Section key={i} />
      ))}
      {shown < SECTIONS.length ? <div className="home-pending" aria-hidden="true" /> : null}
    </div>
  );
}

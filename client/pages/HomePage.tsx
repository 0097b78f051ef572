import "../styles/home.css";
import { useDocumentTitle } from "../components/brand";
import { useStaged } from "../components/staged";
import { SECTIONS } from "../modules/home/sections";

/**
 * Home page: its ten sections (the footer is the layout's). The hero comes first; the
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

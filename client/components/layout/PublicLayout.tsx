import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { useApolloClient } from "@apollo/client/react";
import { useStaged } from "../staged";
import { BackToTop } from "./BackToTop";
import { PageLoading } from "./PageLoading";
import { SideMenu } from "./SideMenu";
import { SkipLink } from "./SkipLink";
import { TopBar } from "./TopBar";
import { useChatCode } from "./useChatCode";
import { useMetaDescription } from "./useMetaDescription";
import { releaseEarlyInput } from "../../earlyInput";

// The footer, below the fold and added after the first paint (useStaged), is its own chunk, with its icons.
const Footer = lazy(() => import("./Footer").then((m) => ({ default: m.Footer })));

/**
 * A page the server rendered is hydrated with the server's Apollo cache and no requests (client/start.tsx).
 * The screen is hydrated with this boundary, after the layout around it; this effect runs after the
 * screen's own, so its queries were answered from the cache. From then on, the network as usual; and the
 * clicks and forms held while the page had no app (client/earlyInput.ts) are done now.
 */
function AfterHydration() {
  const client = useApolloClient();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/immutability -- the Apollo client is configured in place once the page is hydrated: that is what this effect is for
    client.prioritizeCacheValues = false;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the extra render after hydration is the point: the next effect releases held input then
    setSettled(true);
  }, [client]);
  // A render later: what the inputs took from the page in their own first effects (useKeepTyped) is in their
  // state, so a held form is sent with what was typed.
  useEffect(() => {
    if (settled) releaseEarlyInput();
  }, [settled]);
  return null;
}

/** Public pages: top bar, side menu, faded page area and footer. */
export function PublicLayout() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // The footer, below the fold, joins a frame after the first paint (its chunk loaded then): the first layout is only the top of the page.
  const withFooter = useStaged(2, 1) === 2;

  // Each page change starts at the top and closes the menu; from the first one on, pages fade in again.
  const firstPath = useRef(pathname);
  useEffect(() => {
    window.scrollTo(0, 0);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- closing the menu on a page change after it rendered; setting it during render would change when it closes
    setMenuOpen(false);
    if (pathname !== firstPath.current) delete document.documentElement.dataset.rendered;
  }, [pathname]);
  useMetaDescription();
  useChatCode();

  return (
    <div className="site">
      <SkipLink />
      <TopBar onMenu={() => setMenuOpen(true)} />
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      <main id="main" tabIndex={-1} className="site-main page-fade" key={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
          <AfterHydration />
        </Suspense>
      </main>
      {withFooter ? (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      ) : null}
      <BackToTop />
    </div>
  );
}

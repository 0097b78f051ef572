import { useLocation, useParams } from "react-router-dom";
import "../styles/pages.css";
import { PageHero } from "../components/PageHero";
import { Markup } from "../components/Markup";
import { PageLoading } from "../components/layout/PageLoading";
import { useGraphReady, useSiteGraph, type PageItem } from "../modules/graph/siteGraph";
import NotFoundPage from "./NotFoundPage";
import { useDocumentTitle } from "../components/brand";

/**
 * A content page by slug: from the start-up graph in Apollo's cache, or the page passed in navigation state; the
 * 404 screen once the site graph has arrived without it.
 */
export default function ContentPage() {
  const { slug = "" } = useParams();
  const { pagesBySlug } = useSiteGraph();
  const location = useLocation();
  const ready = useGraphReady();
  const passed = (location.state as { page?: PageItem } | null)?.page;
  const page = pagesBySlug.get(slug) ?? (passed?.slug === slug ? passed : undefined);
  useDocumentTitle(page?.title);

  if (!page) return ready ? <NotFoundPage /> : <PageLoading />;
  return (
    <article>
      <PageHero title={page.title} subtitle={page.sub_title} hero={page.hero} overlay={page.overlay} />
      <div className="container page-body">
        <div className="card content-card">
          <Markup content={page.content} />
        </div>
      </div>
    </article>
  );
}

import { useEffect } from "react";
import { setMetaDescription, useSiteGraph } from "../../modules/graph/siteGraph";

/** The settings' meta description in the page's <meta name="description"> (the server writes it into the HTML too). */
export function useMetaDescription(): void {
  const text = useSiteGraph().settings?.meta_description;
  useEffect(() => {
    if (text) setMetaDescription(text);
  }, [text]);
}

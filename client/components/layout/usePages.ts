import { useSiteGraph, type PageItem } from "../../modules/graph/siteGraph";

/** The content pages in the order they were made (the menu's and the footer's order). */
export function usePages(): PageItem[] {
  return useSiteGraph().pages;
}

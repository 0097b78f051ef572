import type { PageIcon } from "@shared/modules/page/page.codes";
import { copyright, folder, pages, people } from "./layoutIcons";

/** The path of each page icon the server allows (shared/modules/page/page.codes.ts). */
const PAGE_ICON_PATHS: Record<PageIcon, string> = { people, copyright, pages, folder };

/** A content page's icon by its name; pages for a name the client does not know. */
export function pageIconPath(icon: string | null | undefined): string {
  return icon && Object.hasOwn(PAGE_ICON_PATHS, icon) ? PAGE_ICON_PATHS[icon as PageIcon] : pages;
}

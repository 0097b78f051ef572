import { copyright, folder, pages, people } from "./layoutIcons";

/** The four page icons of the spec (people, copyright, pages, folder); default pages. */
const PAGE_ICONS: Record<string, string> = { people, copyright, pages, folder };
export function pageIconPath(icon: string | null | undefined): string {
  return (icon && PAGE_ICONS[icon]) || pages;
}

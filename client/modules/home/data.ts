// The home page's content apart from its words (the locales' texts under the same keys): which
// items each section shows, with their icons, images and links.
import { HOME_FIRST_SLIDE } from "../../components/heroImages";
import {
  airplanemode_active,
  directions_boat,
  gavel,
  inventory_2,
  local_shipping,
  mail,
  qr_code_scanner,
  savings,
  schedule,
  shield,
  support_agent,
  travel_explore,
  warehouse,
  workspace_premium,
} from "./icons";

/** The warehouse capacity the texts quote (shown in the visitor's number format). */
export const WAREHOUSE_CONTAINERS = 200000;

/** Where an item leads: a content page (by slug) when the server has it, else the contact screen; or a fixed screen. */
export type Target = { page: string } | { to: string };

/** The hero carousel's slides, the first one the page's largest paint. */
/** `secondaryLabel`: the secondary link's text key when it is not the slide's own (`hero.<key>.secondary`). */
export const HERO_SLIDES: { key: "world" | "night" | "sea"; image: string; primary: Target; secondary: Target; secondaryLabel?: string }[] = [
  { key: "world", image: HOME_FIRST_SLIDE, primary: { to: "/track.html" }, secondary: { to: "/quote" }, secondaryLabel: "hero.quote" },
  { key: "night", image: "/img/slide-night.svg", primary: { to: "/contact.html" }, secondary: { to: "/track.html" } },
  { key: "sea", image: "/img/slide-sea.svg", primary: { page: "sea-transportation" }, secondary: { to: "/contact.html" } },
];

export const SERVICE_CARDS: { key: string; icon: string; target: Target }[] = [
  { key: "air", icon: airplanemode_active, target: { page: "air-freight" } },
  { key: "sea", icon: directions_boat, target: { page: "sea-transportation" } },
  { key: "road", icon: local_shipping, target: { page: "road-transportation" } },
];

export const QUALITIES: { key: string; icon: string }[] = [
  { key: "tracking", icon: travel_explore },
  { key: "safe", icon: shield },
  { key: "fast", icon: schedule },
  { key: "support", icon: support_agent },
];

export const SLIDER_ITEMS: { key: string; icon: string; image: string; target: Target }[] = [
  { key: "warehouse", icon: warehouse, image: "/img/hero-warehouse.svg", target: { page: "warehousing" } },
  { key: "air", icon: airplanemode_active, image: "/img/hero-air.svg", target: { page: "air-freight" } },
  { key: "sea", icon: directions_boat, image: "/img/hero-sea.svg", target: { page: "sea-transportation" } },
  { key: "road", icon: local_shipping, image: "/img/hero-road.svg", target: { page: "road-transportation" } },
  { key: "customs", icon: gavel, image: "/img/hero-mixed.svg", target: { to: "/contact.html" } },
  { key: "lastmile", icon: mail, image: "/img/slide-night.svg", target: { to: "/track.html" } },
];

export const ABOUT = { target: { page: "about-us" } as Target, points: ["point1", "point2", "point3"] };

/** The experience circles: percentages. */
export const EXPERIENCE = [
  { key: "warehousing", value: 95, icon: inventory_2 },
  { key: "ocean", value: 85, icon: directions_boat },
  { key: "air", value: 90, icon: airplanemode_active },
] as const;

/** The testimonials' rating: five stars each. */
export const REVIEW_STARS = 5;

export const PORTFOLIO: { key: string; image: string }[] = [
  { key: "p1", image: "/img/slide-sea.svg" },
  { key: "p2", image: "/img/hero-air.svg" },
  { key: "p3", image: "/img/hero-mixed.svg" },
  { key: "p4", image: "/img/hero-road.svg" },
  { key: "p5", image: "/img/hero-warehouse.svg" },
  { key: "p6", image: "/img/slide-night.svg" },
];

/** "Why us" beside the questions, and the questions (faq.q1..q5 with faq.a1..a5), the first one open. */
export const WHY: { key: string; icon: string }[] = [
  { key: "why1", icon: workspace_premium },
  { key: "why2", icon: warehouse },
  { key: "why3", icon: qr_code_scanner },
  { key: "why4", icon: savings },
];
export const FAQ_QUESTIONS = [1, 2, 3, 4, 5];

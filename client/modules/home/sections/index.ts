import { About } from "./About";
import { Experience } from "./Experience";
import { Faq } from "./Faq";
import { HeroCarousel } from "./HeroCarousel";
import { Portfolio } from "./Portfolio";
import { Qualities } from "./Qualities";
import { ServiceCards } from "./ServiceCards";
import { ServiceSlider } from "./ServiceSlider";
import { Testimonials } from "./Testimonials";

/** The home page's sections, top to bottom (one file each; their items are in ../data.ts). */
export const SECTIONS = [HeroCarousel, ServiceCards, Qualities, ServiceSlider, About, Experience, Testimonials, Portfolio, Faq];

import "reflect-metadata";
import fs from "node:fs/promises";
import path from "node:path";
import { ENV_VARS, readEnv } from "../server/core/config.js";
import { isUniqueViolation } from "../server/core/errors.js";
import { projectPath } from "../server/core/paths.js";
import { validated } from "../server/core/validation.js";
import { db, type Db } from "../server/db/index.js";
import { CreateActivityInput } from "../server/modules/activity/activity.input.js";
import { CreateParcelInput } from "../server/modules/parcel/parcel.input.js";
import { CreatePageInput } from "../server/modules/page/page.input.js";
import { slugify } from "../server/modules/page/page.service.js";
import { CreateReviewInput } from "../server/modules/review/review.input.js";
import { ContactSettingsInput, HtmlSettingsInput, MailSettingsInput, ShippingSettingsInput } from "../server/modules/settings/settings.input.js";
import { importImage } from "../server/modules/upload/upload.service.js";
import { DEMO_CURRENCY, demoRates } from "./seed-rates.js";

/** The OneTimeClaim that records "the demo decision was taken for this database". */
export const DEMO_CLAIM = "demo_seed";
const ASSETS = projectPath("prisma/seed-assets");

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

// ---------------------------------------------------------------------------------------------
// Content pages. Markup: one line per paragraph, a blank line is a break,
// [bold=...] headings hold letters, spaces and ? only. No image or video directives: the site
// never hot-links other hosts.
// ---------------------------------------------------------------------------------------------

export interface DemoPage {
  slug: string;
  title: string;
  sub_title: string;
  icon: "people" | "copyright" | "pages" | "folder";
  hero: "hero-mixed" | "hero-air" | "hero-sea" | "hero-road" | "hero-warehouse";
  overlay: "overlay1" | "overlay2" | "overlay3";
  content: string;
}

const lines = (...l: string[]) => l.join("\n");

export const DEMO_PAGES: DemoPage[] = [
  {
    slug: "about-us",
    title: "About Us",
    sub_title: "Moving parcels and freight across the world since 1985",
    icon: "people",
    hero: "hero-mixed",
    overlay: "overlay1",
    content: lines(
      "SwiftRoute Courier started in 1985 as a two-van delivery service on the London docks. Today we move documents, parcels and full freight loads by air, sea and road to more than 200 countries and territories, and we still treat every shipment as if it were the only one on the truck.",
      "We are an independent, family-run logistics company. That means one team owns your shipment from collection to signature: the person who answers your call can see exactly where your parcel is and who is handling it next.",
      "",
      "[bold=What we do]",
      "Express and economy parcel delivery for businesses and private customers.",
      "Air freight for urgent and high-value cargo, with next-flight-out options on major trade lanes.",
      "Sea freight in full containers (FCL) or shared containers (LCL) for heavy and bulky goods.",
      "Road transportation across Europe with dedicated vans, part loads and full trailer loads.",
      "Bonded and general warehousing with space for up to 200,000 containers' worth of goods, pick-and-pack fulfilment and returns handling.",
      "",
      "[bold=How we work]",
      "Every shipment gets a tracking code the moment it is booked. Each scan, hand-over and customs event is recorded in the shipment history, so you and your recipient see the same information we do.",
      "Our own staff handle collection, sorting and final delivery in our core markets; elsewhere we work with long-standing partner carriers that we audit every year for safety, security and service quality.",
      "",
      "[bold=Why customers choose us]",
      "Honest delivery estimates: we quote a delivery window, not a best case, and we tell you early when something changes.",
      "Specialist knowledge of customs paperwork, dangerous-goods rules and temperature-sensitive cargo.",
      "A real person on the phone, seven days a week, who can act on your shipment instead of reading a script.",
      "",
      "[bold=Get in touch]",
      "Use the Contact Us page or call our operations desk for a quote, a collection or help with an existing shipment. Have your tracking code ready so we can help you straight away.",
    ),
  },
  {
    slug: "warehousing",
    title: "Warehousing",
    sub_title: "Storage, fulfilment and distribution under one roof",
    icon: "folder",
    hero: "hero-warehouse",
    overlay: "overlay2",
    content: lines(
      "Our warehouses sit next to the ports, airports and motorway junctions we ship through every day, so goods move from storage to transport without extra handling. Together they hold up to 200,000 containers' worth of stock on racking, in bulk floor space and in secure cages.",
      "",
      "[bold=What we offer]",
      "Short and long term storage on pallets, shelving or floor space, charged per pallet or per square metre per week.",
      "Bonded storage: imported goods can wait in our customs warehouse with duty and VAT suspended until they are released for sale.",
      "Temperature-controlled chambers (2 to 8 °C and 15 to 25 °C) for food, cosmetics and pharmaceuticals, with continuous data logging.",
      "Pick, pack and dispatch for online shops, with same-day dispatch for orders received before 2 pm.",
      "Cross-docking, labelling, kitting, quality checks and returns processing.",
      "",
      "[bold=How it works]",
      "We agree a storage plan with you, receive your goods against an advance shipping notice and count, photograph and put them away within 24 hours of arrival.",
      "You see live stock levels, inbound deliveries and outbound orders in your account and can release stock to any of our air, sea or road services with one instruction.",
      "",
      "[bold=Security and insurance]",
      "All sites are fenced, monitored by CCTV around the clock and protected by intruder and fire detection with sprinklers. Access is limited to trained staff.",
      "Goods in our care are covered by our warehouse liability terms; we recommend full-value cargo insurance, which we can arrange for you.",
      "",
      "[bold=What we cannot store]",
      "Explosives, radioactive material, live animals, perishable goods without a temperature plan, and anything illegal to hold in the country of the warehouse. Dangerous goods of other classes are accepted only after a written assessment.",
    ),
  },
  {
    slug: "privacy-policy",
    title: "Privacy Policy",
    sub_title: "What we collect, why we keep it and your rights",
    icon: "copyright",
    hero: "hero-mixed",
    overlay: "overlay3",
    content: lines(
      'This policy explains how SwiftRoute Courier ("we", "us") handles personal data when you send or receive a shipment, track a parcel on this website or contact us. We are the data controller for this data.',
      "",
      "[bold=What data we collect]",
      "Shipment data: the names, addresses, e-mail addresses and phone numbers of the sender and the recipient, the contents description, weight and declared value of the shipment, and the events of its journey (scans, locations, delivery confirmation).",
      "Tracking look-ups: when you enter a tracking code we process the code and technical data your browser sends (IP address, browser type, time of the request) to answer the request and to protect the service against abuse.",
      "Contact messages: your name, e-mail address and the text of your message.",
      "Control panel accounts: the e-mail address and a securely hashed password of staff who manage the site, and a session cookie while they are signed in.",
      "",
      "[bold=Why we use it]",
      "To collect, transport and deliver shipments and to show their progress to the sender and the recipient (performance of a contract).",
      "To prepare customs declarations and meet legal duties such as tax, customs and security screening requirements (legal obligation).",
      "To answer your questions and complaints, and to keep our services secure (legitimate interests).",
      "We do not sell personal data and we do not use it for advertising profiles.",
      "",
      "[bold=What the public tracking page shows]",
      "Anyone who knows a tracking code can see the shipment's status, its history, the recipient's name and the destination. The recipient's and the sender's e-mail addresses and phone numbers are never shown on the public page. Treat your tracking code like a reference number: share it only with people who should follow the shipment.",
      "",
      "[bold=Who we share it with]",
      "Partner carriers and agents that handle part of the journey, customs and tax authorities where the law requires it, and IT service providers that host our systems under a data processing agreement. Transfers outside your country are protected by adequacy decisions or standard contractual clauses.",
      "",
      "[bold=How long we keep it]",
      "Shipment and tracking records: 24 months after delivery, then deleted or anonymised, unless customs or tax law requires a longer period (usually up to 6 years for customs documents).",
      "Contact messages: 12 months after the conversation ends.",
      "Server logs of tracking look-ups: 30 days.",
      "",
      "[bold=Cookies]",
      "This website uses only the cookies it needs to work: a session cookie for signed-in staff and a cookie that remembers your language. We do not use advertising or third-party tracking cookies. The map on the tracking page loads map tiles from a tile server, which receives your IP address to deliver them.",
      "",
      "[bold=Your rights]",
      "You may ask for a copy of your personal data, ask us to correct or delete it, object to or restrict its use, and receive it in a portable format. Where we rely on consent you may withdraw it at any time. Write to us through the Contact Us page; we answer within one month.",
      "If you are unhappy with how we handle your data you may complain to your local data protection authority.",
      "",
      "[bold=Changes]",
      "We update this policy when our services or the law change. The version on this page is the one that applies.",
    ),
  },
  {
    slug: "air-freight",
    title: "Air Freight",
    sub_title: "The fastest way to move urgent and high-value cargo",
    icon: "pages",
    hero: "hero-air",
    overlay: "overlay1",
    content: lines(
      "When time matters more than cost, air freight gets your goods to almost any city in the world within days. We book space with scheduled passenger and cargo airlines and handle the whole chain: collection, export clearance, the flight, import clearance and final delivery.",
      "",
      "[bold=Service levels]",
      "Next Flight Out: for critical spare parts and documents, on the first available flight, typically delivered in 1 to 2 days.",
      "Express: door to door in 2 to 4 working days between major cities.",
      "Economy air: consolidated with other shipments, 4 to 7 working days, at a lower rate.",
      "Transit times depend on flight schedules, customs and the last mile; your tracking history shows every step, including the flight departure and arrival.",
      "",
      "[bold=What can be shipped?]",
      "Documents, samples, electronics, machine parts, fashion, medical supplies and most general cargo. Lithium batteries, perfumes, aerosols and other dangerous goods travel only when packed, marked and declared under IATA rules; ask us before you book.",
      "Cash, firearms, live animals and illegal goods are not accepted.",
      "",
      "[bold=How air freight is priced]",
      "Airlines charge by the greater of the actual weight and the volumetric weight (length x width x height in cm divided by 6000). A light but bulky box can therefore cost more than its weight suggests, so measure carefully when you ask for a quote.",
      "",
      "[bold=Packaging tips]",
      "Use a new, double-walled carton or a wooden crate for heavy items, fill empty space so nothing can move, and seal every seam with strong tape.",
      "Put the label on the largest face and remove old labels and barcodes.",
      "Pack liquids in sealed inner containers with absorbent material.",
      "",
      "[bold=Customs and insurance]",
      "International shipments need a commercial invoice (or a pro-forma invoice for gifts and samples) with an accurate description, value and country of origin. Duties and taxes are paid by the recipient unless you choose delivered duty paid.",
      "Our liability is limited by the air transport conventions; for valuable cargo we recommend declaring the full value and adding cargo insurance when you book.",
    ),
  },
  {
    slug: "sea-transportation",
    title: "Sea Transportation",
    sub_title: "Cost-effective ocean freight for heavy and bulky goods",
    icon: "pages",
    hero: "hero-sea",
    overlay: "overlay2",
    content: lines(
      "Ocean freight is the most economical way to move large volumes over long distances. We ship full and shared containers between the world's main ports and arrange the trucking, customs and warehousing at both ends.",
      "",
      "[bold=Full container or shared container?]",
      "FCL (full container load): you rent a whole 20 ft or 40 ft container, sealed at your premises and opened only by the recipient. Best from about 15 cubic metres upwards.",
      "LCL (less than container load): your pallets share a container with other customers' goods and you pay only for the space you use. Ideal for one to a dozen pallets.",
      "We also handle refrigerated containers, open-top and flat-rack equipment for oversized machinery, and roll-on roll-off vehicles.",
      "",
      "[bold=Transit times]",
      "Port to port, typical sailings take 25 to 35 days from China to Northern Europe, 12 to 18 days across the Atlantic and 3 to 7 days on short-sea routes within Europe. Allow a few more days for collection, customs and delivery, and extra time for LCL consolidation.",
      "We publish the planned vessel and sailing in your shipment history and update it if a vessel is delayed or a port is congested.",
      "",
      "[bold=Packaging and loading]",
      "Use strong export pallets (heat-treated to ISPM 15 when wooden), stretch-wrap and strap the goods, and stack the heaviest items at the bottom.",
      "Moisture is the enemy at sea: add desiccant bags for sensitive goods and avoid packing wet wood or cartons.",
      "",
      "[bold=Documents and customs]",
      "A commercial invoice, a packing list and the bill of lading travel with every shipment; some goods also need certificates of origin or inspection. Our customs team files the export and import declarations and tells you in advance what duties to expect.",
      "",
      "[bold=Insurance]",
      "Carriers' liability at sea is limited and shared losses under general average can affect every cargo owner on a vessel. Full-value marine cargo insurance protects you against both; we can arrange it with your booking.",
    ),
  },
  {
    slug: "road-transportation",
    title: "Road Transportation",
    sub_title: "Door to door across Europe by van and truck",
    icon: "pages",
    hero: "hero-road",
    overlay: "overlay3",
    content: lines(
      "Road freight is flexible, direct and fast over distances up to a few thousand kilometres. Our vans and trucks collect at your door and deliver to your customer's door, with no hand-over at airports or ports along the way.",
      "",
      "[bold=Our road services]",
      "Dedicated van: one van just for your shipment, leaving as soon as it is loaded. Ideal for urgent deliveries up to 1,200 kg.",
      "Groupage: your pallets travel with other customers' goods on our scheduled trailer routes, at a lower price.",
      "Full truck load: a 13.6 m trailer for up to 24 tonnes or 33 pallets, direct from collection to delivery.",
      "Last-mile bike and moped couriers for same-day delivery inside major city centres.",
      "",
      "[bold=How long does it take?]",
      "Within one country: next working day for most addresses. Between neighbouring countries: 1 to 3 working days. Across Europe: 3 to 5 working days for groupage, often faster for dedicated vehicles. Drivers follow the legal driving-time rules, so very long routes use two drivers or a relay.",
      "",
      "[bold=What can be shipped?]",
      "Pallets, cartons, machinery, furniture, retail stock and exhibition material. Dangerous goods travel under ADR rules with trained drivers and marked vehicles when they are declared at booking.",
      "",
      "[bold=Packaging tips]",
      "Palletise cartons where you can, wrap and strap the load, and mark fragile or this-way-up goods clearly. Tell us about tail-lift or small-vehicle needs at the delivery address when you book.",
      "",
      "[bold=Tracking and proof of delivery]",
      "Every collection, depot scan and delivery is recorded in the tracking history, and the recipient's signature is captured on delivery. For cross-border shipments outside the customs union we prepare the transit and export documents for you.",
    ),
  },
];

// ---------------------------------------------------------------------------------------------
// Settings and reviews
// ---------------------------------------------------------------------------------------------

export const DEMO_SETTINGS = {
  mail: { mail_driver: "mail", mail_template: "html1" },
  html: {
    meta_description:
      "SwiftRoute Courier: parcel delivery, air freight, sea freight, road transportation and warehousing worldwide. Track your parcel online with your tracking code.",
    chat_code: "",
  },
  contact: {
    // One name everywhere (pages, e-mails, PDFs): the demo company's, which its pages already use.
    company_name: "SwiftRoute Courier",
    contact_email: "hello@swiftroute-courier.example",
    contact_phone: "+44 20 7946 0321",
    contact_phone_alt: "+1 202 555 0147",
    contact_twitter: "https://twitter.com/swiftroute_example",
    contact_telegram: "https://t.me/swiftroute_example",
    contact_instagram: "https://instagram.com/swiftroute_example",
    contact_address: "Unit 12, Harbour Logistics Park, Tilbury RM18 7XX, United Kingdom",
  },
};

export const DEMO_REVIEWS = [
  {
    name: "Thomas Whitfield",
    image: "demo-review-1.png",
    review:
      "We ship replacement parts to construction sites all over Europe and SwiftRoute's dedicated vans have not missed a deadline in two years. When a ferry was cancelled last winter they called us before we even noticed and rerouted the load through the tunnel.",
  },
  {
    name: "Priya Raman",
    image: "demo-review-2.png",
    review:
      "Our online shop moved its stock into their warehouse and the difference was immediate: orders placed before two go out the same day and returns are checked and back on the shelf within a day. The tracking page answers most of our customers' questions for us.",
  },
  {
    name: "Grace Mensah",
    image: "demo-review-3.png",
    review:
      "I had to get medical samples from Accra to London under temperature control and was nervous about customs. The team prepared every document, kept me posted at each step and the shipment arrived cold and on time. Friendly people who really know their job.",
  },
];

// ---------------------------------------------------------------------------------------------
// Parcels with their history. Times are relative to the moment of seeding so the demo always
// looks current: `at(days ago, "HH:MM")` in UTC.
// ---------------------------------------------------------------------------------------------

interface DemoActivity {
  at: [number, string];
  title: string;
  description: string;
  icon: string;
  color: "green" | "black" | "gold" | "red";
  status_code?: string;
  status_reason?: string;
}
interface DemoParcel {
  /** Parcel fields; the delivery window is given in days from the seeding day. */
  fields: Record<string, unknown> & { tracking_code: string; recipient_name: string; destination: string; min_delivery: number; max_delivery: number };
  history: DemoActivity[];
}

export const DEMO_PARCELS: DemoParcel[] = [
  {
    fields: {
      tracking_code: "CR-2026-000001",
      recipient_name: "Emily Carter",
      recipient_email: "emily.carter@example.com",
      recipient_phone_number: "+1 212 555 0183",
      sender_name: "Harrow & Finch Instruments Ltd",
      sender_email: "dispatch@harrowfinch.example",
      pickup_location: "14 Camden High Street, London, United Kingdom",
      destination: "350 Fifth Avenue, New York, NY 10118, United States",
      current_location: "JFK International Airport, New York",
      status: "Cleared customs, awaiting final delivery",
      weight: 4.2,
      shipped_via: "Air Freight (Express)",
      parcel_content: "Precision measuring instruments (2 boxes)",
      declared_value: 2450,
      min_delivery: 1,
      max_delivery: 3,
      show_map: "yes",
      map_zoom: 3,
      map_current_latitude: 40.6413,
      map_current_longitude: -73.7781,
      map_pickup_latitude: 51.539,
      map_pickup_longitude: -0.1426,
      map_destination_latitude: 40.7484,
      map_destination_longitude: -73.9857,
    },
    history: [
      {
        at: [5, "09:12"],
        title: "Shipment information received",
        description: "The sender booked the shipment and printed the label. We are waiting to collect the parcel.",
        icon: "radio_button_unchecked",
        color: "black",
        status_code: "pending",
      },
      {
        at: [5, "14:40"],
        title: "Picked up from sender",
        description: "Collected by our driver in Camden, London: 2 pieces, 4.2 kg.",
        icon: "local_shipping",
        color: "green",
        status_code: "picked_up",
      },
      {
        at: [4, "07:55"],
        title: "Arrived at London Heathrow hub",
        description: "Sorted and security screened for export. Export declaration accepted.",
        icon: "home_work",
        color: "gold",
      },
      {
        at: [4, "18:30"],
        title: "Departed on flight to New York",
        description: "Loaded on the evening flight London Heathrow (LHR) to New York (JFK).",
        icon: "airplanemode_active",
        color: "green",
        status_code: "in_transit",
      },
      {
        at: [3, "02:45"],
        title: "Arrived at JFK International Airport",
        description: "The flight landed in New York. The shipment was handed to our import team for customs clearance.",
        icon: "airplanemode_active",
        color: "green",
      },
      {
        at: [3, "11:20"],
        title: "Held by customs: document requested",
        description: "US Customs asked for the manufacturer's details on the commercial invoice. We contacted the sender for the missing information.",
        icon: "pan_tool",
        color: "red",
        status_code: "on_hold",
        status_reason: "Customs asked for the commercial invoice",
      },
      {
        at: [2, "16:05"],
        title: "Customs clearance completed",
        description: "The shipment was released by US Customs. Duties were paid by the sender (DDP).",
        icon: "verified",
        color: "green",
        status_code: "in_transit",
      },
    ],
  },
  {
    fields: {
      tracking_code: "CR-2026-000002",
      recipient_name: "Van Dijk Home Interiors BV",
      recipient_email: "logistics@vandijk-interiors.example",
      recipient_phone_number: "+31 10 555 0192",
      sender_name: "Ningbo Everbright Furniture Co.",
      sender_email: "export@everbright-furniture.example",
      pickup_location: "Beilun District, Ningbo, China",
      destination: "Maasvlakte 2, Rotterdam, Netherlands",
      current_location: "Suez Canal, Egypt",
      status: "In transit by sea",
      weight: 1840,
      shipped_via: "Sea Freight (LCL)",
      parcel_content: "Oak dining tables and chairs, 6 pallets",
      declared_value: 18600,
      min_delivery: 9,
      max_delivery: 14,
    },
    history: [
      {
        at: [24, "03:30"],
        title: "Booking confirmed",
        description: "Space confirmed on the consolidated container NBO-RTM, sailing in four days.",
        icon: "radio_button_checked",
        color: "black",
        status_code: "pending",
      },
      {
        at: [23, "08:10"],
        title: "Cargo received at consolidation warehouse",
        description: "6 pallets received in Ningbo, measured at 7.8 cubic metres and photographed.",
        icon: "home_work",
        color: "gold",
        status_code: "picked_up",
      },
      {
        at: [21, "06:45"],
        title: "Loaded into container",
        description: "Pallets loaded and secured in a 40 ft container. Export customs cleared.",
        icon: "local_shipping",
        color: "green",
      },
      {
        at: [20, "13:00"],
        title: "Vessel departed Ningbo",
        description: "Container on board the vessel, departed Ningbo-Zhoushan port for Rotterdam.",
        icon: "directions_boat",
        color: "green",
        status_code: "in_transit",
      },
      {
        at: [12, "22:15"],
        title: "Transshipment at Singapore",
        description: "Short port call at Singapore. The container stayed on board.",
        icon: "directions_boat",
        color: "gold",
      },
      {
        at: [1, "09:40"],
        title: "Passing through the Suez Canal",
        description: "The vessel is in the Suez Canal convoy. Expected arrival in Rotterdam in about 8 days.",
        icon: "directions_boat",
        color: "green",
      },
    ],
  },
  {
    fields: {
      tracking_code: "CR-2026-000003",
      recipient_name: "Camille Dubois",
      recipient_email: "camille.dubois@example.com",
      recipient_phone_number: "+33 1 55 50 01 27",
      sender_name: "Berliner Buchbinderei GmbH",
      sender_email: "versand@buchbinderei.example",
      pickup_location: "Oranienstrasse 25, Berlin, Germany",
      destination: "18 Rue de Rivoli, 75004 Paris, France",
      current_location: "Paris, France",
      status: "Delivered",
      weight: 12.5,
      shipped_via: "Road Transportation (Groupage)",
      parcel_content: "Hand-bound books, 1 carton",
      declared_value: 640,
      min_delivery: -3,
      max_delivery: -2,
    },
    history: [
      {
        at: [6, "10:05"],
        title: "Shipment information received",
        description: "Label created by the sender. Collection booked for this afternoon.",
        icon: "radio_button_unchecked",
        color: "black",
        status_code: "pending",
      },
      {
        at: [6, "15:30"],
        title: "Picked up from sender",
        description: "Collected in Berlin-Kreuzberg and taken to our Berlin depot.",
        icon: "local_shipping",
        color: "green",
        status_code: "picked_up",
      },
      {
        at: [5, "05:50"],
        title: "Departed Berlin depot",
        description: "On the overnight trailer Berlin to Paris via Cologne.",
        icon: "departure_board",
        color: "green",
        status_code: "in_transit",
      },
      {
        at: [4, "19:20"],
        title: "Arrived at Paris depot",
        description: "Unloaded and sorted for delivery in the 4th arrondissement.",
        icon: "home_work",
        color: "gold",
      },
      {
        at: [3, "08:15"],
        title: "Out for delivery",
        description: "With our bike courier for central Paris. Delivery expected before noon.",
        icon: "moped",
        color: "green",
        status_code: "out_for_delivery",
      },
      {
        at: [3, "11:02"],
        title: "Delivered",
        description: "Delivered and signed for by C. Dubois.",
        icon: "check_circle",
        color: "green",
        status_code: "delivered",
        status_reason: "Signed for by C. Dubois",
      },
    ],
  },
  {
    fields: {
      tracking_code: "CR-2026-000004",
      recipient_name: "Sipho Ndlovu",
      recipient_email: "sipho.ndlovu@example.com",
      sender_name: "Kestrel Outdoor Gear",
      pickup_location: "Manchester, United Kingdom",
      destination: "Cape Town, South Africa",
      current_location: "Manchester, United Kingdom",
      status: "Delivery attempt needed: address incomplete",
      weight: 2.1,
      shipped_via: "Air Freight (Economy)",
      parcel_content: "Hiking boots and a rain jacket",
      declared_value: 310,
      min_delivery: 4,
      max_delivery: 8,
    },
    history: [
      {
        at: [3, "12:00"],
        title: "Shipment information received",
        description: "The sender booked an economy air shipment to Cape Town.",
        icon: "radio_button_unchecked",
        color: "black",
        status_code: "pending",
      },
      {
        at: [2, "16:45"],
        title: "Picked up from sender",
        description: "Collected from the sender's warehouse in Manchester.",
        icon: "local_shipping",
        color: "green",
        status_code: "picked_up",
      },
      {
        at: [2, "21:10"],
        title: "Arrived at Manchester depot",
        description: "Scanned in at the Manchester depot for export sorting.",
        icon: "home_work",
        color: "gold",
      },
      {
        at: [1, "08:30"],
        title: "On hold: address needs checking",
        description:
          "The delivery address has no street name. We have e-mailed the recipient to confirm it; the parcel will fly as soon as the address is complete.",
        icon: "pan_tool",
        color: "red",
        status_code: "on_hold",
        status_reason: "Delivery address incomplete",
      },
      {
        at: [1, "10:05"],
        title: "Waiting for next consolidation flight",
        description: "Booked on the next economy consolidation to Cape Town, subject to the address check.",
        icon: "departure_board",
        color: "gold",
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------

function at(now: Date, daysAgo: number, hhmm: string): Date {
  const [h, m] = hhmm.split(":").map(Number);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo, h, m));
  // Never in the future, whatever the clock says when the seed runs.
  return d.getTime() > now.getTime() ? new Date(now.getTime() - 60_000) : d;
}
const isoDay = (now: Date, daysAhead: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + daysAhead)).toISOString().slice(0, 10);

/** The demo rows, checked with the same input classes as the API, so the demo is valid data. */
async function demoPlan(now: Date) {
  const pages = [];
  for (const p of DEMO_PAGES) {
    if (slugify(p.title) !== p.slug) throw new Error(`demo page ${p.slug}: the title gives another slug`);
    pages.push({ ...(await validated(CreatePageInput, p)), slug: p.slug });
  }
  const settings = {
    ...(await validated(MailSettingsInput, DEMO_SETTINGS.mail)),
    ...(await validated(HtmlSettingsInput, DEMO_SETTINGS.html)),
    ...(await validated(ContactSettingsInput, {
      ...DEMO_SETTINGS.contact,
      // An operator who named the company (COMPANY_NAME) keeps that name over the demo's.
      company_name: readEnv("COMPANY_NAME") === ENV_VARS.COMPANY_NAME.default ? DEMO_SETTINGS.contact.company_name : "",
    })),
    currency: (await validated(ShippingSettingsInput, { currency: DEMO_CURRENCY })).currency!,
  };
  const reviews = [];
  for (const r of DEMO_REVIEWS) reviews.push({ ...(await validated(CreateReviewInput, r)), image: r.image });
  const parcels = [];
  for (const p of DEMO_PARCELS) {
    const { min_delivery, max_delivery, ...fields } = p.fields;
    // The demo parcels carry no structured addresses (their fields are the seed's free text).
    const {
      recipient_address: _to,
      sender_address: _from,
      ...data
    } = await validated(CreateParcelInput, {
      ...fields,
      min_expected_delivery_date: isoDay(now, min_delivery),
      max_expected_delivery_date: isoDay(now, max_delivery),
    });
    const history = [];
    for (const a of p.history) {
      const { parcel_id: _, ...valid } = await validated(CreateActivityInput, { ...a, parcel_id: 1 });
      const created_at = at(now, a.at[0], a.at[1]);
      history.push({ ...valid, created_at, updated_at: created_at });
    }
    // The parcel's normalised status is that of its newest history entry with one.
    const last = [...history].reverse().find((a) => a.status_code);
    if (last) Object.assign(data, { status_code: last.status_code, status_reason: last.status_reason ?? null });
    parcels.push({ data, history, created_at: history[0].created_at, updated_at: history[history.length - 1].created_at });
  }
  return { pages, settings, reviews, parcels, rates: await demoRates() };
}

/** Nothing an operator made yet: no pages, parcels, reviews, admins, zones or services, and contact info untouched. */
async function isEmpty(tx: Tx | Db): Promise<boolean> {
  const [pages, parcels, reviews, admins, zones, services, settings] = await Promise.all([
    tx.page.count(),
    tx.parcel.count(),
    tx.review.count(),
    tx.admin.count(),
    tx.zone.count(),
    tx.service.count(),
    tx.settings.findUnique({ where: { id: 1 } }),
  ]);
  return pages + parcels + reviews + admins + zones + services === 0 && (!settings || settings.contact_email === "");
}

async function importAvatars(): Promise<void> {
  for (const r of DEMO_REVIEWS) {
    const bytes = await fs.readFile(path.join(ASSETS, r.image));
    try {
      await importImage(r.image, bytes);
    } catch (e) {
      // Another process starting at the same moment imported the same fixed name first.
      if (!isUniqueViolation(e)) throw e;
    }
  }
}

/**
 * Demo content, applied once to an empty database. The first start claims "demo_seed" in the
 * same transaction that writes the content; every later start (and every other process
 * starting at the same time) finds the claim and changes nothing, so content the admin has
 * edited or deleted since is never brought back. A database that already has content is only
 * claimed, never seeded.
 */
export async function seedDemo(now = new Date()): Promise<boolean> {
  if (await db().oneTimeClaim.findUnique({ where: { name: DEMO_CLAIM } })) return false;
  const plan = await demoPlan(now);
  // Fixed names, idempotent: done before the claim so a seeded review never points at a missing file.
  await importAvatars();
  try {
    return await db().$transaction(
      async (tx) => {
        // The claim is the first write: a second process blocks here and then fails on the key.
        await tx.oneTimeClaim.create({ data: { name: DEMO_CLAIM } });
        if (!(await isEmpty(tx))) return false;
        await tx.settings.upsert({ where: { id: 1 }, create: { id: 1, ...plan.settings }, update: plan.settings });
        for (const p of plan.pages) await tx.page.create({ data: p });
        for (const r of plan.reviews) await tx.review.create({ data: r });
        for (const p of plan.parcels) {
          await tx.parcel.create({
            data: { ...p.data, created_at: p.created_at, updated_at: p.updated_at, history: { create: p.history } },
          });
        }
        // The demo's prices (prisma/seed-rates.ts): the default card may exist already, empty (a quote made it).
        for (const z of plan.rates.zones) await tx.zone.create({ data: z });
        for (const s of plan.rates.services) await tx.service.create({ data: s });
        const { id, ...card } = plan.rates.card;
        await tx.rateCard.upsert({ where: { id }, create: { id, ...card }, update: card });
        return true;
      },
      { maxWait: 30_000, timeout: 60_000 },
    );
  } catch (e) {
    if (isUniqueViolation(e)) return false;
    throw e;
  }
}

// Writes the site's icon set from the npm package @material-design-icons/svg (round set, Apache
// License 2.0, Google): each icon's path data once, as a string constant named after the icon, so no
// SVG file or icon font is fetched at run time. components/Icon.tsx draws them.
// Run: node client/tools/gen-icons.mjs (--check: only tell whether the files are current; tests/unit/icons.test.ts does)
//
// The icons are split by who shows them, so a screen's chunk carries only what it shows (each icon is
// in exactly one set; an icon two groups of screens show goes to common):
// - top: the public layout's first screen (the top bar, back to top), part of every page's first load;
// - layout: the rest of the public layout (side menu panel, footer, page icons, chooser), loaded with those parts;
// - common: shown by several screens, public ones or public and control panel;
// - home, track, shipper: the home page's, the tracking screens' and the quote/account screens' own, in their chunks;
// - control: the control panel's own.
import fs from "node:fs";
import path from "node:path";

const SETS = {
  top: {
    file: "client/components/topIcons.ts",
    note: "The public layout's first-screen icons (top bar, back to top), loaded with every page; layoutIcons.ts re-exports them.",
    icons: ["menu", "search", "north"],
  },
  layout: {
    file: "client/components/layoutIcons.ts",
    note: "The rest of the public layout's icons (side menu panel, footer, chooser, page icons), loaded with those parts (a module the app imports is all in the app's chunk); components/icons.ts re-exports them.",
    reexports: ["./topIcons"],
    icons: [
      "people",
      "copyright",
      "pages",
      "folder",
      "close",
      "light_mode",
      "dark_mode",
      "translate",
      "home",
      "mail",
      "phone",
      "send",
      "alternate_email",
      "calculate",
      "account_circle",
    ],
  },
  common: {
    file: "client/components/icons.ts",
    note: "The icons several screens show (public ones, or public and control panel), with the layout's.",
    reexports: ["./layoutIcons"],
    icons: [
      // the tracking page's too (its first screen: the chunk of the layout's other icons stays off its first load)
      "local_shipping",
      "location_on",
      // the activity icons (shared/modules/activity/activity.codes.ts)
      "radio_button_checked",
      "pan_tool",
      "verified",
      "check_circle",
      "radio_button_unchecked",
      "airplanemode_active",
      "moped",
      "directions_boat",
      "home_work",
      "departure_board",
      "arrow_back",
      "chevron_left",
      "chevron_right",
      "schedule",
      "inventory_2",
      "support_agent",
      "shield",
      "travel_explore",
      "error",
      "qr_code_scanner",
      "forum",
      "image",
      "lock",
    ],
  },
  home: {
    file: "client/modules/home/icons.ts",
    note: "The home page's own icons, in its chunk, with the common ones.",
    reexports: ["../../components/icons"],
    icons: ["pause", "play_arrow", "star", "expand_more", "warehouse", "format_quote", "workspace_premium", "savings", "gavel"],
  },
  track: {
    file: "client/modules/parcel/icons.ts",
    note: "The tracking screens' own icons (and the unsubscribe screen's), in their chunk, with the common ones.",
    reexports: ["../../components/icons"],
    icons: ["arrow_forward", "calendar_month", "flag", "trip_origin", "route", "update", "lock_open", "warning", "info", "notifications_off"],
  },
  shipper: {
    file: "client/modules/quote/icons.ts",
    note: "The quote's and the shipper account's own icons, in their chunks, with the common ones.",
    reexports: ["../../components/icons"],
    icons: [
      "add_circle",
      "delete_outline",
      "picture_as_pdf",
      "power_settings_new",
      "key",
      "event",
      "add_box",
      "receipt",
      "cancel",
      "edit_note",
      "account_balance_wallet",
    ],
  },
  control: {
    file: "client/control/icons.ts",
    note: "The control panel's own icons; it shows some of the others too, re-exported here.",
    reexports: ["../components/icons"],
    icons: [
      "reviews",
      "email",
      "settings",
      "logout",
      "visibility",
      "visibility_off",
      "delete",
      "add",
      "edit",
      "map",
      "print",
      "history",
      "receipt_long",
      "contact_mail",
      "code",
      "outbox",
      "open_in_new",
      "person",
      "dashboard",
      "upload_file",
      "public",
      "filter_list",
      "vpn_key",
      "block",
      "webhook",
      "download",
      "content_copy",
      "undo",
      "photo_camera",
      "my_location",
      "cloud_off",
      "draw",
      "keyboard",
      "payments",
      "credit_card",
    ],
  },
};

/** Material names that are reserved words: declared with a trailing underscore, exported under the name. */
const RESERVED = new Set(["delete", "public"]);

const NUM = String.raw`-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?`;

/**
 * A later <path>'s data as a part of a longer path: a leading relative moveto counts from the origin in its
 * own element, but would count from the previous part's start once joined, so it is made absolute
 * (and the coordinate pairs after it, implicit relative linetos, get their "l").
 */
function standalone(d) {
  const m = new RegExp(`^m\\s*(${NUM})[\\s,]*(${NUM})[\\s,]*`).exec(d);
  if (!m) return d;
  const rest = d.slice(m[0].length);
  return `M${m[1]} ${m[2]}${/^[-.\d]/.test(rest) ? "l" : ""}${rest}`;
}

/** One icon's path data: its <path>s, then its <circle>s, as one path. */
function iconPath(dir, name) {
  const svg = fs.readFileSync(path.join(dir, `${name}.svg`), "utf8");
  const paths = [...svg.matchAll(/<path[^>]*\sd="([^"]+)"/g)].map((m, i) => (i ? standalone(m[1]) : m[1]));
  const circles = [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/g)].map(
    ([, cx, cy, r]) => `M${+cx - +r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`,
  );
  if (!paths.length && !circles.length) throw new Error(`no path in ${name}`);
  return [...paths, ...circles].join("");
}

/** The files' text, by file. */
function render(dir) {
  const seen = new Map();
  const drawn = new Map();
  const out = {};
  for (const [set, { file, note, reexports = [], icons }] of Object.entries(SETS)) {
    const lines = [
      "// GENERATED by client/tools/gen-icons.mjs from @material-design-icons/svg (round set),",
      "// Apache License 2.0, Google: do not edit. Path data only; components/Icon.tsx draws them.",
      `// ${note}`,
      "",
      ...reexports.map((m) => `export * from "${m}";`),
    ];
    const renamed = [];
    for (const name of icons) {
      if (seen.has(name)) throw new Error(`${name} is in both ${seen.get(name)} and ${set}`);
      seen.set(name, set);
      const id = RESERVED.has(name) ? `${name}_` : name;
      if (RESERVED.has(name)) renamed.push(`${id} as ${name}`);
      const d = iconPath(dir, name);
      // Material draws some icons alike under two names (local_post_office is mail): one name is enough.
      if (drawn.has(d)) throw new Error(`${name} draws the same as ${drawn.get(d)}: use that one`);
      drawn.set(d, name);
      lines.push(`${RESERVED.has(name) ? "const" : "export const"} ${id} = ${JSON.stringify(d)};`);
    }
    if (renamed.length) lines.push(`export { ${renamed.join(", ")} };`);
    out[file] = lines.join("\n") + "\n";
  }
  return out;
}

const files = render(path.resolve("node_modules/@material-design-icons/svg/round"));
if (process.argv.includes("--check")) {
  // Whether the files on disk are what this script writes (tests/unit/icons.test.ts runs it).
  const stale = Object.entries(files)
    .filter(([file, text]) => !fs.existsSync(file) || fs.readFileSync(file, "utf8") !== text)
    .map(([file]) => file);
  if (stale.length) {
    console.error(`stale, run node client/tools/gen-icons.mjs: ${stale.join(", ")}`);
    process.exit(1);
  }
} else {
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.resolve(file), text);
  console.log(`wrote ${Object.values(SETS).reduce((n, s) => n + s.icons.length, 0)} icons in ${Object.keys(files).length} files`);
}

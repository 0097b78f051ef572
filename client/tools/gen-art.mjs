// Draws the site's illustrations (SVG, made for this project, no third-party art) into
// client/public/img/. Run: node client/tools/gen-art.mjs
import fs from "node:fs";
import path from "node:path";

const OUT = path.resolve("client/public/img");
fs.mkdirSync(OUT, { recursive: true });

let seed = 7;
const rnd = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
const r1 = (n) => Math.round(n * 10) / 10;

// ---------- world map (rough continents, equirectangular) ----------
const LAND = [
  // North America
  [
    [-166, 68],
    [-156, 71],
    [-140, 70],
    [-128, 70],
    [-115, 73],
    [-95, 72],
    [-82, 73],
    [-78, 65],
    [-65, 60],
    [-60, 52],
    [-55, 50],
    [-66, 45],
    [-70, 42],
    [-76, 38],
    [-76, 35],
    [-81, 31],
    [-80, 26],
    [-82, 25],
    [-84, 30],
    [-90, 29],
    [-97, 27],
    [-97, 22],
    [-94, 18],
    [-88, 16],
    [-83, 10],
    [-77, 8],
    [-80, 8],
    [-85, 12],
    [-92, 15],
    [-105, 20],
    [-110, 24],
    [-115, 30],
    [-118, 34],
    [-124, 40],
    [-124, 47],
    [-130, 55],
    [-140, 60],
    [-150, 60],
    [-158, 57],
    [-165, 60],
  ],
  // Greenland
  [
    [-52, 60],
    [-44, 60],
    [-40, 65],
    [-22, 70],
    [-18, 77],
    [-30, 83],
    [-50, 82],
    [-65, 78],
    [-58, 75],
    [-52, 68],
  ],
  // South America
  [
    [-78, 8],
    [-72, 12],
    [-62, 10],
    [-52, 5],
    [-50, 0],
    [-35, -5],
    [-35, -9],
    [-39, -15],
    [-41, -22],
    [-48, -26],
    [-53, -34],
    [-58, -38],
    [-65, -42],
    [-68, -50],
    [-70, -55],
    [-74, -52],
    [-73, -42],
    [-72, -30],
    [-70, -18],
    [-76, -14],
    [-81, -5],
    [-80, 0],
  ],
  // Eurasia
  [
    [-10, 36],
    [-9, 43],
    [-2, 44],
    [-4, 48],
    [2, 51],
    [8, 54],
    [8, 57],
    [10, 59],
    [5, 62],
    [14, 67],
    [20, 70],
    [30, 70],
    [42, 67],
    [60, 69],
    [70, 73],
    [80, 73],
    [100, 77],
    [112, 74],
    [130, 71],
    [140, 72],
    [160, 70],
    [180, 68],
    [180, 65],
    [170, 60],
    [163, 58],
    [156, 51],
    [158, 58],
    [150, 59],
    [140, 54],
    [138, 47],
    [132, 43],
    [129, 40],
    [126, 35],
    [122, 30],
    [120, 25],
    [110, 20],
    [108, 16],
    [109, 11],
    [105, 9],
    [103, 1],
    [101, 3],
    [100, 8],
    [98, 12],
    [97, 17],
    [92, 21],
    [88, 22],
    [80, 15],
    [78, 8],
    [76, 10],
    [72, 20],
    [67, 24],
    [57, 25],
    [59, 22],
    [53, 16],
    [44, 12],
    [43, 15],
    [38, 22],
    [35, 28],
    [34, 31],
    [35, 36],
    [27, 37],
    [26, 40],
    [23, 40],
    [22, 37],
    [20, 40],
    [18, 40],
    [16, 38],
    [13, 42],
    [10, 44],
    [7, 44],
    [3, 43],
    [0, 39],
    [-1, 37],
    [-5, 36],
  ],
  // Africa
  [
    [-17, 21],
    [-16, 28],
    [-10, 30],
    [-6, 36],
    [10, 37],
    [11, 33],
    [20, 31],
    [32, 31],
    [37, 22],
    [39, 16],
    [43, 12],
    [51, 12],
    [45, 5],
    [40, -3],
    [39, -10],
    [41, -15],
    [35, -24],
    [33, -28],
    [28, -33],
    [20, -35],
    [18, -32],
    [15, -27],
    [12, -18],
    [13, -10],
    [9, -1],
    [9, 4],
    [3, 6],
    [-5, 5],
    [-8, 4],
    [-13, 8],
    [-17, 14],
  ],
  [
    [44, -25],
    [47, -25],
    [50, -15],
    [49, -12],
    [44, -17],
  ],
  // Australia, islands
  [
    [114, -22],
    [114, -34],
    [118, -35],
    [124, -33],
    [131, -31],
    [137, -35],
    [140, -38],
    [146, -39],
    [150, -37],
    [153, -30],
    [153, -25],
    [146, -19],
    [142, -10],
    [141, -13],
    [136, -12],
    [131, -11],
    [126, -14],
    [122, -18],
  ],
  [
    [130, 31],
    [135, 34],
    [140, 36],
    [141, 41],
    [142, 45],
    [144, 43],
    [141, 38],
    [140, 35],
    [132, 33],
  ],
  [
    [-5, 50],
    [1, 51],
    [2, 53],
    [-2, 56],
    [-3, 58],
    [-6, 58],
    [-5, 55],
    [-3, 54],
    [-5, 52],
  ],
  [
    [-10, 52],
    [-6, 52],
    [-6, 55],
    [-8, 55],
    [-10, 54],
  ],
  [
    [95, 5],
    [98, 4],
    [106, -6],
    [104, -6],
    [95, 3],
  ],
  [
    [109, 1],
    [117, 7],
    [119, 5],
    [116, -4],
    [110, -3],
  ],
  [
    [131, -1],
    [141, -3],
    [150, -10],
    [141, -9],
    [137, -5],
  ],
  [
    [105, -6],
    [114, -7],
    [114, -8],
    [106, -7],
  ],
  [
    [172, -34],
    [178, -38],
    [174, -41],
    [167, -46],
    [170, -46],
    [174, -39],
  ],
  [
    [-24, 64],
    [-14, 64],
    [-14, 66],
    [-22, 66],
  ],
];
const CITIES = {
  ny: [-74, 40.7],
  la: [-118, 34],
  ldn: [0, 51.5],
  dxb: [55, 25],
  sin: [104, 1.3],
  sha: [121, 31],
  syd: [151, -34],
  sao: [-46, -23.5],
  lag: [3.4, 6.5],
  jnb: [28, -26],
  mum: [73, 19],
  tok: [139.7, 35.7],
  fra: [8.7, 50],
  mex: [-99, 19.4],
};

function worldMap({ x, y, w, h, latTop = 80, latBottom = -58, land = "url(#dots)", routes = [], planeOn = [] }) {
  const px = ([lon, lat]) => [x + ((lon + 180) / 360) * w, y + ((latTop - lat) / (latTop - latBottom)) * h];
  let s = `<g>`;
  for (const poly of LAND) s += `<path d="M${poly.map((p) => px(p).map(r1).join(" ")).join("L")}Z" fill="${land}"/>`;
  s += `</g>`;
  routes.forEach(([a, b], i) => {
    const [x1, y1] = px(CITIES[a]);
    const [x2, y2] = px(CITIES[b]);
    const mx = (x1 + x2) / 2;
    const my = (y1 + y2) / 2 - Math.hypot(x2 - x1, y2 - y1) * 0.28;
    s += `<path d="M${r1(x1)} ${r1(y1)}Q${r1(mx)} ${r1(my)} ${r1(x2)} ${r1(y2)}" fill="none" stroke="url(#route)" stroke-width="2.4" stroke-dasharray="7 7" stroke-linecap="round"/>`;
    if (planeOn.includes(i)) {
      const t = 0.55;
      const bx = (1 - t) ** 2 * x1 + 2 * (1 - t) * t * mx + t * t * x2;
      const by = (1 - t) ** 2 * y1 + 2 * (1 - t) * t * my + t * t * y2;
      const dx = 2 * (1 - t) * (mx - x1) + 2 * t * (x2 - mx);
      const dy = 2 * (1 - t) * (my - y1) + 2 * t * (y2 - my);
      const ang = (Math.atan2(dy, dx) * 180) / Math.PI + 90;
      s += `<g transform="translate(${r1(bx)} ${r1(by)}) rotate(${r1(ang)}) scale(1.5) translate(-12 -12)"><path fill="#fff" d="M22 16v-2l-8.5-5V3.5c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5V9L2 14v2l8.5-2.5V19L8 20.5V22l4-1 4 1v-1.5L13.5 19v-5.5L22 16z"/></g>`;
    }
  });
  const used = new Set(routes.flat());
  for (const c of used) {
    const [cx, cy] = px(CITIES[c]);
    s += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="11" fill="#f5a524" opacity=".22"/><circle cx="${r1(cx)}" cy="${r1(cy)}" r="4.5" fill="#f5a524" stroke="#fff" stroke-width="1.5"/>`;
  }
  return s;
}

// ---------- shapes ----------
const cloud = (x, y, s = 1, o = 0.9, fill = "#fff") =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}" opacity="${o}"><ellipse cx="0" cy="0" rx="70" ry="26"/><circle cx="-28" cy="-14" r="26"/><circle cx="12" cy="-24" r="34"/><circle cx="44" cy="-8" r="24"/></g>`;

function plane(x, y, s = 1, body = "#ffffff", shade = "#c9d6e8", accent = "#0b4f9c") {
  let w = "";
  for (let i = 80; i <= 270; i += 13) w += `<rect x="${i}" y="47" width="6" height="7" rx="2" fill="${accent}" opacity=".75"/>`;
  return `<g transform="translate(${x} ${y}) scale(${s})">
<path d="M150 46 104 4h24l78 42z" fill="${shade}"/>
<path d="M20 40 280 40Q330 40 348 56 330 72 280 72H44Q22 72 12 60Z" fill="${body}"/>
<path d="M20 40 0 0h30l54 40z" fill="${accent}"/>
<path d="M34 58 6 78h22l46-18z" fill="${shade}"/>
<path d="M140 62 92 116h28l90-54z" fill="${body}" stroke="${shade}" stroke-width="2"/>
<rect x="128" y="80" width="48" height="16" rx="8" fill="${shade}"/>
<path d="M316 48q14 3 24 10h-26z" fill="${accent}" opacity=".85"/>
<path d="M44 64H300" stroke="${shade}" stroke-width="3"/>
${w}</g>`;
}

function truck(x, y, s = 1, body = "#ffffff", brand = "#0b4f9c", cab = "#f5a524", flip = false) {
  const wheel = (cx) => `<circle cx="${cx}" cy="132" r="21" fill="#1b2330"/><circle cx="${cx}" cy="132" r="9" fill="#9aa7b8"/>`;
  return `<g transform="translate(${x} ${y}) scale(${flip ? -s : s} ${s})">
<rect x="0" y="0" width="230" height="118" rx="6" fill="${body}"/>
<rect x="0" y="78" width="230" height="14" fill="${brand}"/>
<path d="M24 30h40l-10 22h-40z" fill="${brand}"/><path d="M72 30h90" stroke="${brand}" stroke-width="8" stroke-linecap="round"/><path d="M72 48h60" stroke="${cab}" stroke-width="8" stroke-linecap="round"/>
<path d="M236 30h54q16 0 26 18l20 34v44h-100z" fill="${cab}"/>
<path d="M250 40h38q9 0 15 12l12 22h-65z" fill="#17324f"/>
<rect x="326" y="92" width="12" height="10" rx="2" fill="#fff6c8"/>
<rect x="0" y="118" width="338" height="10" fill="#26303d"/>
${wheel(50)}${wheel(100)}${wheel(290)}</g>`;
}

function van(x, y, s = 1, body = "#ffffff", brand = "#0b4f9c") {
  return `<g transform="translate(${x} ${y}) scale(${s})">
<path d="M0 20q0-20 20-20h150q22 0 36 18l36 44q10 4 10 20v38H0z" fill="${body}"/>
<path d="M176 12h-18v48h70z" fill="#17324f"/>
<path d="M118 12h34v48h-34z" fill="#17324f"/>
<rect x="0" y="70" width="242" height="12" fill="${brand}"/>
<path d="M18 28h40l-8 18h-40z" fill="${brand}"/><path d="M66 30h40" stroke="${brand}" stroke-width="7" stroke-linecap="round"/>
<rect x="228" y="86" width="14" height="10" rx="2" fill="#fff6c8"/>
<circle cx="52" cy="120" r="20" fill="#1b2330"/><circle cx="52" cy="120" r="8" fill="#9aa7b8"/>
<circle cx="190" cy="120" r="20" fill="#1b2330"/><circle cx="190" cy="120" r="8" fill="#9aa7b8"/></g>`;
}

const CONTAINER_COLORS = ["#e4572e", "#f3a712", "#1f4e8c", "#4f9dd9", "#2a9d8f", "#b23a48", "#6c757d", "#f08a4b"];
function containers(x, y, cols, rows, w = 34, h = 20) {
  let s = "";
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      if (r === rows - 1 && rnd() < 0.25) continue;
      const col = CONTAINER_COLORS[Math.floor(rnd() * CONTAINER_COLORS.length)];
      const cx = x + c * w;
      const cy = y - (r + 1) * h;
      s += `<rect x="${cx}" y="${cy}" width="${w - 2}" height="${h - 2}" fill="${col}"/><path d="M${cx + 6} ${cy + 3}v${h - 8}M${cx + 12} ${cy + 3}v${h - 8}M${cx + 18} ${cy + 3}v${h - 8}M${cx + 24} ${cy + 3}v${h - 8}" stroke="#000" stroke-opacity=".18" stroke-width="1.5"/>`;
    }
  return s;
}

function ship(x, y, s = 1) {
  return `<g transform="translate(${x} ${y}) scale(${s})">
${containers(120, 0, 14, 4)}
<rect x="40" y="-118" width="62" height="118" fill="#f2f5f9"/>
<rect x="34" y="-130" width="74" height="16" fill="#e3e8ef"/>
${[0, 1, 2, 3].map((i) => `<rect x="48" y="${-104 + i * 24}" width="46" height="9" rx="2" fill="#17324f"/>`).join("")}
<rect x="58" y="-168" width="22" height="40" fill="#1b2330"/><rect x="58" y="-160" width="22" height="8" fill="#f5a524"/>
<path d="M0 0h640l-34 70H40z" fill="#17324f"/>
<path d="M16 34h608l-18 36H40z" fill="#b23a48"/>
<path d="M0 0h640l-4 8H4z" fill="#f2f5f9"/></g>`;
}

function waves(y, w, color, amp = 10, len = 120, o = 1) {
  let d = `M0 ${y}`;
  for (let x = 0; x <= w; x += len) d += `q${len / 4} ${-amp} ${len / 2} 0t${len / 2} 0`;
  return `<path d="${d}V${y + 400}H0z" fill="${color}" opacity="${o}"/>`;
}

function skyline(y, w, { color = "#0d1a33", lit = "#ffd36b", litP = 0.35, minH = 80, maxH = 260 } = {}) {
  let s = "";
  let x = -10;
  while (x < w) {
    const bw = 50 + Math.floor(rnd() * 70);
    const bh = minH + Math.floor(rnd() * (maxH - minH));
    s += `<rect x="${x}" y="${y - bh}" width="${bw}" height="${bh + 200}" fill="${color}"/>`;
    for (let wy = y - bh + 14; wy < y - 16; wy += 22)
      for (let wx = x + 10; wx < x + bw - 14; wx += 16)
        if (rnd() < litP) s += `<rect x="${wx}" y="${wy}" width="8" height="11" fill="${lit}" opacity="${r1(0.55 + rnd() * 0.45)}"/>`;
    x += bw + 4 + Math.floor(rnd() * 10);
  }
  return s;
}

function stars(w, h, n) {
  let s = "";
  for (let i = 0; i < n; i++)
    s += `<circle cx="${r1(rnd() * w)}" cy="${r1(rnd() * h)}" r="${r1(0.6 + rnd() * 1.6)}" fill="#fff" opacity="${r1(0.3 + rnd() * 0.7)}"/>`;
  return s;
}

function crane(x, y, s = 1, color = "#f5a524") {
  return `<g transform="translate(${x} ${y}) scale(${s})" fill="none" stroke="${color}" stroke-width="8" stroke-linejoin="round">
<path d="M0 0V-260M60 0V-260M0 -260H60M0 -200 60 -140M60 -200 0 -140M0 -120 60 -60M60 -120 0 -60"/>
<path d="M-120 -260H220M-120 -290H220M-120 -260-90 -290M-40 -260-10 -290M40 -260 70 -290M120 -260 150 -290M200 -260 220 -290"/>
<path d="M150 -260v90" stroke-width="4"/><rect x="130" y="-170" width="40" height="14" fill="${color}"/></g>`;
}

const defs = (extra = "") => `<defs>
<pattern id="dots" width="9" height="9" patternUnits="userSpaceOnUse"><circle cx="4.5" cy="4.5" r="2.3" fill="#6fb0ff" opacity=".55"/></pattern>
<linearGradient id="route" x1="0" x2="1"><stop offset="0" stop-color="#f5a524"/><stop offset="1" stop-color="#ffd28a"/></linearGradient>
${extra}</defs>`;

const svg = (w, h, body, extraDefs = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice">${defs(extraDefs)}${body}</svg>\n`;

function write(name, content) {
  fs.writeFileSync(path.join(OUT, name), content);
  console.log(name, (content.length / 1024).toFixed(1), "KB");
}

// ---------- scenes ----------
// Hero 1: world map with flight routes
write(
  "slide-world.svg",
  svg(
    1600,
    900,
    `<rect width="1600" height="900" fill="url(#sky1)"/><circle cx="1150" cy="420" r="520" fill="url(#glow1)"/>
${worldMap({
  x: 260,
  y: 120,
  w: 1420,
  h: 640,
  routes: [
    ["ny", "ldn"],
    ["ldn", "dxb"],
    ["dxb", "sin"],
    ["sin", "syd"],
    ["la", "tok"],
    ["sao", "lag"],
    ["lag", "jnb"],
    ["ldn", "sha"],
    ["ny", "sao"],
    ["mum", "sha"],
    ["mex", "fra"],
  ],
  planeOn: [0, 2, 4, 5, 7],
})}`,
    `<linearGradient id="sky1" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#04122b"/><stop offset="1" stop-color="#0a2a57"/></linearGradient>
<radialGradient id="glow1"><stop offset="0" stop-color="#1d6ad0" stop-opacity=".45"/><stop offset="1" stop-color="#1d6ad0" stop-opacity="0"/></radialGradient>`,
  ),
);

// Hero 2: 24/7 delivery van at night
seed = 11;
write(
  "slide-night.svg",
  svg(
    1600,
    900,
    `<rect width="1600" height="900" fill="url(#sky2)"/>${stars(1600, 520, 140)}
<circle cx="1320" cy="170" r="62" fill="#fdf3c7"/><circle cx="1346" cy="152" r="56" fill="url(#sky2m)"/>
<g opacity=".55">${skyline(700, 1600, { color: "#1a2450", litP: 0.18, minH: 160, maxH: 360 })}</g>
${skyline(720, 1600, { color: "#0c1431", litP: 0.3 })}
<g transform="translate(1040 340)"><rect width="250" height="120" rx="14" fill="#0c1431" stroke="#f5a524" stroke-width="5"/><text x="125" y="84" text-anchor="middle" font-family="Arial, sans-serif" font-size="72" font-weight="800" fill="#ffd28a">24/7</text></g>
<rect y="720" width="1600" height="180" fill="#1b2030"/><rect y="716" width="1600" height="8" fill="#3a4258"/>
${Array.from({ length: 14 }, (_, i) => `<rect x="${i * 130 + 20}" y="808" width="70" height="8" rx="4" fill="#e9ecf2" opacity=".7"/>`).join("")}
<path d="M1280 790 1600 700V880z" fill="url(#beam)"/>
${van(1040, 650, 1.05)}
<ellipse cx="1170" cy="795" rx="150" ry="10" fill="#000" opacity=".35"/>`,
    `<linearGradient id="sky2" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#070b24"/><stop offset=".7" stop-color="#1c1f5a"/><stop offset="1" stop-color="#3a2c6e"/></linearGradient>
<linearGradient id="sky2m" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#080d27"/><stop offset="1" stop-color="#0e1437"/></linearGradient>
<linearGradient id="beam" x1="0" x2="1"><stop offset="0" stop-color="#fff6c8" stop-opacity=".55"/><stop offset="1" stop-color="#fff6c8" stop-opacity="0"/></linearGradient>`,
  ),
);

// Hero 3: container ship on the sea
seed = 5;
write(
  "slide-sea.svg",
  svg(
    1600,
    900,
    `<rect width="1600" height="900" fill="url(#sky3)"/><circle cx="1240" cy="520" r="120" fill="#ffd58a" opacity=".9"/>
${cloud(300, 200, 1.3, 0.25)}${cloud(1380, 150, 1, 0.3)}${cloud(900, 260, 0.8, 0.2)}
<rect y="560" width="1600" height="340" fill="#0d3b66"/>
<path d="M1120 562h240l-40 8h-160z" fill="#ffd58a" opacity=".5"/>
${ship(760, 600, 1.05)}
${waves(640, 1600, "#0f4c81", 12, 140, 0.95)}${waves(700, 1600, "#125a96", 14, 170, 0.95)}${waves(780, 1600, "#16679f", 16, 210, 1)}
${Array.from({ length: 12 }, (_, i) => `<path d="M${60 + i * 135} ${730 + (i % 3) * 40}h44" stroke="#cfe6ff" stroke-width="3" stroke-linecap="round" opacity=".45"/>`).join("")}`,
    `<linearGradient id="sky3" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#173a6b"/><stop offset=".55" stop-color="#e07a5f"/><stop offset=".75" stop-color="#f2b880"/></linearGradient>`,
  ),
);

// Page heroes 1600x600
const banner = (name, body, extra) => write(`${name}.svg`, svg(1600, 600, body, extra));

seed = 21;
banner(
  "hero-air",
  `<rect width="1600" height="600" fill="url(#skyA)"/>${cloud(200, 480, 1.6, 0.9)}${cloud(520, 540, 1.3, 0.8)}${cloud(1400, 500, 1.8, 0.85)}${cloud(1050, 560, 1.2, 0.9)}${cloud(900, 160, 0.9, 0.55)}${cloud(1450, 120, 0.7, 0.5)}
<path d="M0 330C300 310 600 300 820 292" stroke="#fff" stroke-opacity=".55" stroke-width="6" fill="none"/><path d="M0 352C300 334 600 322 820 306" stroke="#fff" stroke-opacity=".35" stroke-width="5" fill="none"/>
${plane(800, 210, 1.45)}`,
  `<linearGradient id="skyA" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2f80d1"/><stop offset="1" stop-color="#9fd0ff"/></linearGradient>`,
);

seed = 33;
banner(
  "hero-sea",
  `<rect width="1600" height="600" fill="url(#skyS)"/>${cloud(1200, 120, 1.1, 0.5)}${cloud(400, 90, 0.8, 0.4)}
${crane(150, 420, 1)}${crane(420, 420, 0.9, "#e4572e")}
<rect y="380" width="700" height="40" fill="#5b6b80"/>${containers(20, 380, 18, 3)}
<rect y="420" width="1600" height="180" fill="#0d3b66"/>
${ship(720, 450, 1.15)}
${waves(500, 1600, "#0f4c81", 10, 140, 0.95)}${waves(550, 1600, "#16679f", 12, 190, 1)}`,
  `<linearGradient id="skyS" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#dbeeff"/></linearGradient>`,
);

seed = 44;
banner(
  "hero-road",
  `<rect width="1600" height="600" fill="url(#skyR)"/><circle cx="1250" cy="300" r="90" fill="#ffe2a8"/>
<path d="M0 380Q300 260 640 360T1200 330T1600 360V600H0z" fill="#3c6e71" opacity=".75"/>
<path d="M0 420Q400 330 800 410T1600 400V600H0z" fill="#284b63"/>
<rect y="450" width="1600" height="150" fill="#2b2f3a"/>
${Array.from({ length: 14 }, (_, i) => `<rect x="${i * 125}" y="520" width="70" height="8" rx="4" fill="#f1f3f6" opacity=".8"/>`).join("")}
${truck(600, 330, 1.05)}<ellipse cx="780" cy="480" rx="200" ry="10" fill="#000" opacity=".3"/>
${van(1120, 388, 0.6, "#f5a524", "#0b4f9c")}`,
  `<linearGradient id="skyR" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4a261"/><stop offset="1" stop-color="#ffd6a5"/></linearGradient>`,
);

seed = 55;
function shelves(x, y, cols, levels, w = 120, h = 90) {
  let s = "";
  for (let c = 0; c < cols; c++) {
    const sx = x + c * (w + 30);
    s += `<rect x="${sx}" y="${y - levels * h}" width="8" height="${levels * h}" fill="#f5a524"/><rect x="${sx + w}" y="${y - levels * h}" width="8" height="${levels * h}" fill="#f5a524"/>`;
    for (let l = 0; l < levels; l++) {
      const ly = y - l * h;
      s += `<rect x="${sx}" y="${ly - 8}" width="${w + 8}" height="8" fill="#0b4f9c"/>`;
      let bx = sx + 12;
      while (bx < sx + w - 20) {
        const bw = 26 + Math.floor(rnd() * 22);
        const bh = 30 + Math.floor(rnd() * 40);
        if (bx + bw > sx + w) break;
        s += `<rect x="${bx}" y="${ly - 8 - bh}" width="${bw}" height="${bh}" fill="${rnd() < 0.5 ? "#c89b6d" : "#b5835a"}"/><rect x="${bx + bw / 2 - 4}" y="${ly - 8 - bh}" width="8" height="${bh}" fill="#e8d3b0" opacity=".7"/>`;
        bx += bw + 6;
      }
    }
  }
  return s;
}
function forklift(x, y, s = 1) {
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="0" y="40" width="120" height="60" rx="10" fill="#f5a524"/><path d="M20 40V0h60l20 40" fill="none" stroke="#1b2330" stroke-width="8"/><rect x="130" y="-40" width="10" height="140" fill="#1b2330"/><rect x="130" y="86" width="80" height="10" fill="#1b2330"/><rect x="150" y="36" width="56" height="50" fill="#c89b6d"/><circle cx="30" cy="106" r="18" fill="#1b2330"/><circle cx="100" cy="106" r="18" fill="#1b2330"/></g>`;
}
banner(
  "hero-warehouse",
  `<rect width="1600" height="600" fill="url(#wall)"/>
${Array.from({ length: 8 }, (_, i) => `<rect x="${i * 210 + 30}" y="30" width="150" height="40" rx="6" fill="#fff" opacity=".16"/>`).join("")}
<path d="M0 90H1600" stroke="#9db2ce" stroke-width="6" opacity=".4"/>
${shelves(40, 500, 10, 4, 120, 100)}
<rect y="500" width="1600" height="100" fill="#8fa1b8"/>
<path d="M0 540H1600" stroke="#f5d05c" stroke-width="6" stroke-dasharray="40 30"/>
${forklift(980, 384, 1)}`,
  `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b5678"/><stop offset="1" stop-color="#6c85a6"/></linearGradient>`,
);

seed = 66;
banner(
  "hero-mixed",
  `<rect width="1600" height="600" fill="url(#skyM)"/><circle cx="1100" cy="260" r="420" fill="url(#glowM)"/>
${worldMap({
  x: 300,
  y: 20,
  w: 1300,
  h: 500,
  routes: [
    ["ny", "ldn"],
    ["ldn", "sin"],
    ["la", "sha"],
    ["sao", "jnb"],
  ],
  planeOn: [1],
})}
<rect y="500" width="1600" height="100" fill="#0a2347"/><rect y="500" width="1600" height="4" fill="#1d6ad0" opacity=".6"/>
${truck(1150, 392, 0.68, "#eaf2ff")}
${plane(760, 90, 0.6, "#eaf2ff", "#a9bfdc", "#f5a524")}`,
  `<linearGradient id="skyM" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#06173a"/><stop offset="1" stop-color="#0c3266"/></linearGradient>
<radialGradient id="glowM"><stop offset="0" stop-color="#1d6ad0" stop-opacity=".4"/><stop offset="1" stop-color="#1d6ad0" stop-opacity="0"/></radialGradient>`,
);

// About block 640x520
seed = 77;
write(
  "about.svg",
  svg(
    640,
    520,
    `<rect width="640" height="520" fill="url(#aboutBg)"/>
<circle cx="520" cy="110" r="54" fill="#ffd58a"/>${cloud(140, 110, 0.7, 0.8)}
${crane(460, 400, 0.85)}
<rect y="400" width="640" height="120" fill="#5b6b80"/>
${containers(30, 400, 11, 5, 36, 22)}
${forklift(360, 330, 0.55)}
<rect y="470" width="640" height="50" fill="#3e4a5c"/><path d="M0 494H640" stroke="#f5d05c" stroke-width="4" stroke-dasharray="26 20"/>
${truck(40, 405, 0.42)}`,
    `<linearGradient id="aboutBg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4f9dd9"/><stop offset="1" stop-color="#cfe6ff"/></linearGradient>`,
  ),
);

// 404: a lost parcel
write(
  "lost-parcel.svg",
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 360 260" width="360" height="260">
<path d="M30 220C90 160 120 240 180 190S280 120 330 60" fill="none" stroke="#f5a524" stroke-width="4" stroke-dasharray="10 10" stroke-linecap="round"/>
<g transform="translate(296 20)"><path d="M20 0C9 0 0 9 0 20c0 15 20 36 20 36s20-21 20-36C40 9 31 0 20 0z" fill="#f5a524"/><circle cx="20" cy="20" r="8" fill="#0a2548"/></g>
<g transform="translate(110 70)">
<path d="M70 0 140 34v78l-70 36L0 112V34z" fill="#c89b6d"/><path d="M0 34 70 70l70-36" fill="none" stroke="#8d6440" stroke-width="3"/><path d="M70 70v78" stroke="#8d6440" stroke-width="3"/>
<path d="M0 34 70 0l70 34-70 36z" fill="#dcb485"/><path d="M35 17 105 52" stroke="#e8d3b0" stroke-width="10"/>
<text x="36" y="124" font-family="Arial, sans-serif" font-size="44" font-weight="800" fill="#fff" transform="skewY(26) translate(0 -60)">?</text>
</g>
<ellipse cx="180" cy="236" rx="90" ry="9" fill="#000" opacity=".25"/>
</svg>
`,
);

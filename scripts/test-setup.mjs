// Installs what the tests need on a fresh machine of this kind, then builds the client:
// Debian's Chromium for the browser tests (apt-get; the machines reach Debian's packages),
// a running PostgreSQL and Redis (started if installed but stopped).
import { execSync } from "node:child_process";
import { ensureDebianPackages } from "./debian-packages.mjs";

const sh = (cmd) => execSync(cmd, { stdio: "inherit" });
const quiet = (cmd) => {
  try {
    execSync(cmd, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

// Debian packages the tests need, each with a file that shows it is there: Chromium for the browser tests,
// Noto fonts for the label and invoice PDFs in other scripts (whether or not Chromium is there), poppler's
// pdftoppm/pdfinfo/pdftotext to render PDFs and zbar's zbarimg to read their barcodes.
const NEEDED = [
  ["chromium", "/usr/bin/chromium"],
  ["fonts-noto-core", "/usr/share/fonts/truetype/noto/NotoNaskhArabic-Regular.ttf"],
  ["fonts-noto-cjk", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"],
  ["poppler-utils", "/usr/bin/pdftoppm"],
  ["zbar-tools", "/usr/bin/zbarimg"],
];
ensureDebianPackages("test-setup", NEEDED);

if (!quiet("pg_isready -h 127.0.0.1 -p 5432")) {
  console.log("test-setup: starting PostgreSQL");
  quiet("pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start");
  for (let i = 0; i < 30 && !quiet("pg_isready -h 127.0.0.1 -p 5432"); i++) execSync("sleep 1");
}

if (!quiet("redis-cli -h 127.0.0.1 -p 6379 ping")) {
  console.log("test-setup: starting Redis");
  quiet(`redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /tmp --logfile /tmp/redis-courier.log`);
  for (let i = 0; i < 20 && !quiet("redis-cli -h 127.0.0.1 -p 6379 ping"); i++) execSync("sleep 0.5");
}

// The whole build, as `npm run build` does it, when dist/ is missing or older than a source (as `npm start` judges
// it: scripts/build-state.mjs): the browser tests' servers run dist/server/main.js as `npm start` does
// (tests/helpers/site.ts). A clean clone (CI) always builds; a second `npm test` without an edit does not.
console.log("test-setup: building the client, its server render and the server unless the build is current");
sh("node scripts/build-if-stale.mjs");

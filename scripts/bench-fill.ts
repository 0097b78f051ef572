// A database of many demo-like parcels, written straight with the drivers (batched inserts): the
// benchmark's (scripts/bench.ts) and the heavy-work system test's (tests/system/heavy-work.test.ts).
import { migrate, pgTarget } from "../server/db/migrate.js";

/** The tracking code of the i-th parcel (0-based; its id is i + 1). */
export const benchCode = (i: number) => `BN-${String(i).padStart(8, "0")}`;
/** Recipients and destinations vary as a courier's do: 1 000 names (a surname is one parcel in 50) and 50 cities. */
const FIRST = "Grace Ahmed Maria Jonas Aiko Pedro Fatima Liam Chen Olga Kwame Sofia Ivan Amara Lucas Priya Noah Elif Mateo Hana".split(" ");
const LAST =
  "Okafor Haddad Garcia Berg Tanaka Silva Rahman Murphy Wang Petrova Mensah Rossi Ivanov Diallo Dubois Sharma Miller Yilmaz Lopez Kim Novak Jansen Costa Nowak Fischer Ali Moreau Popescu Horvat Larsen Nagy Santos Kowalski Schmidt Bianchi Andersen Papadopoulos Cohen Nguyen Mwangi Okeke Suzuki Park Khan Oliveira Virtanen Kovac Lund Brennan Walsh".split(
    " ",
  );
const CITIES =
  "Rotterdam, NL; Hamburg, DE; Lyon, FR; Milan, IT; Madrid, ES; Porto, PT; Vienna, AT; Prague, CZ; Warsaw, PL; Budapest, HU; Athens, GR; Dublin, IE; Oslo, NO; Stockholm, SE; Helsinki, FI; Copenhagen, DK; Riga, LV; Vilnius, LT; Tallinn, EE; Zagreb, HR; Sofia, BG; Bucharest, RO; Istanbul, TR; Tbilisi, GE; Cairo, EG; Lagos, NG; Nairobi, KE; Accra, GH; Casablanca, MA; Dubai, AE; Mumbai, IN; Dhaka, BD; Bangkok, TH; Hanoi, VN; Manila, PH; Jakarta, ID; Seoul, KR; Osaka, JP; Shanghai, CN; Sydney, AU; Auckland, NZ; Toronto, CA; Chicago, US; Denver, US; Mexico City, MX; Bogota, CO; Lima, PE; Santiago, CL; Sao Paulo, BR; Montevideo, UY".split(
    "; ",
  );
const sqlArray = (a: string[]) => `ARRAY[${a.map((v) => `'${v}'`).join(",")}]`;
/** The i-th parcel's recipient and destination. */
export const benchRecipient = (i: number) => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
export const benchDestination = (i: number) => CITIES[Math.floor(i / 7) % CITIES.length];
const ICONS = ["radio_button_checked", "airplanemode_active", "local_shipping", "home_work", "directions_boat", "check_circle"];

/** Migrates the database and fills it with n parcels of `history` entries each (10 by default). Answers the seconds taken. */
export async function fill(url: string, n: number, history = 10): Promise<number> {
  await migrate(url);
  const t0 = Date.now();
  if (url.startsWith("file:")) {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(url.slice(5));
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = OFF");
    const now = new Date().toISOString().replace("Z", "+00:00");
    const p =
      db.prepare(`INSERT INTO Parcel (id, tracking_code, recipient_name, recipient_email, destination, current_location, pickup_location, status, weight, shipped_via, parcel_content, declared_value, show_map, map_zoom, map_current_latitude, map_current_longitude, version, created_at, updated_at)
      VALUES (?, ?, ?, 'r@example.com', ?, 'Hamburg, DE', 'Shanghai, CN', 'In transit', 12.5, 'Sea freight', 'Machine parts', 1800, 'yes', 6, 53.55, 9.99, 0, ?, ?)`);
    const a = db.prepare(
      `INSERT INTO Activity (parcel_id, title, description, icon, color, created_at, updated_at) VALUES (?, ?, 'Handled at the facility and scanned; next stop on schedule.', ?, 'green', ?, ?)`,
    );
    const batch = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        p.run(i + 1, benchCode(i), benchRecipient(i), benchDestination(i), now, now);
        for (let k = 0; k < history; k++) a.run(i + 1, `Checkpoint ${k + 1}`, ICONS[k % ICONS.length], now, now);
      }
    });
    for (let i = 0; i < n; i += 10_000) batch(i, Math.min(n, i + 10_000));
    db.pragma("wal_checkpoint(TRUNCATE)");
    db.close();
  } else {
    const { default: pg } = await import("pg");
    const { connectionString, schema } = pgTarget(url);
    const c = new pg.Client({ connectionString });
    await c.connect();
    await c.query(`SET search_path TO "${schema}"`);
    for (let i = 0; i < n; i += 100_000) {
      const to = Math.min(n, i + 100_000);
      await c.query(
        `INSERT INTO "Parcel" (id, tracking_code, recipient_name, recipient_email, destination, current_location, pickup_location, status, weight, shipped_via, parcel_content, declared_value, show_map, map_zoom, map_current_latitude, map_current_longitude, version, created_at, updated_at)
         SELECT g + 1, 'BN-' || lpad(g::text, 8, '0'), (${sqlArray(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}], 'r@example.com', (${sqlArray(CITIES)})[1 + (g / 7) % ${CITIES.length}], 'Hamburg, DE', 'Shanghai, CN', 'In transit', 12.5, 'Sea freight', 'Machine parts', 1800, 'yes', 6, 53.55, 9.99, 0, now(), now()
         FROM generate_series($1::int, $2::int - 1) g`,
        [i, to],
      );
      if (history > 0) {
        await c.query(
          `INSERT INTO "Activity" (parcel_id, title, description, icon, color, created_at, updated_at)
           SELECT g + 1, 'Checkpoint ' || k, 'Handled at the facility and scanned; next stop on schedule.', (ARRAY['radio_button_checked','airplanemode_active','local_shipping','home_work','directions_boat','check_circle'])[1 + k % 6], 'green', now(), now()
           FROM generate_series($1::int, $2::int - 1) g, generate_series(1, $3::int) k`,
          [i, to, history],
        );
      }
    }
    await c.query(`SELECT setval(pg_get_serial_sequence('"Parcel"', 'id'), $1)`, [n]);
    await c.query(`ANALYZE`);
    await c.end();
  }
  return (Date.now() - t0) / 1000;
}

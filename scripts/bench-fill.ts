// A database of many demo-like parcels, written straight with the drivers (batched inserts): the
// benchmark's (scripts/bench.ts) and the heavy-work system test's (tests/system/heavy-work.test.ts).
import { migrate, pgTarget } from "../server/db/migrate.js";
import { codBooks, codDue, writeCodPg, writeCodSqlite } from "./bench-cod.js";

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

const DAY = 86_400_000;
const HOUR = 3_600_000;
const FAILURE_REASONS = ["nobody_home", "address_not_found", "refused", "access_restricted"];
/**
 * The dated history of the reports section (`dated`): parcel i created over the 365 days before the fill's day
 * (evenly, the newest last), expected 3 days later; its first entry picked_up 4 hours after creation, then
 * checkpoints 4 hours apart, every tenth parcel a delivery_failed entry before the last, and the last entry
 * delivered 48 to 95 hours after creation (but every 25th parcel, still on its way). Each parcel has a booking
 * (20 shippers, two services, every 50th cancelled), and each delivery a done stop on one of 10 couriers' runs of
 * its day. The same on both databases (the SQL below computes what these functions do).
 */
export function datedPlan(n: number, history: number, now = Date.now()) {
  const base = Math.floor(now / DAY) * DAY - 366 * DAY;
  const created = (i: number) => base + DAY + Math.floor((i * 365 * DAY) / n);
  const entryAt = (i: number, k: number) => created(i) + (k === history ? (48 + (i % 48)) * HOUR : k * 4 * HOUR);
  const entryCode = (i: number, k: number) =>
    k === 1 ? "picked_up" : k === history - 1 && i % 10 === 0 ? "delivery_failed" : k === history && i % 25 !== 0 ? "delivered" : null;
  const entryReason = (i: number, k: number) => (k === history - 1 && i % 10 === 0 ? FAILURE_REASONS[Math.floor(i / 10) % 4] : null);
  return { base, created, entryAt, entryCode, entryReason, days: 372 };
}
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const sqliteAt = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

/**
 * Migrates the database and fills it with n parcels of `history` entries each (10 by default); `dated`: the reports
 * section's history (datedPlan), with bookings, couriers' runs and stops; `cod` (with `dated`): cash on delivery due on
 * every fifth parcel, with its collections, ledger, cash-ups and remittances (bench-cod.ts). Answers the seconds taken.
 */
export async function fill(url: string, n: number, history = 10, opts: { dated?: boolean; cod?: boolean } = {}): Promise<number> {
  const plan = opts.dated || opts.cod ? datedPlan(n, history) : null;
  const books = plan && opts.cod ? codBooks(n, plan, history, Date.now()) : null;
  await migrate(url);
  const t0 = Date.now();
  if (url.startsWith("file:")) {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(url.slice(5));
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = OFF");
    const now = new Date().toISOString().replace("Z", "+00:00");
    const p =
      db.prepare(`INSERT INTO Parcel (id, tracking_code, recipient_name, recipient_email, destination, current_location, pickup_location, status, weight, shipped_via, parcel_content, declared_value, show_map, map_zoom, map_current_latitude, map_current_longitude, version, created_at, updated_at, max_expected_delivery_date, cod_amount, cod_currency)
      VALUES (?, ?, ?, 'r@example.com', ?, 'Hamburg, DE', 'Shanghai, CN', 'In transit', 12.5, 'Sea freight', 'Machine parts', 1800, 'yes', 6, 53.55, 9.99, 0, ?, ?, ?, ?, ?)`);
    const a = db.prepare(
      `INSERT INTO Activity (parcel_id, title, description, icon, color, created_at, updated_at, status_code, status_reason) VALUES (?, ?, 'Handled at the facility and scanned; next stop on schedule.', ?, 'green', ?, ?, ?, ?)`,
    );
    const b = db.prepare(
      `INSERT INTO Booking (shipper_id, parcel_id, tracking_code, service, amount, currency, breakdown, chargeable_weight_kg, request_hash, created_at, cancelled_at, cod_amount) VALUES (?, ?, ?, ?, ?, 'EUR', '[]', 1, 'bench', ?, ?, ?)`,
    );
    const st = db.prepare(
      `INSERT INTO Stop (run_id, seq, kind, parcel_id, claim_date, address, latitude, longitude, status, done_at, created_at, updated_at) VALUES (?, ?, 'delivery', ?, ?, 'Bench street 1', 53.55, 9.99, 'done', ?, ?, ?)`,
    );
    if (plan) {
      const shipper = db.prepare(`INSERT INTO Shipper (id, name, email, password_hash, created_at, updated_at) VALUES (?, ?, ?, '', ?, ?)`);
      const service = db.prepare(`INSERT INTO Service (code, name, transit_days_min, transit_days_max, created_at, updated_at) VALUES (?, ?, 1, 3, ?, ?)`);
      const run = db.prepare(`INSERT INTO Run (id, courier_id, date, status, started_at, created_at, updated_at) VALUES (?, ?, ?, 'finished', ?, ?, ?)`);
      db.transaction(() => {
        for (let k = 1; k <= 20; k++) shipper.run(k, `Bench shipper ${k}`, `bench-shipper-${k}@example.com`, now, now);
        for (const code of ["RPT_STD", "RPT_EXP"]) service.run(code, code, now, now);
        for (let d = 0; d < plan.days; d++)
          for (let c = 0; c < 10; c++) run.run(d * 10 + c + 1, 1001 + c, isoDay(plan.base + d * DAY), sqliteAt(plan.base + d * DAY + 6 * HOUR), now, now);
      })();
    }
    const batch = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const created = plan ? sqliteAt(plan.created(i)) : now;
        const due = books ? codDue(i) : null;
        p.run(
          i + 1,
          benchCode(i),
          benchRecipient(i),
          benchDestination(i),
          created,
          created,
          plan ? isoDay(plan.created(i) + 3 * DAY) : null,
          due,
          due === null ? null : "EUR",
        );
        for (let k = 0; k < history; k++) {
          const at = plan ? sqliteAt(plan.entryAt(i, k + 1)) : now;
          a.run(i + 1, `Checkpoint ${k + 1}`, ICONS[k % ICONS.length], at, at, plan?.entryCode(i, k + 1) ?? null, plan?.entryReason(i, k + 1) ?? null);
        }
        if (!plan) continue;
        b.run(1 + (i % 20), i + 1, benchCode(i), i % 3 === 0 ? "RPT_EXP" : "RPT_STD", 800 + (i % 7) * 100, created, i % 50 === 0 ? created : null, due);
        if (plan.entryCode(i, history) === "delivered") {
          const at = plan.entryAt(i, history);
          const d = Math.floor((at - plan.base) / DAY);
          st.run(d * 10 + (i % 10) + 1, i + 1, i + 1, isoDay(plan.base + d * DAY), sqliteAt(at), now, now);
        }
      }
    });
    for (let i = 0; i < n; i += 10_000) batch(i, Math.min(n, i + 10_000));
    if (books) writeCodSqlite(db, books);
    db.pragma("wal_checkpoint(TRUNCATE)");
    db.close();
  } else {
    const { default: pg } = await import("pg");
    const { connectionString, schema } = pgTarget(url);
    const c = new pg.Client({ connectionString });
    await c.connect();
    await c.query(`SET search_path TO "${schema}"`);
    // The dated history's times (datedPlan's, in SQL): g is the parcel's index, k its entry's number.
    const ts = (ms: string) => `(to_timestamp((${ms})::double precision / 1000) AT TIME ZONE 'UTC')`;
    const createdMs = plan ? `(${plan.base + DAY}::bigint + (g::bigint * ${365 * DAY}) / ${n})` : "";
    const deliveredMs = `(${createdMs} + (48 + g % 48)::bigint * ${HOUR})`;
    const pgCreated = plan ? ts(createdMs) : "now()";
    const pgMax = plan ? `to_char(${ts(`${createdMs} + ${3 * DAY}`)}, 'YYYY-MM-DD')` : "NULL";
    const pgEntryAt = plan ? ts(`${createdMs} + CASE WHEN k = ${history} THEN (48 + g % 48)::bigint * ${HOUR} ELSE k::bigint * ${4 * HOUR} END`) : "now()";
    const pgCode = plan
      ? `CASE WHEN k = 1 THEN 'picked_up' WHEN k = ${history - 1} AND g % 10 = 0 THEN 'delivery_failed' WHEN k = ${history} AND g % 25 <> 0 THEN 'delivered' END`
      : "NULL";
    // codDue's amount, in SQL.
    const pgCod = books ? `CASE WHEN (g / 10) % 5 = 1 THEN 1000 + (g % 40) * 250 END` : "NULL";
    const pgReason = plan ? `CASE WHEN k = ${history - 1} AND g % 10 = 0 THEN (${sqlArray(FAILURE_REASONS)})[1 + (g / 10) % 4] END` : "NULL";
    if (plan) {
      await c.query(
        `INSERT INTO "Shipper" (id, name, email, password_hash, created_at, updated_at) SELECT k, 'Bench shipper ' || k, 'bench-shipper-' || k || '@example.com', '', now(), now() FROM generate_series(1, 20) k`,
      );
      await c.query(`SELECT setval(pg_get_serial_sequence('"Shipper"', 'id'), 20)`);
      await c.query(
        `INSERT INTO "Service" (code, name, transit_days_min, transit_days_max, created_at, updated_at) VALUES ('RPT_STD', 'RPT_STD', 1, 3, now(), now()), ('RPT_EXP', 'RPT_EXP', 1, 3, now(), now())`,
      );
      await c.query(
        `INSERT INTO "Run" (id, courier_id, date, status, started_at, created_at, updated_at)
         SELECT d * 10 + c + 1, 1001 + c, to_char(${ts(`${plan.base}::bigint + d::bigint * ${DAY}`)}, 'YYYY-MM-DD'), 'finished', ${ts(`${plan.base}::bigint + d::bigint * ${DAY} + ${6 * HOUR}`)}, now(), now()
         FROM generate_series(0, ${plan.days - 1}) d, generate_series(0, 9) c`,
      );
      await c.query(`SELECT setval(pg_get_serial_sequence('"Run"', 'id'), ${plan.days * 10})`);
    }
    for (let i = 0; i < n; i += 100_000) {
      const to = Math.min(n, i + 100_000);
      await c.query(
        `INSERT INTO "Parcel" (id, tracking_code, recipient_name, recipient_email, destination, current_location, pickup_location, status, weight, shipped_via, parcel_content, declared_value, show_map, map_zoom, map_current_latitude, map_current_longitude, version, created_at, updated_at, max_expected_delivery_date, cod_amount, cod_currency)
         SELECT g + 1, 'BN-' || lpad(g::text, 8, '0'), (${sqlArray(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}], 'r@example.com', (${sqlArray(CITIES)})[1 + (g / 7) % ${CITIES.length}], 'Hamburg, DE', 'Shanghai, CN', 'In transit', 12.5, 'Sea freight', 'Machine parts', 1800, 'yes', 6, 53.55, 9.99, 0, ${pgCreated}, ${pgCreated}, ${pgMax}, ${pgCod}, CASE WHEN ${pgCod} IS NOT NULL THEN 'EUR' END
         FROM generate_series($1::int, $2::int - 1) g`,
        [i, to],
      );
      if (history > 0) {
        await c.query(
          `INSERT INTO "Activity" (parcel_id, title, description, icon, color, created_at, updated_at, status_code, status_reason)
           SELECT g + 1, 'Checkpoint ' || k, 'Handled at the facility and scanned; next stop on schedule.', (ARRAY['radio_button_checked','airplanemode_active','local_shipping','home_work','directions_boat','check_circle'])[1 + k % 6], 'green', ${pgEntryAt}, ${pgEntryAt}, ${pgCode}, ${pgReason}
           FROM generate_series($1::int, $2::int - 1) g, generate_series(1, $3::int) k`,
          [i, to, history],
        );
      }
    }
    if (plan) {
      for (let i = 0; i < n; i += 100_000) {
        const to = Math.min(n, i + 100_000);
        await c.query(
          `INSERT INTO "Booking" (shipper_id, parcel_id, tracking_code, service, amount, currency, breakdown, chargeable_weight_kg, request_hash, created_at, cancelled_at, cod_amount)
           SELECT 1 + g % 20, g + 1, 'BN-' || lpad(g::text, 8, '0'), CASE WHEN g % 3 = 0 THEN 'RPT_EXP' ELSE 'RPT_STD' END, 800 + (g % 7) * 100, 'EUR', '[]', 1, 'bench', ${pgCreated}, CASE WHEN g % 50 = 0 THEN ${pgCreated} END, ${pgCod}
           FROM generate_series($1::int, $2::int - 1) g`,
          [i, to],
        );
        const day = `((${deliveredMs} - ${plan.base}) / ${DAY})`;
        await c.query(
          `INSERT INTO "Stop" (run_id, seq, kind, parcel_id, claim_date, address, latitude, longitude, status, done_at, created_at, updated_at)
           SELECT ${day} * 10 + g % 10 + 1, g + 1, 'delivery', g + 1, to_char(${ts(`${plan.base}::bigint + ${day} * ${DAY}`)}, 'YYYY-MM-DD'), 'Bench street 1', 53.55, 9.99, 'done', ${ts(deliveredMs)}, now(), now()
           FROM generate_series($1::int, $2::int - 1) g WHERE g % 25 <> 0`,
          [i, to],
        );
      }
    }
    await c.query(`SELECT setval(pg_get_serial_sequence('"Parcel"', 'id'), $1)`, [n]);
    if (books) await writeCodPg(c, books);
    await c.query(`ANALYZE`);
    await c.end();
  }
  return (Date.now() - t0) / 1000;
}

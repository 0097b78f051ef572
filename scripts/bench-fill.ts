// A database of many demo-like parcels, written straight with the drivers (batched inserts): the
// benchmark's (scripts/bench.ts) and the heavy-work system test's (tests/system/heavy-work.test.ts).
import { migrate, pgTarget } from "../server/db/migrate.js";

/** The tracking code of the i-th parcel (0-based; its id is i + 1). */
export const benchCode = (i: number) => `BN-${String(i).padStart(8, "0")}`;
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
      VALUES (?, ?, 'Bench Recipient', 'r@example.com', 'Rotterdam, NL', 'Hamburg, DE', 'Shanghai, CN', 'In transit', 12.5, 'Sea freight', 'Machine parts', 1800, 'yes', 6, 53.55, 9.99, 0, ?, ?)`);
    const a = db.prepare(
      `INSERT INTO Activity (parcel_id, title, description, icon, color, created_at, updated_at) VALUES (?, ?, 'Handled at the facility and scanned; next stop on schedule.', ?, 'green', ?, ?)`,
    );
    const batch = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        p.run(i + 1, benchCode(i), now, now);
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
         SELECT g + 1, 'BN-' || lpad(g::text, 8, '0'), 'Bench Recipient', 'r@example.com', 'Rotterdam, NL', 'Hamburg, DE', 'Shanghai, CN', 'In transit', 12.5, 'Sea freight', 'Machine parts', 1800, 'yes', 6, 53.55, 9.99, 0, now(), now()
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

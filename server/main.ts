import { buildApp } from "./app.js";
import { config } from "./core/config.js";
import { closeDb } from "./db/index.js";
import { seedDemo } from "../prisma/seed.js";
import { contentChanged } from "./modules/content/content.service.js";
import { forgetAllParcels } from "./modules/parcel/view-cache.js";
import { setupLink } from "./modules/admin/admin.service.js";

const c = config();
const app = await buildApp();
// Demo content goes into an empty database once; other processes' cached graphs and views then see it.
if (c.seedDemo && (await seedDemo())) {
  await contentChanged();
  await forgetAllParcels();
}
await app.listen({ port: c.port, host: c.host });
console.info(`Courier site on http://localhost:${c.port} (database: ${c.provider})`);
// Until the first admin exists, only whoever reads this console (the one who started the server) can create it.
const link = await setupLink();
if (link) console.info(`No admin account yet. Create the owner account (once) at:\n  ${link}`);

let stopping = false;
for (const sig of ["SIGTERM", "SIGINT"] as const) {
  process.on(sig, async () => {
    if (stopping) return;
    stopping = true;
    // Finish requests in flight, then close the database.
    await app.close();
    await closeDb();
    process.exit(0);
  });
}

// Fails when a file of client/generated/ differs from what graphql-codegen makes now (codegen.yml).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const files = ["client/generated/graphql.tsx", "client/generated/public.tsx", "client/generated/shipper.tsx"].map((f) => path.resolve(f));
const before = files.map((f) => (fs.existsSync(f) ? fs.readFileSync(f, "utf8") : ""));
const times = files.map((f) => (fs.existsSync(f) ? fs.statSync(f) : null));
execFileSync(path.resolve("node_modules/.bin/graphql-codegen"), ["--config", "codegen.yml", "--silent"], { stdio: "inherit" });
const stale = files.filter((f, i) => fs.readFileSync(f, "utf8") !== before[i]);
// Put back as they were, times too: a check must not make the build look older than its sources (build-state.mjs).
files.forEach((f, i) => {
  fs.writeFileSync(f, before[i]);
  if (times[i]) fs.utimesSync(f, times[i].atime, times[i].mtime);
});
if (stale.length) {
  console.error(`${stale.map((f) => path.relative(process.cwd(), f)).join(", ")} stale: run npm run codegen and commit`);
  process.exit(1);
}
console.log("client/generated/ is up to date");

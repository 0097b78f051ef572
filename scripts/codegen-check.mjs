// Fails when client/generated/graphql.tsx differs from what graphql-codegen makes now.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const file = path.resolve("client/generated/graphql.tsx");
const before = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
execFileSync(path.resolve("node_modules/.bin/graphql-codegen"), ["--config", "codegen.yml", "--silent"], { stdio: "inherit" });
const after = fs.readFileSync(file, "utf8");
if (before !== after) {
  fs.writeFileSync(file, before);
  console.error("client/generated/graphql.tsx is stale: run npm run codegen and commit it");
  process.exit(1);
}
console.log("client/generated/graphql.tsx is up to date");

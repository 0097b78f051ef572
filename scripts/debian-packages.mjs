// Debian packages the scripts need, installed with apt-get when missing (the machines reach Debian's
// packages): scripts/test-setup.mjs (the tests' browser, fonts and PDF tools) and scripts/bench.ts (wrk).
import { execSync } from "node:child_process";
import fs from "node:fs";

/** Installs each [package, a file it provides] whose file is missing; `who` names the caller in the log. */
export function ensureDebianPackages(who, needed) {
  const missing = needed.filter(([, file]) => !fs.existsSync(file)).map(([pkg]) => pkg);
  if (!missing.length) return;
  console.log(`${who}: installing Debian's ${missing.join(", ")}`);
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`, { stdio: "inherit" });
}

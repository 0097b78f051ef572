import { chromium } from "playwright-core";
const [,, url, cookie, path] = process.argv;
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const ctx = await b.newContext({ viewport: { width: 390, height: 844 } });
const [k, v] = cookie.split("=");
await ctx.addCookies([{ name: k, value: v, url }]);
const p = await ctx.newPage();
await p.goto(url + path);
await p.waitForTimeout(2500);
console.log(await p.evaluate(() => {
  const W = document.documentElement.clientWidth;
  return [...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > W + 1).slice(0, 12).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`).join("\n");
}));
await b.close();

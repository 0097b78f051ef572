import http from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isPrivateAddress, postTo, refusedTarget } from "./webhook.address.js";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "198.18.0.1",
    "::1",
    "::",
    "fe80::1",
    "fd00::1",
    "fc12::3",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:a9fe:a9fe",
    // NAT64 and 6to4 addresses of local IPv4 addresses
    "64:ff9b::7f00:1",
    "64:ff9b::127.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "64:ff9b::10.0.0.1",
    "2002:7f00:1::1",
    "2002:a9fe:a9fe::",
  ])("refuses %s", (ip) => expect(isPrivateAddress(ip)).toBe(true));

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "192.169.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001::1",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("allows %s", (ip) => expect(isPrivateAddress(ip)).toBe(false));

  it("is false for names, which are judged after DNS", () => expect(isPrivateAddress("example.com")).toBe(false));
});

describe("refusedTarget and postTo", () => {
  let server: http.Server;
  let port = 0;
  const seen: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        seen.push(`${req.method} ${req.url} ${req.headers["x-test"]} ${body}`);
        if (req.url === "/big") return res.end("x".repeat(100_000));
        if (req.url === "/slow") return setTimeout(() => res.end("late"), 2000);
        if (req.url === "/moved") return res.writeHead(302, { location: "/elsewhere" }).end();
        res.writeHead(201).end("thanks");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise((r) => server.close(r)));
  afterEach(() => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
  });

  it("names the local target of a URL unless WEBHOOK_ALLOW_PRIVATE=true", () => {
    expect(refusedTarget("http://127.0.0.1:8080/x")).toBe("127.0.0.1");
    expect(refusedTarget("http://[::1]/x")).toBe("::1");
    expect(refusedTarget("http://LOCALHOST/x")).toBe("localhost");
    expect(refusedTarget("http://api.localhost/x")).toBe("api.localhost");
    expect(refusedTarget("http://169.254.169.254/latest/meta-data")).toBe("169.254.169.254");
    expect(refusedTarget("https://hooks.example.com/x")).toBeNull();
    expect(refusedTarget("https://8.8.8.8/x")).toBeNull();
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    expect(refusedTarget("http://127.0.0.1:8080/x")).toBeNull();
  });

  it("refuses an IP literal and a name resolving to a local address, before sending anything", async () => {
    const before = seen.length;
    await expect(postTo(`http://127.0.0.1:${port}/hook`, {}, "{}", 2000)).rejects.toMatchObject({
      code: "EPRIVATEADDRESS",
      message: expect.stringContaining("127.0.0.1"),
    });
    await expect(postTo(`http://localhost:${port}/hook`, {}, "{}", 2000)).rejects.toMatchObject({
      code: "EPRIVATEADDRESS",
      message: expect.stringMatching(/^localhost is (127\.0\.0\.1|::1), a local or private address/),
    });
    expect(seen.length).toBe(before);
  });

  it("with WEBHOOK_ALLOW_PRIVATE=true posts the body and headers and reads the answer", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    expect(await postTo(`http://localhost:${port}/hook`, { "X-Test": "yes" }, '{"a":1}', 2000)).toEqual({ status: 201, body: "thanks" });
    expect(seen.at(-1)).toBe('POST /hook yes {"a":1}');
  });

  it("reads at most maxBody characters, follows no redirect, and gives up after the time-out", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    const big = await postTo(`http://127.0.0.1:${port}/big`, {}, "{}", 2000, 500);
    expect(big).toEqual({ status: 200, body: "x".repeat(500) });
    expect(await postTo(`http://127.0.0.1:${port}/moved`, {}, "{}", 2000)).toEqual({ status: 302, body: "" });
    expect(seen.some((s) => s.startsWith("POST /elsewhere"))).toBe(false);
    await expect(postTo(`http://127.0.0.1:${port}/slow`, {}, "{}", 200)).rejects.toMatchObject({ name: "TimeoutError" });
  });
});

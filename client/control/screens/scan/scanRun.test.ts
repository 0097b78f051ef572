import { describe, expect, it } from "vitest";
import { codeFromScan, LATE_MS, loadRun, nextQueued, saveRun, scanInput, undoable, type ScanLine, type ScanSetup } from "./scanRun";

const setup: ScanSetup = {
  event: "delivery_failed",
  status_code: "delivery_failed",
  status_reason: "refused",
  title: null,
  place: "Van 3",
  latitude: 45.5,
  longitude: 4.8,
};
const line = (code: string, state: ScanLine["state"], scanned_at = new Date().toISOString()): ScanLine => ({
  scan_id: `id-${code}`,
  code,
  scanned_at,
  setup,
  state,
});

describe("a run of scans", () => {
  it("reads a code from a label's QR link or takes the scanned text as it is", () => {
    expect(codeFromScan("  ABC-123 \n")).toBe("ABC-123");
    expect(codeFromScan("https://courier.example/track.html?code=ABC-123&lang=fr")).toBe("ABC-123");
    expect(codeFromScan("https://courier.example/about")).toBe("https://courier.example/about");
  });

  it("sends the oldest waiting scan first and undoes the newest recorded or waiting one", () => {
    const lines = [line("C", "error"), line("B", "queued"), line("A", "queued"), line("Z", "ok")]; // newest first
    expect(nextQueued(lines)?.code).toBe("A");
    expect(undoable(lines)?.code).toBe("B");
    expect(undoable([line("E", "error"), line("D", "ok")])?.code).toBe("D");
    expect(undoable([line("E", "undone"), line("F", "error")])).toBeUndefined();
    // Not past a scan on its way: its answer decides what there is to undo.
    expect(undoable([line("G", "sending"), line("H", "ok")])).toBeUndefined();
  });

  it("carries the scan's own time only when it had to wait", () => {
    const now = Date.now();
    const fresh = scanInput(line("A", "queued", new Date(now - 1000).toISOString()), now);
    expect(fresh).toMatchObject({ codes: ["A"], scan_ids: ["id-A"], status_code: "delivery_failed", status_reason: "refused", place: "Van 3", latitude: 45.5 });
    expect(fresh).not.toHaveProperty("scanned_at");
    const at = new Date(now - LATE_MS - 1000).toISOString();
    expect(scanInput(line("A", "queued", at), now).scanned_at).toBe(at);
  });

  it("keeps each member's run apart: scans one member left waiting are never loaded (so never sent) as another", () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
      removeItem: (k: string) => void kept.delete(k),
    };
    saveRun("Ann@example.com", { setup, lines: [line("A1", "queued"), line("A0", "sending")] }, storage);
    expect(loadRun("bob@example.com", storage)).toEqual({ setup: null, lines: [] });
    expect(nextQueued(loadRun("bob@example.com", storage).lines)).toBeUndefined();
    // The same member (any case of the address) finds the run again, a cut-short send queued again.
    expect(loadRun("ann@example.com", storage).lines.map((l) => [l.code, l.state])).toEqual([
      ["A1", "queued"],
      ["A0", "queued"],
    ]);
    // A run kept before runs had an owner is nobody's: dropped, not sent as whoever opens the screen.
    kept.set("courier.scan.run.v1", JSON.stringify({ setup, lines: [line("OLD", "queued")] }));
    expect(loadRun("bob@example.com", storage).lines).toEqual([]);
    expect(kept.has("courier.scan.run.v1")).toBe(false);
  });
  it("sends a delivery's payment with its scan, under its one scan_id, and keeps it through a reload", () => {
    const delivered: ScanSetup = { ...setup, event: "delivered", status_code: "delivered", status_reason: null };
    const paid: ScanLine = { ...line("COD-1", "queued"), setup: delivered, cod: { amount: 1250, method: "card", reference: "R-7" } };
    const first = scanInput(paid);
    expect(first).toMatchObject({
      codes: ["COD-1"],
      scan_ids: ["id-COD-1"],
      status_code: "delivered",
      cod: { amount: 1250, method: "card", reference: "R-7" },
    });
    // Sent again (a lost reply, a page closed while sending): the very same request, so the same collection.
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    saveRun("ada@example.com", { setup: null, lines: [{ ...paid, state: "sending" }] }, storage);
    const again = loadRun("ada@example.com", storage).lines[0];
    expect(again.state).toBe("queued");
    expect(scanInput(again)).toEqual(first);
    // A payment never rides on another event.
    expect(scanInput({ ...paid, setup })).not.toHaveProperty("cod");
    expect(scanInput({ ...line("X", "queued"), setup: delivered })).not.toHaveProperty("cod");
  });
});

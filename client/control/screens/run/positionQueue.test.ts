import { describe, expect, it } from "vitest";
import { addPosition, BATCH, KEEP, loadPositions, metres, nextBatch, savePositions, wirePositions, withoutBatch, type QueuedPosition } from "./positionQueue";

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};
const at = (s: number) => new Date(Date.UTC(2026, 2, 2, 9, 0, s)).toISOString();
const pos = (run_id: number, s: number, latitude = 52.37, longitude = 4.89): QueuedPosition => ({ run_id, latitude, longitude, at: at(s) });

describe("the courier's position queue", () => {
  it("is kept per member and survives unreadable storage", () => {
    const s = memory();
    savePositions("Ada@Example.com", [pos(1, 0)], s);
    expect(loadPositions("ada@example.com", s)).toEqual([pos(1, 0)]);
    expect(loadPositions("grace@example.com", s)).toEqual([]);
    s.setItem("courier.run.positions.v1:bad@example.com", "{not json");
    expect(loadPositions("bad@example.com", s)).toEqual([]);
  });

  it("drops a position that repeats the last one (same place, a moment later), keeps a move or a later one", () => {
    let q = addPosition([], pos(1, 0), null);
    q = addPosition(q, pos(1, 2), q[q.length - 1]);
    expect(q).toHaveLength(1);
    q = addPosition(q, pos(1, 3, 52.371), q[q.length - 1]);
    q = addPosition(q, pos(1, 30, 52.371), q[q.length - 1]);
    expect(q).toHaveLength(3);
    expect(metres(pos(1, 0), pos(1, 0, 52.371))).toBeCloseTo(111.2, 0);
  });

  it("sends the oldest run's positions first, at most a batch, and forgets exactly what was sent", () => {
    const q = [pos(1, 0), pos(2, 1), pos(1, 2)];
    const b = nextBatch(q)!;
    expect(b.runId).toBe(1);
    expect(b.positions).toEqual([pos(1, 0), pos(1, 2)]);
    // Sent from a copy read back from storage: the same positions by value.
    expect(withoutBatch(q, JSON.parse(JSON.stringify(b.positions)))).toEqual([pos(2, 1)]);
    expect(nextBatch([])).toBeNull();
    const many = Array.from({ length: BATCH + 10 }, (_, i) => pos(1, i));
    expect(nextBatch(many)!.positions).toHaveLength(BATCH);
    expect(wirePositions([{ ...pos(1, 0), accuracy: 12 }, pos(1, 1)])).toEqual([
      { latitude: 52.37, longitude: 4.89, at: at(0), accuracy: 12 },
      { latitude: 52.37, longitude: 4.89, at: at(1) },
    ]);
  });

  it("keeps at most KEEP positions, the newest", () => {
    const s = memory();
    savePositions(
      "a@example.com",
      Array.from({ length: KEEP + 5 }, (_, i) => pos(1, i)),
      s,
    );
    const kept = loadPositions("a@example.com", s);
    expect(kept).toHaveLength(KEEP);
    expect(kept[0].at).toBe(at(5));
  });
});

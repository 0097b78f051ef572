// Pure route ordering (no imports, no I/O): used in the routing thread (route.worker.ts) and, should the
// thread fail, on the main thread. Places are indices into a square cost matrix (row-major, from -> to);
// place 0 is the round's start and end, places 1..n the stops. Matrices may be asymmetric (road distances).

/** Up to this many stops the order is the shortest there is (Held-Karp); above, a local search. */
export const EXACT_MAX_STOPS = 10;

export interface Point {
  latitude: number;
  longitude: number;
}

const EARTH_M = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function haversineM(a: Point, b: Point): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The great-circle matrix of the places (metres). */
export function greatCircleMatrix(places: Point[]): Float64Array {
  const n = places.length;
  const m = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) m[i * n + j] = i === j ? 0 : haversineM(places[i], places[j]);
  return m;
}

/** The round's length: start, the stops in this order (1..n), back to the start. */
export function roundLength(order: readonly number[], m: Float64Array, size: number): number {
  let total = 0;
  let prev = 0;
  for (const p of order) {
    total += m[prev * size + p];
    prev = p;
  }
  return total + m[prev * size];
}

/** The shortest round through every stop (Held-Karp over subsets): the stops' order (1..n). */
export function exactOrder(m: Float64Array, size: number): number[] {
  const n = size - 1;
  if (n <= 1) return n === 1 ? [1] : [];
  const full = (1 << n) - 1;
  // cost[mask * n + j]: the shortest path from the start through the stops of mask, ending at stop j (in mask).
  const cost = new Float64Array((full + 1) * n).fill(Infinity);
  const from = new Int8Array((full + 1) * n).fill(-1);
  for (let j = 0; j < n; j++) cost[(1 << j) * n + j] = m[j + 1];
  for (let mask = 1; mask <= full; mask++) {
    for (let j = 0; j < n; j++) {
      if (!(mask & (1 << j))) continue;
      const c = cost[mask * n + j];
      if (c === Infinity) continue;
      for (let k = 0; k < n; k++) {
        if (mask & (1 << k)) continue;
        const next = mask | (1 << k);
        const v = c + m[(j + 1) * size + k + 1];
        if (v < cost[next * n + k]) {
          cost[next * n + k] = v;
          from[next * n + k] = j;
        }
      }
    }
  }
  let best = Infinity;
  let last = 0;
  for (let j = 0; j < n; j++) {
    const v = cost[full * n + j] + m[(j + 1) * size];
    if (v < best) {
      best = v;
      last = j;
    }
  }
  const order: number[] = [];
  let mask = full;
  for (let j = last; j >= 0;) {
    order.push(j + 1);
    const prev = from[mask * n + j];
    mask &= ~(1 << j);
    j = prev;
  }
  return order.reverse();
}

/** Nearest neighbour from the start: always the closest stop not yet visited (ties: the lower index). */
export function nearestNeighbour(m: Float64Array, size: number): number[] {
  const seen = new Uint8Array(size);
  const order: number[] = [];
  let at = 0;
  for (let step = 1; step < size; step++) {
    let best = -1;
    let bestD = Infinity;
    for (let p = 1; p < size; p++) {
      if (!seen[p] && m[at * size + p] < bestD) {
        bestD = m[at * size + p];
        best = p;
      }
    }
    if (best < 0) for (best = 1; seen[best]; best++);
    seen[best] = 1;
    order.push(best);
    at = best;
  }
  return order;
}

const EPS = 1e-7;

/**
 * 2-opt: reverses the stretch between two positions while that shortens the round (first improvement,
 * until no reversal helps). Reversal costs are taken from prefix sums both ways, so an asymmetric
 * matrix is handled exactly. Returns a new order.
 */
export function twoOpt(order: readonly number[], m: Float64Array, size: number): number[] {
  const t = [0, ...order, 0];
  const n = order.length;
  const fwd = new Float64Array(n + 2);
  const bwd = new Float64Array(n + 2);
  const sums = () => {
    for (let k = 1; k < t.length; k++) {
      fwd[k] = fwd[k - 1] + m[t[k - 1] * size + t[k]];
      bwd[k] = bwd[k - 1] + m[t[k] * size + t[k - 1]];
    }
  };
  sums();
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 1; i < n; i++) {
      for (let j = i + 1; j <= n; j++) {
        const a = t[i - 1];
        const b = t[j + 1];
        const before = m[a * size + t[i]] + (fwd[j] - fwd[i]) + m[t[j] * size + b];
        const after = m[a * size + t[j]] + (bwd[j] - bwd[i]) + m[t[i] * size + b];
        if (after < before - EPS) {
          for (let x = i, y = j; x < y; x++, y--) [t[x], t[y]] = [t[y], t[x]];
          sums();
          improved = true;
        }
      }
    }
  }
  return t.slice(1, n + 1);
}

/**
 * Or-opt: moves a stretch of 1 to 3 stops (as it is or reversed) elsewhere in the round while that
 * shortens it. Only improving moves are made, so the round never gets longer.
 */
export function orOpt(order: readonly number[], m: Float64Array, size: number): number[] {
  let t = [...order];
  const len = (o: number[]) => roundLength(o, m, size);
  let current = len(t);
  let improved = true;
  while (improved) {
    improved = false;
    for (let seg = 1; seg <= 3 && !improved; seg++) {
      for (let i = 0; i + seg <= t.length && !improved; i++) {
        const piece = t.slice(i, i + seg);
        const rest = [...t.slice(0, i), ...t.slice(i + seg)];
        const prev = i > 0 ? t[i - 1] : 0;
        const next = i + seg < t.length ? t[i + seg] : 0;
        // What taking the piece out saves, then the cheapest place to put it back (either way round).
        const inner = (p: number[]) => p.slice(1).reduce((s, x, k) => s + m[p[k] * size + x], 0);
        const out = m[prev * size + piece[0]] + inner(piece) + m[piece[seg - 1] * size + next] - m[prev * size + next];
        const reversed = [...piece].reverse();
        for (let k = 0; k <= rest.length && !improved; k++) {
          if (k === i) continue;
          const a = k > 0 ? rest[k - 1] : 0;
          const b = k < rest.length ? rest[k] : 0;
          for (const p of seg > 1 ? [piece, reversed] : [piece]) {
            const add = m[a * size + p[0]] + inner(p) + m[p[p.length - 1] * size + b] - m[a * size + b];
            if (add < out - EPS) {
              const candidate = [...rest.slice(0, k), ...p, ...rest.slice(k)];
              const l = len(candidate);
              if (l < current - EPS) {
                t = candidate;
                current = l;
                improved = true;
                break;
              }
            }
          }
        }
      }
    }
  }
  return t;
}

/**
 * The order of the stops (1..size-1) for the shortest round this finds: the exact optimum up to
 * EXACT_MAX_STOPS stops; above, nearest neighbour improved by 2-opt, then Or-opt and 2-opt again
 * while either helps (each step only shortens, so never longer than nearest neighbour + 2-opt).
 */
export function orderRound(m: Float64Array, size: number): number[] {
  if (size - 1 <= EXACT_MAX_STOPS) return exactOrder(m, size);
  let order = twoOpt(nearestNeighbour(m, size), m, size);
  let length = roundLength(order, m, size);
  for (let round = 0; round < 20; round++) {
    const next = twoOpt(orOpt(order, m, size), m, size);
    const l = roundLength(next, m, size);
    if (!(l < length - EPS)) break;
    order = next;
    length = l;
  }
  return order;
}

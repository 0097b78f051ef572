// A short sound and a buzz per scan, so the courier need not look at the screen.
let ctx: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === "undefined" || !("AudioContext" in window)) return null;
  ctx ??= new AudioContext();
  // Browsers start it suspended until a user gesture; a scan follows one (Enter, a tap).
  if (ctx.state === "suspended") void ctx.resume().catch(() => undefined);
  return ctx;
}

function tone(freq: number, start: number, ms: number, type: OscillatorType = "sine") {
  const a = audio();
  if (!a) return;
  const osc = a.createOscillator();
  const gain = a.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  const t = a.currentTime + start / 1000;
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(0.25, t + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + ms / 1000);
  osc.connect(gain).connect(a.destination);
  osc.start(t);
  osc.stop(t + ms / 1000 + 0.02);
}

const buzz = (pattern: number | number[]) => {
  try {
    navigator.vibrate?.(pattern);
  } catch {
    /* not allowed here */
  }
};

export type Feedback = "ok" | "error" | "queued";

export function signal(kind: Feedback): void {
  try {
    if (kind === "ok") {
      tone(1320, 0, 110);
      buzz(40);
    } else if (kind === "error") {
      tone(220, 0, 160, "square");
      tone(180, 200, 220, "square");
      buzz([120, 60, 120]);
    } else {
      tone(660, 0, 80);
      buzz(20);
    }
  } catch {
    /* sound is a nicety */
  }
}

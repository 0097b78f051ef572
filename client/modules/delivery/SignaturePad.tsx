import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export interface SignaturePadHandle {
  /** The drawing as a PNG file, or null when nothing was drawn. */
  toFile(): Promise<File | null>;
  clear(): void;
}

const INK = "#111827";

/**
 * A signature drawn with a finger, a pen or the mouse (pointer events), on a white sheet so the PNG
 * reads the same in light and dark screens and in e-mails. The canvas keeps the device's pixel
 * ratio for sharp lines and is redrawn empty when its width changes (turning the phone).
 */
export const SignaturePad = forwardRef<SignaturePadHandle, { label: string; onChange?: (signed: boolean) => void; id?: string }>(function SignaturePad(
  { label, onChange, id },
  ref,
) {
  const { t } = useTranslation("control-proof");
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<{ id: number; x: number; y: number } | null>(null);
  const [signed, setSigned] = useState(false);
  const scale = useRef(1);

  /** A white sheet at the canvas's current size; `keep` draws what was there back (at the same scale). */
  const prepare = useCallback((keep: boolean) => {
    const c = canvas.current;
    if (!c) return;
    let old: HTMLCanvasElement | null = null;
    if (keep && c.width && c.height) {
      old = document.createElement("canvas");
      old.width = c.width;
      old.height = c.height;
      old.getContext("2d")!.drawImage(c, 0, 0);
    }
    const before = scale.current;
    const ratio = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
    const { width, height } = c.getBoundingClientRect();
    c.width = Math.round(width * ratio);
    c.height = Math.round(height * ratio);
    const g = c.getContext("2d")!;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.fillStyle = "#ffffff";
    g.fillRect(0, 0, width, height);
    scale.current = ratio;
    if (old) g.drawImage(old, 0, 0, old.width / before, old.height / before);
    g.lineCap = "round";
    g.lineJoin = "round";
    g.strokeStyle = INK;
    g.lineWidth = 2.4;
  }, []);
  const reset = useCallback(() => {
    prepare(false);
    setSigned(false);
  }, [prepare]);

  useEffect(() => {
    reset();
    const c = canvas.current;
    if (!c || typeof ResizeObserver === "undefined") return;
    let width = c.getBoundingClientRect().width;
    // A scroll bar appearing or the phone turning changes the width: keep the signature drawn so far.
    const ro = new ResizeObserver(() => {
      const w = c.getBoundingClientRect().width;
      if (Math.abs(w - width) > 1) {
        width = w;
        prepare(true);
      }
    });
    ro.observe(c);
    return () => ro.disconnect();
  }, [reset, prepare]);

  useEffect(() => onChange?.(signed), [signed, onChange]);

  useImperativeHandle(
    ref,
    () => ({
      clear: reset,
      toFile: () =>
        new Promise<File | null>((resolve) => {
          const c = canvas.current;
          if (!c || !signed) return resolve(null);
          c.toBlob((b) => resolve(b ? new File([b], "signature.png", { type: "image/png" }) : null), "image/png");
        }),
    }),
    [reset, signed],
  );

  const at = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const onDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = at(e);
    drawing.current = { id: e.pointerId, ...p };
    const g = e.currentTarget.getContext("2d")!;
    // A tap is a dot.
    g.beginPath();
    g.arc(p.x, p.y, 1.2, 0, Math.PI * 2);
    g.fillStyle = INK;
    g.fill();
  };
  const onMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const d = drawing.current;
    if (!d || d.id !== e.pointerId) return;
    const g = e.currentTarget.getContext("2d")!;
    // Coalesced events keep fast strokes smooth where the browser offers them.
    const events = e.nativeEvent.getCoalescedEvents?.() ?? [e.nativeEvent];
    const r = e.currentTarget.getBoundingClientRect();
    g.beginPath();
    g.moveTo(d.x, d.y);
    for (const ev of events.length ? events : [e.nativeEvent]) {
      d.x = ev.clientX - r.left;
      d.y = ev.clientY - r.top;
      g.lineTo(d.x, d.y);
    }
    g.stroke();
    if (!signed) setSigned(true);
  };
  const onUp = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (drawing.current?.id === e.pointerId) drawing.current = null;
  };

  return (
    <div className="cp-signature">
      <canvas
        id={id}
        ref={canvas}
        className="cp-signature-canvas"
        role="img"
        aria-label={label}
        data-signed={signed ? "yes" : "no"}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={onUp}
      />
      <div className="cp-signature-bar">
        <small className="cp-hint">{signed ? t("proof.signed") : t("proof.signHint")}</small>
        <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" onClick={reset} disabled={!signed}>
          {t("proof.clear")}
        </button>
      </div>
    </div>
  );
});

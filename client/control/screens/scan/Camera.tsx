import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options?: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?(): Promise<string[]>;
}

// Labels carry a Code 128 barcode and a QR code of the tracking link; older labels may use others.
const WANTED = ["code_128", "qr_code", "code_39", "data_matrix", "ean_13", "itf"];

/**
 * The phone's camera reading barcodes: the browser's BarcodeDetector where it exists, else the
 * ZXing decoder, loaded only when the camera is opened (it never weighs on other screens).
 */
export function Camera({ onCode }: { onCode: (raw: string) => void }) {
  const { t } = useTranslation("control-scan");
  const video = useRef<HTMLVideoElement>(null);
  const report = useRef(onCode);
  // eslint-disable-next-line react-hooks/refs -- the latest onCode for the camera loop started once; set in render so no read sees an older callback
  report.current = onCode;
  const [error, setError] = useState<"denied" | "none" | "failed" | null>(null);
  const [engine, setEngine] = useState<string>("");

  useEffect(() => {
    let stopped = false;
    let stop = () => undefined as void;
    const el = video.current!;
    (async () => {
      const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
      if (Detector) {
        const supported = (await Detector.getSupportedFormats?.()) ?? WANTED;
        const formats = WANTED.filter((f) => supported.includes(f));
        const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        if (stopped) return stream.getTracks().forEach((t) => t.stop());
        el.srcObject = stream;
        await el.play();
        setEngine("BarcodeDetector");
        const detector = new Detector({ formats: formats.length ? formats : WANTED });
        let timer = 0;
        const tick = async () => {
          if (stopped) return;
          try {
            const found = await detector.detect(el);
            if (found[0]?.rawValue) report.current(found[0].rawValue);
          } catch {
            /* a frame that could not be read */
          }
          timer = window.setTimeout(tick, 150);
        };
        void tick();
        stop = () => {
          window.clearTimeout(timer);
          stream.getTracks().forEach((t) => t.stop());
        };
      } else {
        const { BrowserMultiFormatReader } = await import("@zxing/browser");
        if (stopped) return;
        const reader = new BrowserMultiFormatReader();
        const controls = await reader.decodeFromConstraints({ video: { facingMode: "environment" }, audio: false }, el, (result) => {
          if (result) report.current(result.getText());
        });
        if (stopped) return controls.stop();
        setEngine("ZXing");
        stop = () => controls.stop();
      }
    })().catch((e: Error) => {
      setError(e?.name === "NotAllowedError" ? "denied" : e?.name === "NotFoundError" ? "none" : "failed");
    });
    return () => {
      stopped = true;
      stop();
    };
  }, []);

  return (
    <div className="cp-scan-camera">
      <video ref={video} muted playsInline aria-label={t("camera.view")} />
      <span className="cp-scan-aim" aria-hidden="true" />
      {error ? (
        <p className="cp-scan-camera-msg" role="alert">
          {t(`camera.${error}`)} {t("camera.instead")}
        </p>
      ) : engine ? null : (
        <p className="cp-scan-camera-msg">{t("camera.starting")}</p>
      )}
    </div>
  );
}

import { useTranslation } from "react-i18next";
import { useEffect, useState } from "react";
import { toString as qrSvg } from "qrcode";

/** The public tracking link as a QR code (an SVG image) with the link written out beside it. */
export function TrackQr({ code }: { code: string }) {
  const { t } = useTranslation("control-invoice");
  const url = `${location.origin}/track.html?code=${encodeURIComponent(code)}`;
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    qrSvg(url, { type: "svg", width: 264, margin: 2, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } })
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <figure className="cp-invoice-qr" data-testid="invoice-qr">
      {src ? <img src={src} width={132} height={132} alt={t("qrAlt", { code })} /> : <span className="cp-invoice-qr-box" aria-hidden="true" />}
      <figcaption>
        <strong>{t("track")}</strong>
        <span>{t("scan")}</span>
        <a href={url} className="cp-break">
          {url}
        </a>
      </figcaption>
    </figure>
  );
}

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import "../styles/pages.css";
import { PageHero } from "../components/PageHero";
import { useStore } from "../state/store";
import { useDocumentTitle } from "../components/brand";

function useWindowSize() {
  const [size, setSize] = useState({ width: window.innerWidth, height: window.innerHeight });
  useEffect(() => {
    const onResize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return size;
}

/** Debug screen: window width, height and the device string. */
export default function DebugPage() {
  const { t, i18n } = useTranslation();
  const { state } = useStore();
  const { width, height } = useWindowSize();
  useDocumentTitle(t("debug.title"));
  const rows: [string, string, string][] = [
    ["width", t("debug.width"), `${width}px`],
    ["height", t("debug.height"), `${height}px`],
    ["device", t("debug.device"), navigator.userAgent],
    ["language", t("debug.language"), `${i18n.language} (${document.documentElement.lang})`],
    ["direction", t("debug.direction"), document.documentElement.dir || "ltr"],
    ["theme", t("debug.theme"), state.theme],
  ];
  return (
    <>
      <PageHero title={t("debug.title")} hero="hero-mixed" overlay="overlay1" compact />
      <div className="container page-body">
        <div className="card debug-card">
          <dl className="debug-list">
            {rows.map(([key, label, value]) => (
              <div key={key} data-debug={key}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </>
  );
}

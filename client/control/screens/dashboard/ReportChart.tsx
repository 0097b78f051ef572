import { useEffect, useRef, useState } from "react";
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from "chart.js";

// Only the parts the dashboard draws (Chart.js is tree-shaken: docs/adr/0015-chart-library.md).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);

/** The site's theme colours (client/styles/theme.css), read when a chart is drawn: light and dark alike. */
export interface Palette {
  text: string;
  muted: string;
  grid: string;
  series: string[];
}
function palette(): Palette {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    text: v("--text", "#0f1b2d"),
    muted: v("--text-muted", "#4a5a70"),
    grid: v("--border", "#d6dfeb"),
    series: [v("--primary", "#0b4f9c"), v("--act-green", "#15803d"), v("--act-red", "#b91c1c"), v("--accent", "#f5a524"), v("--act-gold", "#a16207")],
  };
}

/** The theme in use (<html data-theme>), followed as the toggle changes it. */
function useTheme(): string {
  const [theme, setTheme] = useState(() => document.documentElement.dataset.theme ?? "");
  useEffect(() => {
    const watch = new MutationObserver(() => setTheme(document.documentElement.dataset.theme ?? ""));
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    return () => watch.disconnect();
  }, []);
  return theme;
}

/**
 * One chart on a canvas, drawn by Chart.js from `config(palette)`; `label` is the canvas's accessible name (the
 * figures themselves are in the table beside it). Drawn again when the data or the theme changes.
 */
export function ReportChart({ config, label, deps }: { config: (p: Palette) => ChartConfiguration; label: string; deps: unknown[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const theme = useTheme();
  useEffect(() => {
    if (!canvas.current) return;
    const p = palette();
    Chart.defaults.color = p.muted;
    Chart.defaults.borderColor = p.grid;
    Chart.defaults.font.family = getComputedStyle(document.documentElement).getPropertyValue("--font").trim() || undefined;
    const chart = new Chart(canvas.current, config(p));
    return () => chart.destroy();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deps name the data the config reads
  }, [theme, ...deps]);
  return (
    <div className="cp-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

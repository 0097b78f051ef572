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
  type Plugin,
} from "chart.js";
import { toFont } from "chart.js/helpers";
import { useTranslation } from "react-i18next";
import { languageOf } from "@shared/i18n/languages";
import { controlLanguage } from "../../time";

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
 * What the chart drew, written on its canvas after each drawing (the e2e tests read it; a canvas has no text to
 * read): the axes' ticks shown (label, pixel, width), the legend's items (text and left edge).
 */
const drawn: Plugin = {
  id: "drawn",
  afterRender(chart) {
    const ctx = chart.ctx;
    const out = (scale: (typeof chart.scales)[string] | undefined) => {
      if (!scale) return [];
      ctx.save();
      ctx.font = toFont((scale.options as unknown as { ticks: { font: Parameters<typeof toFont>[0] } }).ticks.font).string;
      const ticks = scale.ticks.map((tick, i) => {
        const label = String(tick.label ?? "");
        return { label, px: Math.round(scale.getPixelForTick(i)), width: Math.round(ctx.measureText(label).width) };
      });
      ctx.restore();
      return ticks;
    };
    const legend = chart.legend?.options.display ? (chart.legend.legendItems ?? []) : [];
    const boxes = (chart.legend as unknown as { legendHitBoxes?: { left: number }[] } | undefined)?.legendHitBoxes ?? [];
    chart.canvas.dataset.drawn = JSON.stringify({
      x: out(chart.scales.x),
      y: out(chart.scales.y),
      legend: legend.map((item, i) => ({ text: item.text, left: Math.round(boxes[i]?.left ?? 0) })),
    });
  },
};

/**
 * One chart on a canvas, drawn by Chart.js from `config(palette)`; `label` is the canvas's accessible name (the
 * figures themselves are in the table beside it). Drawn again when the data or the theme changes.
 */
export function ReportChart({ config, label, deps }: { config: (p: Palette) => ChartConfiguration; label: string; deps: unknown[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const theme = useTheme();
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!canvas.current) return;
    const p = palette();
    Chart.defaults.color = p.muted;
    Chart.defaults.borderColor = p.grid;
    Chart.defaults.font.family = getComputedStyle(document.documentElement).getPropertyValue("--font").trim() || undefined;
    // The member's language: its digits on the axes and in the tooltips (Chart.js formats numbers with Intl and
    // `locale`, else the browser's language); in Arabic and Persian the legend and the tooltips read right to left
    // (swatch at the right of its text, items from the right). The axes are not mirrored: time runs left to
    // right in every language (docs/reports.md, "Right to left").
    const lang = languageOf(controlLanguage());
    const rtl = "rtl" in lang && lang.rtl;
    const direction = { rtl, textDirection: rtl ? "rtl" : "ltr" };
    const c = config(p);
    const plugins = c.options?.plugins;
    const options = {
      ...c.options,
      locale: lang.tag,
      plugins: { ...plugins, legend: { ...plugins?.legend, ...direction }, tooltip: { ...plugins?.tooltip, ...direction } },
    } as ChartConfiguration["options"];
    const chart = new Chart(canvas.current, { ...c, options, plugins: [...(c.plugins ?? []), drawn] });
    return () => chart.destroy();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deps name the data the config reads
  }, [theme, i18n.language, ...deps]);
  return (
    <div className="cp-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

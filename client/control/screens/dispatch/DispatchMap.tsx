import { useEffect, useRef, useState } from "react";
import type * as Leaflet from "leaflet";
import { useTranslation } from "react-i18next";
import { tileAttribution, tileUrl } from "../../../components/mapConfig";
import { DISPATCH_NS, hasPoint, stopKey } from "./board";
import { number } from "../../time";
import { useMapTexts } from "../../hooks/useMapTexts";

type Point = { latitude: number; longitude: number };
type MapStop = {
  seq?: number | null;
  kind?: string;
  status?: string;
  tracking_code?: string | null;
  pickup_id?: number | null;
  recipient_name?: string | null;
  address: { text?: string; latitude?: number | null; longitude?: number | null };
};
export interface MapRun {
  id: number;
  colour: string;
  label: string;
  start: Point;
  stops: MapStop[];
}
export interface DispatchMapProps {
  /** Changes when the board shows another date: the view is fitted to it again. */
  viewKey: string;
  unassigned: MapStop[];
  runs: MapRun[];
  depot: Point | null;
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
}

/** Stops this far from the depot are left out of a date's first view. */
const NEAR_DEPOT_M = 150_000;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const at = (p: Point): [number, number] => [p.latitude, p.longitude];
const stopAt = (s: MapStop): [number, number] => [s.address.latitude!, s.address.longitude!];
const who = (s: MapStop) => [stopKey(s), s.recipient_name, s.address.text].filter(Boolean).join(" · ");

/**
 * The date's map: the unassigned stops clustered (a click selects one for a new run), each run in its
 * colour (numbered stops and its round from the start and back), the depot. Lazy-load with React.lazy.
 */
export default function DispatchMap({ viewKey, unassigned, runs, depot, selected, onToggle }: DispatchMapProps) {
  const { t } = useTranslation(DISPATCH_NS);
  const mapTexts = useMapTexts();
  const el = useRef<HTMLDivElement>(null);
  const [lib, setLib] = useState<{ L: typeof Leaflet; map: Leaflet.Map; layers: Leaflet.LayerGroup } | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  // Leaflet's chunk failing to load (or Leaflet failing to start) goes to the board's error boundary.
  const [failed, setFailed] = useState<Error | null>(null);
  const fitted = useRef<string | null>(null);
  const toggle = useRef(onToggle);
  useEffect(() => {
    toggle.current = onToggle;
  }, [onToggle]);

  useEffect(() => {
    let map: Leaflet.Map | undefined;
    let cancelled = false;
    import("./leafletCluster")
      .then(({ default: L, localMap }) => {
        if (cancelled || !el.current) return;
        map = localMap(el.current, { worldCopyJump: true, scrollWheelZoom: true }, mapTexts).setView([20, 0], 2);
        L.tileLayer(tileUrl(), { maxZoom: 19, attribution: tileAttribution(mapTexts.osm), crossOrigin: true })
          .on("tileerror", () => setTilesFailed(true))
          .addTo(map);
        setLib({ L, map, layers: L.layerGroup().addTo(map) });
      })
      .catch((e: unknown) => {
        if (!cancelled) setFailed(e instanceof Error ? e : new Error(String(e)));
      });
    return () => {
      cancelled = true;
      map?.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- built once, its controls in the language it opened in (chosen on My Account)
  }, []);

  useEffect(() => {
    if (!lib) return;
    const { L, map, layers } = lib;
    layers.clearLayers();
    const points: [number, number][] = [];
    if (depot) {
      points.push(at(depot));
      L.marker(at(depot), {
        title: t("depot"),
        keyboard: false,
        zIndexOffset: 2000,
        icon: L.divIcon({ className: "dp-pin-wrap", iconSize: undefined, html: `<span class="dp-depot">${esc(t("depot"))}</span>` }),
      }).addTo(layers);
    }
    for (const run of runs) {
      const route: [number, number][] = [at(run.start)];
      for (const s of run.stops.filter(hasPoint)) {
        route.push(stopAt(s));
        L.marker(stopAt(s), {
          title: t("mapStop", { run: run.label, n: s.seq == null ? "" : number(s.seq), who: who(s) }),
          keyboard: false,
          zIndexOffset: 1000,
          icon: L.divIcon({
            className: "dp-pin-wrap",
            iconSize: undefined,
            html: `<span class="dp-stop-pin${s.status === "pending" ? "" : " dp-stop-settled"}" style="--run:${run.colour}">${s.seq == null ? "" : esc(number(s.seq))}</span>`,
          }),
        }).addTo(layers);
      }
      route.push(at(run.start));
      points.push(...route);
      if (route.length > 2) L.polyline(route, { color: run.colour, weight: 4, opacity: 0.85, interactive: false }).addTo(layers);
    }
    const cluster = L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 30, disableClusteringAtZoom: 16, spiderfyOnMaxZoom: true });
    for (const s of unassigned.filter(hasPoint)) {
      const key = stopKey(s);
      const on = selected.has(key);
      points.push(stopAt(s));
      L.marker(stopAt(s), {
        title: t(on ? "mapSelected" : "mapSelect", { who: who(s) }),
        icon: L.divIcon({
          className: "dp-pin-wrap",
          iconSize: undefined,
          html: `<span class="dp-free-pin${on ? " dp-free-on" : ""}${s.kind === "pickup" ? " dp-free-pickup" : ""}" data-key="${esc(key)}"></span>`,
        }),
      })
        .on("click", () => toggle.current(key))
        .addTo(cluster);
    }
    cluster.addTo(layers);
    // The first view of a date: around the depot (a stray parcel on another continent is left to zooming out).
    const near = depot ? points.filter((p) => L.latLng(p).distanceTo(at(depot)) <= NEAR_DEPOT_M) : points;
    if (fitted.current !== viewKey && near.length) {
      fitted.current = viewKey;
      if (near.length === 1) map.setView(near[0]!, 13);
      else map.fitBounds(L.latLngBounds(near), { padding: [30, 30], maxZoom: 15 });
    }
  }, [lib, viewKey, unassigned, runs, depot, selected, t]);

  if (failed) throw failed;
  return (
    <div className="dp-map-wrap">
      <div ref={el} className="dp-map" role="region" aria-label={t("mapLabel")} data-testid="dispatch-map">
        {lib ? null : <p className="parcel-map-loading">{t("loadingMap")}</p>}
      </div>
      {tilesFailed ? <p className="dp-map-note">{t("tilesFailed")}</p> : null}
    </div>
  );
}

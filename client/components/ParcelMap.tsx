import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { tileAttribution, tileUrl } from "./mapConfig";
import { whenNeeded } from "./whenNeeded";
import "../styles/map.css";

export type LatLng = [number, number];
export interface ParcelMapProps {
  zoom: number;
  current: LatLng | null;
  pickup: LatLng | null;
  destination: LatLng | null;
  /** The courier heading to this parcel's stop (the tracking page's live part): a marker that moves, the map staying as it is. */
  courier?: LatLng | null;
  height?: string;
  /** Also load Leaflet once the page has loaded and the browser is idle (the control panel's parcel screen). */
  whenIdle?: boolean;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const valid = (p: LatLng | null): p is LatLng => !!p && Number.isFinite(p[0]) && Number.isFinite(p[1]) && Math.abs(p[0]) <= 90 && Math.abs(p[1]) <= 180;

/**
 * The parcel's map (spec: 60vh, markers Destination, Pickup Location and Current Location).
 * Leaflet is imported only when the map nears the viewport (see whenNeeded). Markers are divIcons with visible text labels, so they show even when
 * no tile can load. Lazy-load this module with React.lazy.
 */
export default function ParcelMap({ zoom, current, pickup, destination, courier = null, height = "60vh", whenIdle = false }: ParcelMapProps) {
  const { t } = useTranslation();
  const el = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(true);
  const [tilesFailed, setTilesFailed] = useState(false);
  const built = useRef<{ L: typeof import("leaflet"); map: import("leaflet").Map; courier: import("leaflet").Marker | null } | null>(null);
  const courierLabel = t("live.courier", { defaultValue: "Courier" });
  const labels = {
    pickup: t("map.pickup", { defaultValue: "Pickup Location" }),
    current: t("map.current", { defaultValue: "Current Location" }),
    destination: t("map.destination", { defaultValue: "Destination" }),
  };
  // Leaflet's own controls in the page's language too.
  const texts = {
    zoomIn: t("map.zoomIn", { defaultValue: "Zoom in" }),
    zoomOut: t("map.zoomOut", { defaultValue: "Zoom out" }),
    library: t("map.library", { defaultValue: "A JavaScript library for interactive maps" }),
    osm: t("map.osm", { defaultValue: "© OpenStreetMap contributors" }),
  };
  const key = JSON.stringify([zoom, current, pickup, destination, labels, texts]);

  useEffect(() => {
    let cancelled = false;
    let map: import("leaflet").Map | undefined;
    const node = el.current;
    if (!node) return;
    // The map is built in steps, a frame apart: the browser applies Leaflet's stylesheet in its own rendering
    // step, then the view is set (Leaflet measures the container), then the markers and the tiles follow. Each
    // step is a short task rather than one long one.
    const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const build = async () => {
      const { default: L, localMap } = await import("./leaflet");
      await nextFrame();
      if (cancelled || !el.current) return;
      const m0 = localMap(el.current, { scrollWheelZoom: false, worldCopyJump: true, zoomControl: true }, texts);
      map = m0;
      const markers: { kind: "pickup" | "current" | "destination"; at: LatLng }[] = [];
      if (valid(pickup)) markers.push({ kind: "pickup", at: pickup });
      if (valid(destination)) markers.push({ kind: "destination", at: destination });
      if (valid(current)) markers.push({ kind: "current", at: current });
      const z = Math.min(19, Math.max(1, Math.round(zoom || 5)));
      if (markers.length === 0) m0.setView([20, 0], 2);
      else if (markers.length === 1) m0.setView(markers[0].at, z);
      else m0.fitBounds(L.latLngBounds(markers.map((m) => m.at)), { padding: [60, 60], maxZoom: z });

      await nextFrame();
      if (cancelled) return;
      for (const m of markers) {
        const label = escapeHtml(labels[m.kind]);
        L.marker(m.at, {
          interactive: false,
          keyboard: false,
          zIndexOffset: m.kind === "current" ? 1000 : 0,
          icon: L.divIcon({
            className: `map-pin map-pin-${m.kind}`,
            iconSize: undefined,
            html: `<div class="map-pin-inner"><span class="map-pin-label">${label}</span><span class="map-pin-dot"></span></div>`,
          }),
        }).addTo(m0);
      }
      const route = [pickup, current, destination].filter(valid);
      if (route.length > 1) L.polyline(route, { color: "#f5a524", weight: 3, dashArray: "8 8", opacity: 0.9, interactive: false }).addTo(m0);
      built.current = { L, map: m0, courier: null };
      setLoading(false);

      await nextFrame();
      if (cancelled) return;
      L.tileLayer(tileUrl(), { maxZoom: 19, attribution: tileAttribution(texts.osm), crossOrigin: true })
        .on("tileerror", () => setTilesFailed(true))
        .addTo(m0);
    };
    const stop = whenNeeded(node, whenIdle, () => void build().catch((e) => console.warn("map could not load", e)));
    return () => {
      cancelled = true;
      stop();
      built.current = null;
      map?.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // The courier's marker follows each new position.
  const [courierLat, courierLng] = valid(courier) ? courier : [NaN, NaN];
  useEffect(() => {
    const b = built.current;
    if (!b) return;
    const at: LatLng = [courierLat, courierLng];
    if (!valid(at)) {
      b.courier?.remove();
      b.courier = null;
      return;
    }
    // The courier and the stop both in view: when the courier appears, and when a move leaves the view or
    // comes so near its edge that the marker's label would be cut (within 15 % of it).
    const frame = () => b.map.fitBounds(b.L.latLngBounds([at, ...[destination].filter(valid)]), { padding: [60, 60], maxZoom: 16 });
    if (b.courier) {
      b.courier.setLatLng(at);
      if (!b.map.getBounds().pad(-0.15).contains(at)) frame();
      return;
    }
    b.courier = b.L.marker(at, {
      keyboard: false,
      title: courierLabel,
      zIndexOffset: 2000,
      icon: b.L.divIcon({
        className: "map-pin map-pin-courier",
        iconSize: undefined,
        html: `<div class="map-pin-inner"><span class="map-pin-label">${escapeHtml(courierLabel)}</span><span class="map-pin-dot"></span></div>`,
      }),
    }).addTo(b.map);
    frame();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the marker moves with the position alone; the map is built (loading) first
  }, [courierLat, courierLng, loading, courierLabel]);

  const positions = [
    [labels.pickup, pickup],
    [labels.current, current],
    [labels.destination, destination],
    [courierLabel, courier],
  ].filter(([, p]) => valid(p as LatLng | null)) as [string, LatLng][];

  return (
    <div className="parcel-map-wrap">
      <div ref={el} className="parcel-map" style={{ height }} role="region" aria-label={t("map.label", { defaultValue: "Map" })}>
        {loading ? <p className="parcel-map-loading">{t("track.mapLoading", { defaultValue: "Loading map…" })}</p> : null}
      </div>
      <ul className="visually-hidden">
        {positions.map(([label, p]) => (
          <li key={label}>
            {label}: {p[0].toFixed(4)}, {p[1].toFixed(4)}
          </li>
        ))}
      </ul>
      {tilesFailed ? (
        <p className="parcel-map-note">{t("map.tilesUnavailable", { defaultValue: "Map tiles are unavailable; the markers show the positions." })}</p>
      ) : null}
    </div>
  );
}

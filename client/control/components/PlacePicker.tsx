import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAdminPlacesLazyQuery, type AdminPlacesQuery } from "../../generated/graphql";
import { tileAttribution, tileUrl } from "../../components/mapConfig";
import { errorMessages } from "../../errors";
import { useMapTexts } from "../hooks/useMapTexts";
import "../../styles/map.css";
import "./placePicker.css";

/** How a point was found: exact (clicked, dragged, typed or the geocoder's) or city (the offline gazetteer's city). */
export type Located = "exact" | "city";
export interface PickPoint {
  key: string;
  label: string;
  /** The form's values (text): the marker shows while both are numbers. */
  latitude: string;
  longitude: string;
  /** The pin's colour: map.css's map-pin-<kind>. */
  kind: "destination" | "pickup" | "current";
}
export interface Picked {
  latitude: number;
  longitude: number;
  located: Located;
}

type Found = AdminPlacesQuery["places"]["places"][number];
type LeafletNS = typeof import("leaflet");

/** The active point's label as a sentence names it in the language `lng` (a tag): lower case in English. */
function activePointLabel(points: PickPoint[], active: string, lng: string): string | null {
  const label = points.find((p) => p.key === active)?.label;
  if (!label) return null;
  return lng === "en" ? label.toLowerCase() : label;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pointOf = (p: PickPoint): [number, number] | null => {
  if (p.latitude.trim() === "" || p.longitude.trim() === "") return null;
  const at: [number, number] = [Number(p.latitude), Number(p.longitude)];
  return Number.isFinite(at[0]) && Number.isFinite(at[1]) && Math.abs(at[0]) <= 90 && Math.abs(at[1]) <= 180 ? at : null;
};
/** Six decimals: about 10 cm, as much as a click can mean. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;
const wrapLng = (n: number) => ((((n + 180) % 360) + 360) % 360) - 180;

/**
 * Places points on a map for a form: a click puts the chosen point there (or moves it), its marker can be
 * dragged, and an address search (the server's `places`: the geocoder of GEOCODER_URL, else the offline
 * gazetteer's cities) puts it at a found place. The form keeps its latitude and longitude fields, which
 * stay the keyboard's way and show every change; this only calls onPick.
 */
export function PlacePicker({
  points,
  active,
  onActive,
  onPick,
  query = "",
  located,
}: {
  points: PickPoint[];
  /** The point a click or a found place sets. */
  active: string;
  /** Given with several points: a choice of which one the map sets. */
  onActive?: (key: string) => void;
  onPick: (key: string, at: Picked) => void;
  /** The search's proposal while the search box is untouched (e.g. the destination typed). */
  query?: string;
  /** How the active point was found, when known (city: says so). */
  located?: Located | null;
}) {
  const { t, i18n } = useTranslation("control");
  const mapTexts = useMapTexts();
  // English names a point in a sentence in lower case ("the pickup location"); other languages quote the label as it is.
  const pointName = activePointLabel(points, active, i18n.language);
  const id = useId();
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<{ L: LeafletNS; map: import("leaflet").Map; markers: Map<string, import("leaflet").Marker> } | null>(null);
  // The map's builds (0: none yet): the markers are put on each one.
  const [ready, setReady] = useState(0);
  const [tilesFailed, setTilesFailed] = useState(false);
  // The click handler is bound once: it reads the latest choice and callback here.
  const latest = useRef({ active, onPick });
  useEffect(() => {
    latest.current = { active, onPick };
  });

  // The map, once (Leaflet in its own chunk).
  useEffect(() => {
    let cancelled = false;
    let built: import("leaflet").Map | undefined;
    void import("../../components/leaflet")
      .then(({ default: L, localMap }) => {
        if (cancelled || !el.current) return;
        const m = localMap(el.current, { scrollWheelZoom: false, worldCopyJump: true }, mapTexts);
        built = m;
        const at = points.map(pointOf).filter((p): p is [number, number] => !!p);
        if (at.length === 1) m.setView(at[0], 13);
        else if (at.length > 1) m.fitBounds(L.latLngBounds(at), { padding: [40, 40], maxZoom: 13 });
        else m.setView([20, 0], 2);
        m.on("click", (e: import("leaflet").LeafletMouseEvent) => {
          latest.current.onPick(latest.current.active, { latitude: round(e.latlng.lat), longitude: round(wrapLng(e.latlng.lng)), located: "exact" });
        });
        L.tileLayer(tileUrl(), { maxZoom: 19, attribution: tileAttribution(mapTexts.osm), crossOrigin: true })
          .on("tileerror", () => setTilesFailed(true))
          .addTo(m);
        map.current = { L, map: m, markers: new Map() };
        setReady((n) => n + 1);
      })
      .catch((e) => console.warn("map could not load", e));
    return () => {
      cancelled = true;
      map.current = null;
      built?.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- built once, and again in a language the member's texts arrive in after it (its controls' titles); the markers follow the points below
  }, [mapTexts.zoomIn]);

  // The markers follow the form's values; the chosen one can be dragged.
  const key = JSON.stringify(points.map((p) => [p.key, p.label, p.kind, pointOf(p)]).concat([active]));
  useEffect(() => {
    const b = map.current;
    if (!b) return;
    const seen = new Set<string>();
    for (const p of points) {
      const at = pointOf(p);
      const old = b.markers.get(p.key);
      if (!at) {
        old?.remove();
        b.markers.delete(p.key);
        continue;
      }
      seen.add(p.key);
      const draggable = p.key === active;
      if (old && old.options.draggable === draggable) {
        old.setLatLng(at);
        continue;
      }
      old?.remove();
      const marker = b.L.marker(at, {
        draggable,
        keyboard: false,
        title: p.label,
        zIndexOffset: draggable ? 1000 : 0,
        icon: b.L.divIcon({
          className: `map-pin map-pin-${p.kind}${draggable ? " pp-pin-active" : ""}`,
          iconSize: undefined,
          html: `<div class="map-pin-inner"><span class="map-pin-label">${escapeHtml(p.label)}</span><span class="map-pin-dot"></span></div>`,
        }),
      });
      marker.on("dragend", () => {
        const ll = marker.getLatLng();
        latest.current.onPick(p.key, { latitude: round(ll.lat), longitude: round(wrapLng(ll.lng)), located: "exact" });
      });
      marker.addTo(b.map);
      b.markers.set(p.key, marker);
    }
    for (const [k, m] of b.markers)
      if (!seen.has(k)) {
        m.remove();
        b.markers.delete(k);
      }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key holds what the markers show
  }, [key, ready]);

  // The address search.
  const [typed, setTyped] = useState<string | null>(null);
  const q = typed ?? query;
  const [search, { data, loading, error }] = useAdminPlacesLazyQuery({ fetchPolicy: "network-only" });
  const [asked, setAsked] = useState(false);
  const run = () => {
    if (q.trim().length < 2) return;
    setAsked(true);
    void search({ variables: { q: q.trim() } }).catch(() => undefined);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter searches here; it must not send the parcel's form.
    if (e.key === "Enter") {
      e.preventDefault();
      run();
    }
  };
  const choose = (f: Found) => {
    const located: Located = f.located === "city" ? "city" : "exact";
    onPick(active, { latitude: f.latitude, longitude: f.longitude, located });
    map.current?.map.setView([f.latitude, f.longitude], located === "city" ? 12 : 17);
  };
  const answer = asked ? data?.places : undefined;
  const failed = asked && error ? errorMessages(error) : [];

  return (
    <div className="pp">
      {onActive && points.length > 1 ? (
        <fieldset className="pp-choice">
          <legend>{t("place.which")}</legend>
          {points.map((p) => (
            <label key={p.key} className="pp-radio">
              <input type="radio" name={`${id}-active`} value={p.key} checked={p.key === active} onChange={() => onActive(p.key)} />
              {p.label}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="pp-search">
        <label htmlFor={`${id}-q`} className="cp-label">
          {t("place.find")}
        </label>
        <div className="pp-search-row">
          <input
            id={`${id}-q`}
            className="cp-input"
            type="search"
            value={q}
            maxLength={200}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={onKey}
            aria-describedby={`${id}-q-hint`}
            autoComplete="off"
          />
          <button type="button" className="cp-btn cp-btn-outline" onClick={run} disabled={loading || q.trim().length < 2}>
            {loading ? t("place.searching") : t("place.search")}
          </button>
        </div>
        <small id={`${id}-q-hint`} className="cp-hint">
          {t("place.hint", { point: pointName ?? t("place.point") })}
        </small>
      </div>
      <div role="status" aria-live="polite" className="pp-status">
        {failed.length ? <p className="pp-notice">{failed.join(" ")}</p> : null}
        {answer?.notice ? <p className="pp-notice">{answer.notice}</p> : null}
        {answer && !answer.places.length ? <p className="cp-muted">{t("place.nothing")}</p> : null}
        {answer && answer.places.length && answer.source === "gazetteer" && !answer.notice ? <p className="cp-muted">{t("place.offline")}</p> : null}
      </div>
      {answer?.places.length ? (
        <ul className="pp-results" aria-label={t("place.found")}>
          {answer.places.map((f, i) => (
            <li key={`${i}-${f.label}`}>
              <button type="button" className="pp-result" onClick={() => choose(f)}>
                <span>{f.label}</span>
                {f.located === "city" ? <span className="cp-badge pp-badge-city">{t("place.cityOnly")}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {located === "city" ? (
        <p className="pp-notice" data-testid="city-only">
          {t("place.cityNotice")}
        </p>
      ) : null}
      <div className="parcel-map-wrap">
        <div ref={el} className="parcel-map pp-map" role="region" aria-label={t("place.mapLabel", { point: pointName ?? t("place.point") })}>
          {ready ? null : <p className="parcel-map-loading">{t("place.loading")}</p>}
        </div>
        {tilesFailed ? <p className="parcel-map-note">{t("place.tiles")}</p> : null}
      </div>
    </div>
  );
}

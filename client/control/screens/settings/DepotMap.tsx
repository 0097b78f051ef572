import { useEffect, useRef, useState } from "react";
import type * as Leaflet from "leaflet";
import { useTranslation } from "react-i18next";
import { tileAttribution, tileUrl } from "../../../components/mapConfig";
import { useMapTexts } from "../../hooks/useMapTexts";

export interface Point {
  latitude: number;
  longitude: number;
}

interface DepotMapProps {
  /** The depot as the fields say now (null: none, or the fields do not hold a place). */
  depot: Point | null;
  /** A click on the map, or the marker dragged: the new place. */
  onPlace: (p: Point) => void;
}

/** Six decimals: about 10 cm, more than a depot's gate needs. */
const round = (x: number) => Math.round(x * 1e6) / 1e6;
/** Leaflet wraps a click past the date line into longitudes beyond ±180: brought back into range. */
const wrapped = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
const at = (p: Point): [number, number] => [p.latitude, p.longitude];
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The depot on a map: a click places it, its marker can be dragged, and typing in the fields moves it.
 * Leaflet is loaded with this module (lazy-load it with React.lazy); the marker shows without tiles.
 */
export default function DepotMap({ depot, onPlace }: DepotMapProps) {
  const { t } = useTranslation("control-settings");
  const mapTexts = useMapTexts();
  const el = useRef<HTMLDivElement>(null);
  const [lib, setLib] = useState<{ L: typeof Leaflet; map: Leaflet.Map } | null>(null);
  const marker = useRef<Leaflet.Marker | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [failed, setFailed] = useState<Error | null>(null);
  const place = useRef(onPlace);
  useEffect(() => {
    place.current = onPlace;
  }, [onPlace]);
  // Where the map opens: the depot as saved, else the whole world.
  const first = useRef(depot);

  useEffect(() => {
    let map: Leaflet.Map | undefined;
    let cancelled = false;
    import("../../../components/leaflet")
      .then(({ default: L, localMap }) => {
        if (cancelled || !el.current) return;
        map = localMap(el.current, { worldCopyJump: true, scrollWheelZoom: false }, mapTexts);
        if (first.current) map.setView(at(first.current), 13);
        else map.setView([30, 10], 2);
        map.on("click", (e: Leaflet.LeafletMouseEvent) => place.current({ latitude: round(e.latlng.lat), longitude: round(wrapped(e.latlng.lng)) }));
        L.tileLayer(tileUrl(), { maxZoom: 19, attribution: tileAttribution(mapTexts.osm), crossOrigin: true })
          .on("tileerror", () => setTilesFailed(true))
          .addTo(map);
        setLib({ L, map });
      })
      .catch((e: unknown) => {
        if (!cancelled) setFailed(e instanceof Error ? e : new Error(String(e)));
      });
    return () => {
      cancelled = true;
      marker.current = null;
      map?.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- built once, its controls in the language it opened in (chosen on My Account)
  }, []);

  // The marker follows the fields (a click or a drag set them too).
  const lat = depot?.latitude;
  const lng = depot?.longitude;
  useEffect(() => {
    if (!lib) return;
    const { L, map } = lib;
    if (lat === undefined || lng === undefined) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (marker.current) marker.current.setLatLng([lat, lng]);
    else {
      const m = L.marker([lat, lng], {
        draggable: true,
        title: t("dd.markerTitle"),
        alt: t("dd.depot"),
        zIndexOffset: 1000,
        icon: L.divIcon({ className: "cp-depot-pin-wrap", iconSize: undefined, html: `<span class="cp-depot-pin">${esc(t("dd.depot"))}</span>` }),
      });
      m.on("dragend", () => {
        const p = m.getLatLng();
        place.current({ latitude: round(p.lat), longitude: round(wrapped(p.lng)) });
      });
      marker.current = m.addTo(map);
    }
    if (!map.getBounds().contains([lat, lng])) map.panTo([lat, lng]);
  }, [lib, lat, lng, t]);

  if (failed) throw failed;
  return (
    <div className="cp-depot-map-wrap">
      <div ref={el} className="cp-depot-map" role="region" aria-label={t("dd.mapLabel")} data-testid="depot-map">
        {lib ? null : <p className="cp-depot-map-loading">{t("dd.loadingMap")}</p>}
      </div>
      {tilesFailed ? <p className="cp-muted">{t("dd.tilesFailed")}</p> : null}
    </div>
  );
}

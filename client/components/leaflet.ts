// Leaflet and its stylesheet, only ever loaded through a dynamic import (its own chunk).
import "leaflet/dist/leaflet.css";
import * as L from "leaflet";

// A map removed during a zoom animation (a screen left while its map still fits its markers) has its animation's
// end called 250 ms later by Leaflet's own timer (leaflet-src.js, _animateZoom), which reads the removed map pane:
// "Cannot read properties of undefined (reading '_leaflet_pos')", an uncaught error on the next screen. A removed
// map (remove() deletes _mapPane) has nothing left to end.
type Ending = { _mapPane?: HTMLElement; _onZoomTransitionEnd(this: Ending): void };
const proto = L.Map.prototype as unknown as Ending;
const end = proto._onZoomTransitionEnd;
proto._onZoomTransitionEnd = function (this: Ending) {
  if (this._mapPane) end.call(this);
};

/** What Leaflet's own controls say (its defaults are English), in the page's language: the map texts' `map.*`. */
export interface MapTexts {
  zoomIn: string;
  zoomOut: string;
  /** The title of the "Leaflet" link that opens the attribution. */
  library: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A map whose zoom buttons (their titles, which Leaflet also gives as aria-label) and attribution prefix are in the
 * page's language. `zoomControl: false` in the options: no zoom buttons.
 */
export function localMap(el: HTMLElement, options: L.MapOptions, texts: MapTexts): L.Map {
  const map = L.map(el, { ...options, zoomControl: false });
  if (options.zoomControl !== false) L.control.zoom({ zoomInTitle: texts.zoomIn, zoomOutTitle: texts.zoomOut }).addTo(map);
  map.attributionControl.setPrefix(`<a href="https://leafletjs.com" title="${escapeHtml(texts.library)}">Leaflet</a>`);
  return map;
}

export default L;

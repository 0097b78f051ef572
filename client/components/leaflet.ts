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

export default L;

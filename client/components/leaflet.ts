// Leaflet and its stylesheet, only ever loaded through a dynamic import (its own chunk).
import "leaflet/dist/leaflet.css";
import * as L from "leaflet";

export default L;

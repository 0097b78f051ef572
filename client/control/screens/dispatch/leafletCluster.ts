// Leaflet with the marker-cluster plug-in and their stylesheets, loaded together in the board's map chunk.
// The plug-in extends the global `L` that Leaflet sets, so Leaflet is imported first.
import L from "../../../components/leaflet";
import "leaflet.markercluster";
import "leaflet.markercluster/dist/MarkerCluster.css";
import "leaflet.markercluster/dist/MarkerCluster.Default.css";

export default L;

// Leaflet with the marker-cluster plug-in and their stylesheets, loaded together in the board's map chunk.
// The plug-in extends the global `L` that Leaflet's UMD build sets: the same library as the import, whose
// module wrapper the bundler makes (and the plug-in never sees), so the global is the one handed on.
import L from "../../../components/leaflet";
import "leaflet.markercluster";
import "leaflet.markercluster/dist/MarkerCluster.css";
import "leaflet.markercluster/dist/MarkerCluster.Default.css";

const withClusters = (globalThis as { L?: typeof L }).L ?? L;
export default withClusters;
export { localMap } from "../../../components/leaflet";

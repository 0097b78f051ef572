import { useTranslation } from "react-i18next";

/**
 * What Leaflet's own controls say on the control panel's maps (the zoom buttons' titles, the attribution's
 * "Leaflet" link and OpenStreetMap's credit), in the panel's language: the shell's `map.*` texts, for
 * localMap() and tileAttribution() (client/components/leaflet.ts, mapConfig.ts).
 */
export function useMapTexts() {
  const { t } = useTranslation("control");
  return { zoomIn: t("map.zoomIn"), zoomOut: t("map.zoomOut"), library: t("map.library"), osm: t("map.osm") };
}

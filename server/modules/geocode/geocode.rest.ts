import type { FastifyInstance } from "fastify";
import { route } from "../../rest/route.js";
import { data } from "../../rest/schemas.js";
import { searchPlaces } from "./geocode.service.js";
import { PlaceSearchArgs } from "./geocode.type.js";

export function registerGeocodeRoutes(api: FastifyInstance): void {
  route(api, {
    method: "GET",
    url: "/places",
    op: "places.search",
    tag: "parcels",
    summary:
      "Places for an address (?q=, ?country=): GEOCODER_URL's geocoder (Nominatim or Photon), else the offline gazetteer's cities, with a notice when the geocoder failed. Staff with parcels:write; limited per client (RATE_LIMIT_GEOCODE a minute)",
    input: PlaceSearchArgs,
    data: data.ref("PlaceSearch"),
    handler: ({ input }) => searchPlaces(input),
  });
}

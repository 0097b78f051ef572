import { Args, Query, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import { searchPlaces } from "./geocode.service.js";
import { PlaceSearch, PlaceSearchArgs } from "./geocode.type.js";

@Resolver()
export class GeocodeResolver {
  @Query(() => PlaceSearch, {
    description:
      "Staff with parcels:write: places for an address (GEOCODER_URL's geocoder, else the offline gazetteer's cities), for Create Parcel and Place on map. Limited per client (RATE_LIMIT_GEOCODE a minute)",
  })
  @Op("places.search")
  places(@Args(() => PlaceSearchArgs) args: PlaceSearchArgs) {
    return searchPlaces(args);
  }
}

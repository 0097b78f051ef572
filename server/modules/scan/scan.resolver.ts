import { Arg, Mutation, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import { ScanParcelsInput } from "./scan.input.js";
import { scanParcels } from "./scan.service.js";
import { ScanResult } from "./scan.type.js";

@Resolver()
export class ScanResolver {
  @Mutation(() => [ScanResult], { description: "One event for 1 to 500 parcels: each code answered, in order, with its entry or its error" })
  @Op("scans.record")
  scanParcels(@Arg("input", () => ScanParcelsInput) input: ScanParcelsInput) {
    return scanParcels(input);
  }
}

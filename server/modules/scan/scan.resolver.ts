import { Arg, Mutation, Resolver, UseMiddleware } from "type-graphql";
import { AdminOnly } from "../../graphql/guards.js";
import { ScanParcelsInput } from "./scan.input.js";
import { scanParcels } from "./scan.service.js";
import { ScanResult } from "./scan.type.js";

@Resolver()
export class ScanResolver {
  // The guard of SCAN_ACCESS (scan.service.ts): admins until roles and API keys exist.
  @Mutation(() => [ScanResult], { description: "One event for 1 to 500 parcels: each code answered, in order, with its entry or its error" })
  @UseMiddleware(AdminOnly)
  scanParcels(@Arg("input", () => ScanParcelsInput) input: ScanParcelsInput) {
    return scanParcels(input);
  }
}

import { Arg, Mutation, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import { GraphQLUpload, fromUpload, type FileUpload } from "../../graphql/upload.js";
import { importParcels } from "./import.service.js";
import { ImportResult } from "./import.type.js";

@Resolver()
export class ImportResolver {
  @Mutation(() => ImportResult, { description: "Admin: create or update parcels from a CSV file with the columns of the export; dry_run only checks the rows" })
  @Op("parcels.import")
  async importParcels(
    @Arg("file", () => GraphQLUpload) file: FileUpload,
    @Arg("dry_run", () => Boolean, { nullable: true, defaultValue: false }) dryRun: boolean,
  ) {
    return importParcels((await fromUpload(file, "file"))?.bytes, { dryRun });
  }
}

import { IsBoolean } from "class-validator";
import { WhenPresent } from "../../core/validation.js";

/** POST /api/parcels/import: dry_run in the query string (as the contract has it) or as a form field. */
export class ImportOptions {
  @WhenPresent()
  @IsBoolean({ message: "dry_run must be true or false" })
  dry_run?: boolean;
}

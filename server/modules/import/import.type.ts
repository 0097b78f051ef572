import { Field, Int, ObjectType } from "type-graphql";

@ObjectType({ description: "One row of an imported CSV file: what it did (or would do) or why it failed" })
export class ImportRow {
  @Field(() => Int, { description: "The row as a spreadsheet numbers it: the header is row 1, the first parcel row 2" }) row: number;
  @Field(() => String, { description: "The row's tracking code (empty when the cell is)" }) tracking_code: string;
  @Field(() => String, { description: "create, update or error" }) action: string;
  @Field(() => [String], { description: "What is wrong with the row, each message naming its column" }) errors: string[];
}

@ObjectType({ description: "The outcome of a CSV import (or of its dry run)" })
export class ImportResult {
  @Field(() => Int) created: number;
  @Field(() => Int) updated: number;
  @Field(() => Int) failed: number;
  @Field(() => [ImportRow], { description: "Every row of the file, in order" }) rows: ImportRow[];
}

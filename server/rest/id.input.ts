import { Required, IsId } from "../core/validation.js";

/** The body of DELETE calls and the id field of image uploads: `{ id }`. */
export class IdInput {
  @Required() @IsId() id: number;
}

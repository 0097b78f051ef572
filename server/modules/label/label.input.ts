import { IsIn } from "class-validator";
import { Optional, Required, Text } from "../../core/validation.js";

const formatMsg = { message: "format must be label (100 x 150 mm) or a4 (four to a page)" };

/** Query of the label routes (REST only: a PDF is no GraphQL answer, like the invoice PDF). */
export class LabelQuery {
  @Optional()
  @IsIn(["label", "a4"], formatMsg)
  format?: string;
}

export class LabelsQuery extends LabelQuery {
  @Required()
  @Text(20_000)
  codes: string;
}

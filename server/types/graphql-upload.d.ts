declare module "graphql-upload/GraphQLUpload.mjs" {
  import type { GraphQLScalarType } from "graphql";
  const GraphQLUpload: GraphQLScalarType;
  export default GraphQLUpload;
}
declare module "graphql-upload/processRequest.mjs" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  export default function processRequest(
    req: IncomingMessage,
    res: ServerResponse,
    options?: { maxFieldSize?: number; maxFileSize?: number; maxFiles?: number },
  ): Promise<unknown>;
}

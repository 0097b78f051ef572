declare module "apollo-upload-client/createUploadLink.mjs" {
  import type { ApolloLink } from "@apollo/client/core";
  export default function createUploadLink(options?: { uri?: string; credentials?: string; headers?: Record<string, string> }): ApolloLink;
}

declare module "apollo-upload-client/createUploadLink.mjs" {
  import type { ApolloLink } from "@apollo/client/core";
  export default function createUploadLink(options?: {
    uri?: string;
    credentials?: string;
    headers?: Record<string, string>;
  }): ApolloLink;
}

// A locale file's home groups or its other groups (scripts/locale-sections.ts).
declare module "*.json?home" {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module "*.json?shared" {
  const texts: Record<string, unknown>;
  export default texts;
}

import type { ReactNode } from "react";
import { ApolloProvider } from "@apollo/client";
import { apollo } from "./apollo";

/**
 * The Apollo provider, mounted by the screens that use generated hooks (contact form, control
 * panel). It is not at the root so the home page's first load carries no GraphQL client.
 */
export function WithApollo({ children }: { children: ReactNode }) {
  return <ApolloProvider client={apollo}>{children}</ApolloProvider>;
}

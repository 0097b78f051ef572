/**
 * The server's render of a public screen (built by `vite build --ssr` into dist/ssr, called by server/ssr.ts):
 * the same App as the browser's, under react-router's StaticRouter, with an i18next instance of its own in the
 * visitor's language (I18nextProvider) and an Apollo client whose link runs each operation in the server's own
 * process, through `execute` (the GraphQL door's executor, with the page request's context: the same access
 * rules, privacy, limits and caches as an API call). The browser hydrates the markup with the cache this
 * returns (client/start.tsx), once it has loaded the same language's texts (client/i18n).
 */
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { ApolloClient, ApolloLink, InMemoryCache, Observable, type FetchResult } from "@apollo/client/core";
import type { GraphQLFormattedError } from "graphql";
import { ApolloProvider } from "@apollo/client/react";
import { getMarkupFromTree } from "@apollo/client/react/ssr";
import { print } from "@apollo/client/utilities";
import { App } from "./App";
import { DEFAULT_OPTIONS } from "./apollo";
import { StoreProvider } from "./state/store";
import { I18nextProvider } from "react-i18next";
import { createI18n } from "./i18n";
import { isLanguageCode, languageOf } from "@shared/i18n/languages";
import { graphFromServer } from "./modules/graph/siteGraph";
import { SiteGraphDocument } from "./generated/public";
import { setProductName } from "./components/brand";
import { loadScreen } from "./screenComponents";
import { screenFileAt } from "./screenFiles";
import { earlyKey } from "./modules/graph/early";
import type { ServerState } from "./serverState";
import { recordFormats } from "./formatted";
import { renderAllStages } from "./components/staged";

/** One GraphQL operation, as a request to /graphql would carry it. */
export interface Operation {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
}

export interface RenderOptions {
  /** The address as requested (path and query). */
  url: string;
  /** The visitor's language code (the `lang` cookie or `?lang=`); anything else renders English. */
  language: string;
  /** The company's name (the setting company_name, or COMPANY_NAME), as `<meta name="application-name">` gives it to the browser. */
  productName: string;
  /** Runs an operation as the GraphQL door would for this request. */
  execute(operation: Operation): Promise<FetchResult>;
}

export interface Rendered {
  /** The markup of #root. */
  html: string;
  /** Apollo's cache and the operations' errors, for the browser to hydrate with (client/serverState.ts). */
  state: ServerState;
  /** The screen's module (client/screenFiles.ts), whose stylesheet and chunk the page links. */
  file: string | null;
  /** `<html lang dir>` for the language rendered. */
  lang: { tag: string; dir: "ltr" | "rtl" };
  /**
   * Milliseconds React spent rendering (its passes, synchronous): what the render budget counts. The time the
   * render waited for its operations, or for other requests between them, is not this render's cost.
   */
  renderMs: number;
}

export async function render(o: RenderOptions): Promise<Rendered> {
  const language = isLanguageCode(o.language) ? o.language : "en";
  const pathname = new URL(o.url, "http://localhost").pathname;
  // An i18next instance of this request's own: concurrent renders in other languages do not share it.
  const [i18n] = await Promise.all([createI18n(language), loadScreen(pathname)]);
  setProductName(o.productName);
  graphFromServer();

  const errors: ServerState["errors"] = {};
  const link = new ApolloLink(
    (operation) =>
      new Observable<FetchResult>((observer) => {
        o.execute({ query: print(operation.query), variables: operation.variables, operationName: operation.operationName || undefined }).then(
          (result) => {
            if (result.errors?.length) errors[earlyKey(operation.operationName, operation.variables)] = result.errors as GraphQLFormattedError[];
            observer.next(result);
            observer.complete();
          },
          (e) => observer.error(e),
        );
      }),
  );
  const client = new ApolloClient({ ssrMode: true, link, cache: new InMemoryCache(), defaultOptions: DEFAULT_OPTIONS });
  // The start-up graph, which the screens read from the cache only (the browser fetches it apart: siteGraph.ts).
  const graph = await client.query({ query: SiteGraphDocument });
  if (!graph.data?.graph) throw new Error(`start-up graph: ${graph.errors?.map((e) => e.message).join("; ") ?? "no data"}`);

  const tree = (
    <I18nextProvider i18n={i18n}>
      <ApolloProvider client={client}>
        <StoreProvider>
          <StaticRouter location={o.url}>
            <App />
          </StaticRouter>
        </StoreProvider>
      </ApolloProvider>
    </I18nextProvider>
  );
  // Apollo renders until every query the tree asks for has its answer. Then one more pass renders every part,
  // the ones the browser adds after its first paint too (useStaged), only to record what they format: the page
  // carries those strings (client/formatted.ts), and the browser builds no Intl formatter for them (the first
  // costs a phone 100-200 ms of locale data). The operations are all answered by now: this pass asks for nothing.
  let renderMs = 0;
  const timed = (element: ReactElement) => {
    const t0 = performance.now();
    const out = renderToString(element);
    renderMs += performance.now() - t0;
    return out;
  };
  const html = await getMarkupFromTree({ tree, renderFunction: timed });
  const [, formatted] = recordFormats(() => renderAllStages(() => timed(tree)));
  const lang = languageOf(language);
  return {
    html,
    state: { cache: client.extract(), errors, formatted, language },
    file: screenFileAt(pathname),
    lang: { tag: lang.tag, dir: "rtl" in lang && lang.rtl ? "rtl" : "ltr" },
    renderMs,
  };
}

import { createElement, lazy, type ComponentType } from "react";
import { loaderOf, screenFileAt, type Loader, type ScreenModule } from "./screenFiles";

/** Screens whose module has arrived: rendered as they are, without a suspending React.lazy. */
const loaded = new Map<Loader, ComponentType>();

/**
 * A screen's component for the routes: React.lazy until its module has arrived, the module's component
 * once loadScreen() (or an earlier render) has it. The server renders a screen it loaded first, and the
 * client loads the same one before it hydrates, so both render the same tree.
 */
export function screenComponent(file: string): ComponentType {
  const load = loaderOf(file);
  const Lazy = lazy(() =>
    load().then((m) => {
      loaded.set(load, m.default);
      return m;
    }),
  );
  return function Screen() {
    const Component = loaded.get(load);
    return Component ? createElement(Component) : createElement(Lazy);
  };
}

/** Loads the public screen of this address (resolves, with its module, when the server or the hydrating client may render it). */
export async function loadScreen(pathname: string): Promise<ScreenModule | null> {
  const file = screenFileAt(pathname);
  if (!file) return null;
  const load = loaderOf(file);
  const module = await load();
  loaded.set(load, module.default);
  return module;
}

import { redirecting } from "./boot";
import "@fontsource-variable/inter/wght.css";
import "./styles/theme.css";
import "./styles/base.css";
import "./styles/layout.css";

/**
 * The entry: boot.ts (a few KB, no React) redirects to https or sends the first screen's requests at
 * once: start-up graph, parcel, the screen's chunk and banner. The app (React, the router, the
 * translations; start.tsx) is a separate chunk that index.html already preloads (vite.config.ts), so
 * it downloads alongside, and the screen's chunk no longer waits for the app to be evaluated first.
 */
if (!redirecting) void import("./start");

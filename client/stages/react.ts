// The first of the app's packages the entry evaluates (client/main.tsx: each stage in a task of its own, then the
// app), so that no one task evaluates them all. This module is in the package's chunk (vite.config.ts APP_STAGES),
// and what it exports is what the app uses: React DOM is a CommonJS module, evaluated where it is first imported.
export { createRoot, hydrateRoot } from "react-dom/client";
export { startTransition } from "react";

// The sources' way into a thread (server/core/threads.ts): tsx first, then the TypeScript worker module
// named by workerData; its default export is the thread's task function.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const worker = await import(workerData);
export default worker.default;

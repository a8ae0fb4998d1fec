// Worker entry for parseDeckInWorker: TypeScript is loaded through tsx's API, since the worker
// starts without the parent's loader flags.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { parseDeck } = await import("./parse-deck.ts");
const result = await parseDeck(workerData.bytes, workerData.file, workerData.limits);
parentPort.postMessage(result);

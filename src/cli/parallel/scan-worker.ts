/**
 * A worker thread of `ulid scan --jobs` (parallel-scan.ts). For each file it is given, it claims ranges from the
 * board the threads share (shared-board.ts) until none is left, and for each one reads it, counts its newlines,
 * works out its first line from the counts before it, scans and formats it (range-scanner.ts), and hands the
 * bytes to the main thread, which prints the ranges in order.
 */
import { useCompiledModule } from "../../internal.js";
import { parentPort } from "node:worker_threads";
import type { ToMain, ToWorker } from "./parallel-scan.js";
import { NONE_LEFT, RangeBoard } from "./shared-board.js";
import { RangeScanner } from "./range-scanner.js";
import { systemReason } from "../system-error.js";

const port = parentPort!;
const scanner = new RangeScanner();

const post = (message: ToMain): void => port.postMessage(message);

port.on("message", (message: ToWorker) => {
  if (message.kind === "engine") {
    // The main thread's compiled module, posted before any file: instantiated here without compiling again.
    useCompiledModule(message.module, message.simd);
    return;
  }
  const { file, job, shared, count, window } = message;
  const board = new RangeBoard(count, window, shared);
  for (let index = board.claim(); index !== NONE_LEFT; index = board.claim()) {
    let length: number;
    try {
      length = scanner.read(job, index, board);
    } catch (error) {
      post({ kind: "failed", file, index, reason: systemReason(error) });
      continue;
    }
    post({ kind: "output", file, index, bytes: scanner.scan(job, length, board.firstLine(index)) });
  }
});

/**
 * Setup file of the `unit` project (vitest.config.ts), whose test files share their worker's modules (isolate:
 * false): the engine one file selects would be the engine the next file in that worker starts on. Each file starts
 * on the default ("auto") instead, as in a process of its own, whatever ran before it.
 */
import { setBackend } from "../../src/index.js";

setBackend("auto");

/**
 * The pure TypeScript engine: the fastest path for single IDs (no boundary to cross), and the fallback for every
 * batch where WebAssembly cannot load. Its codecs live beside each format (js-ulid.ts, and js-record-codec.ts over
 * js-flake.ts, js-baseuid.ts, js-uuidv7.ts...) and are imported by the format's public module, so a bundle carries
 * only the formats it uses; its scan kernels are the scannable formats' scan hooks (scan-shape.ts).
 */
import { scanShape } from "./scan-shape.js";
import type { Engine } from "./types.js";

/** The byte that opens a terminal escape sequence (src/scan/terminal-escapes.ts). */
const ESC = 0x1b;


export const jsEngine: Engine = {
  kind: "js",
  simd: false,
  codecs: null,
  codecOf: () => null,
  // The kernels read the window where it is: nothing to load.
  scanLoad: (text) => text.indexOf(ESC),
  scanLoaded: (format, text, glued, atEnd, offsets, times, lengths) => scanShape(format).kernel(text, glued, atEnd, offsets, times, lengths),
  scanColumns: null,
  scanMerged: null,
};

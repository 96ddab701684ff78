/**
 * The WebAssembly engine's scanning: `scanLoad` copies a window into the module's text region once, `scanLoaded`
 * runs a format's kernel over it (assembly/formats.ts, `scan`, over the fixed regions of assembly/layout.ts), and
 * the column writer packs a window's matches in the module (assembly/scan-columns.ts).
 */
import type { LoadedWasm, WasmExports } from "../wasm/load.js";
import { type FormatSpec, MAX_ID_BYTES } from "./specs.js";
import { scanShape } from "./scan-shape.js";
import { MAX_SCAN_FORMATS, SCAN_BYTES, SCAN_MATCHES, type ColumnWriter, type Engine, type MergedScan } from "./types.js";

/** The module's scan window: one copy of a window, searched by each format's kernel where it sits. */
interface WasmWindow {
  /** Copies `input` (at most SCAN_BYTES) into the module's text region; returns the offset of its first ESC, or -1. */
  load(input: Uint8Array): number;
  /** Runs `format`'s kernel over the window loaded last; its matches are left in the module's scan regions. Returns how many. */
  search(format: FormatSpec, glued: boolean, atEnd: boolean): number;
  /** `scanMerged` over the window loaded last, for the scan list region's first `formats` formats. */
  searchMerged(formats: number, before: number, atEnd: boolean, skip: number): number;
}

/** The scan window of a module (the views are built once: the memory never grows; load.ts checks sizes). */
function wasmSearch(x: WasmExports): WasmWindow {
  const text = new Uint8Array(x.memory.buffer, x.scanTextRegion(), SCAN_BYTES);
  let length = 0;
  return {
    load(input) {
      text.set(input);
      length = input.length;
      return x.scanEscape(length);
    },
    search: (format, glued, atEnd) => x.scan(format.wasmId, length, glued, atEnd),
    searchMerged: (formats, before, atEnd, skip) => x.scanMerged(formats, length, before, atEnd, skip),
  };
}

/** The scanning of one loaded module. */
export function createWasmScan(wasm: LoadedWasm): Pick<Engine, "scanLoad" | "scanLoaded" | "scanColumns" | "scanMerged"> {
  return wasmScan(wasm.exports);
}

/** The scanning of a module's exports over its scan window, its matches copied out. */
export function wasmScan(x: WasmExports): Pick<Engine, "scanLoad" | "scanLoaded" | "scanColumns" | "scanMerged"> {
  const window = wasmSearch(x);
  const memory = x.memory.buffer;
  const offsets = new Uint32Array(memory, x.scanOffsetRegion(), SCAN_MATCHES);
  const times = new Float64Array(memory, x.scanTimeRegion(), SCAN_MATCHES);
  const lengths = new Uint8Array(memory, x.scanLengthRegion(), SCAN_MATCHES);

  const scanLoaded: Engine["scanLoaded"] = (format, _input, glued, atEnd, offsetsOut, timesOut, lengthsOut) => {
    const count = window.search(format, glued, atEnd);
    if (count === 0) return 0;
    offsetsOut.set(offsets.subarray(0, count));
    timesOut.set(times.subarray(0, count));
    if (scanShape(format).varies) lengthsOut.set(lengths.subarray(0, count));
    return count;
  };
  return {
    scanLoad: window.load,
    scanLoaded,
    scanColumns: columnWriter(x),
    scanMerged: mergedScan(x, window),
  };
}

/**
 * Matches copied out one by one, up to this many: a view of each column to copy whole costs more (a scan of a log
 * line, not a window).
 */
const FEW_MATCHES = 8;

/** The one-pass search of several formats over the module's window, its matches copied out. */
function mergedScan(x: WasmExports, window: WasmWindow): MergedScan {
  const memory = x.memory.buffer;
  const list = new Uint8Array(memory, x.scanListRegion(), MAX_SCAN_FORMATS);
  const offsets = new Uint32Array(memory, x.scanOffsetRegion(), SCAN_MATCHES);
  const times = new Float64Array(memory, x.scanTimeRegion(), SCAN_MATCHES);
  const lengths = new Uint8Array(memory, x.scanLengthRegion(), SCAN_MATCHES);
  const formats = new Uint8Array(memory, x.scanFormatRegion(), SCAN_MATCHES);
  return {
    knows(formatList) {
      if (formatList.length > MAX_SCAN_FORMATS) return false;
      list.set(formatList);
      return x.scanMergedKnows(formatList.length) !== 0;
    },
    find(formatList, before, atEnd, skip, out) {
      // Set for every window: the column writer and the command's line writer set the region too.
      list.set(formatList);
      const count = window.searchMerged(formatList.length, before, atEnd, skip);
      if (count > FEW_MATCHES) {
        out.offsets.set(offsets.subarray(0, count));
        out.times.set(times.subarray(0, count));
        out.lengths.set(lengths.subarray(0, count));
        out.formats.set(formats.subarray(0, count));
        return count;
      }
      for (let i = 0; i < count; i++) {
        out.offsets[i] = offsets[i]!;
        out.times[i] = times[i]!;
        out.lengths[i] = lengths[i]!;
        out.formats[i] = formats[i]!;
      }
      return count;
    },
  };
}

/**
 * The column writer over the module's regions: the matches put back in (unless the one pass left them there), one
 * call, each column copied out whole.
 */
function columnWriter(x: WasmExports): ColumnWriter {
  const memory = x.memory.buffer;
  const inOffsets = new Uint32Array(memory, x.scanOffsetRegion(), SCAN_MATCHES);
  const inLengths = new Uint8Array(memory, x.scanLengthRegion(), SCAN_MATCHES);
  const times = new Float64Array(memory, x.scanTimeRegion(), SCAN_MATCHES);
  const formats = new Uint8Array(memory, x.scanFormatRegion(), SCAN_MATCHES);
  const list = new Uint8Array(memory, x.scanListRegion(), MAX_SCAN_FORMATS);
  const offsets = new Float64Array(memory, x.scanColumnOffsetRegion(), SCAN_MATCHES);
  const lines = new Float64Array(memory, x.scanColumnLineRegion(), SCAN_MATCHES);
  const bytes = new Uint8Array(memory, x.binaryRegion(), MAX_ID_BYTES * SCAN_MATCHES);
  return {
    bytes: 0,
    line: 0,
    write(matches, count, formatList, limit, from, until, base, line, out, at, byteAt) {
      if (!matches.inEngine) {
        inOffsets.set(matches.offsets.subarray(0, count));
        inLengths.set(matches.lengths.subarray(0, count));
        times.set(matches.times.subarray(0, count));
        formats.set(matches.formats.subarray(0, count));
      }
      list.set(formatList);
      const kept = x.scanColumns(count, limit, from, until, base, out.lines !== null, line);
      const written = x.scanColumnsBytes();
      out.formats.set(formats.subarray(0, kept), at);
      out.offsets.set(offsets.subarray(0, kept), at);
      out.times.set(times.subarray(0, kept), at);
      out.lines?.set(lines.subarray(0, kept), at);
      out.bytes.set(bytes.subarray(0, written), byteAt);
      this.bytes = written;
      this.line = x.scanColumnsLine();
      return kept;
    },
  };
}

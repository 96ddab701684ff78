/**
 * The one wasm ABI, checked at load: the module reports how many formats it implements and each one's widths, and
 * the loader refuses a build that disagrees with the TypeScript specs (it would read and write wrong bytes).
 */
import { describe, expect, it } from "vitest";
import { FORMAT_SPECS } from "../src/engine/specs.js";
import { commandExports } from "../src/printer/wasm-kernels.js";
import { type WasmExports, checkAbi, instantiateBuild } from "../src/wasm/load.js";
import { commandBuild } from "./helpers/command-builds.js";

describe.each([true, false])("wasm build, simd %s", (simd) => {
  const x = instantiateBuild(simd).exports;

  it("reports every spec's number and widths", () => {
    expect(x.formatCount()).toBe(FORMAT_SPECS.length);
    for (const spec of FORMAT_SPECS) {
      expect([spec.name, x.formatChars(spec.wasmId), x.formatBytes(spec.wasmId)]).toEqual([spec.name, spec.chars, spec.bytes]);
    }
    expect(() => checkAbi(x)).not.toThrow();
  });

  it("is refused when it disagrees with the specs", () => {
    const drifted = (patch: Partial<WasmExports>): WasmExports => Object.assign(Object.create(null), x, patch);
    expect(() => checkAbi(drifted({ formatCount: () => 3 }))).toThrow(`number of formats is 3 there and ${FORMAT_SPECS.length} here`);
    expect(() => checkAbi(drifted({ formatChars: (f) => (f === 1 ? 14 : x.formatChars(f)) }))).toThrow(/flake's text length is 14 there and 13 here/);
    expect(() => checkAbi(drifted({ formatBytes: (f) => (f === 3 ? 15 : x.formatBytes(f)) }))).toThrow(/uuidv7's binary length is 15 there and 16 here/);
    expect(() => checkAbi(drifted({ scanBytes: () => 1024 }))).toThrow(/scan region/);
    // A build from before the flagged kernels: the `flagged` and `from` arguments would be dropped.
    const unflagged = (format: number, count: number, textLength: number) => x.formatDecodeTime(format, count, textLength, false, 0);
    expect(() => checkAbi(drifted({ formatDecodeTime: unflagged }))).toThrow(/parameter count of formatDecodeTime is 3 there and 5 here/);
  });
});

describe.each([true, false])("the command's module, simd %s", (simd) => {
  const x = commandBuild(simd).exports;

  it("has the library's ABI, and the command's kernels, checked apart", () => {
    expect(() => checkAbi(x)).not.toThrow();
    expect(commandExports(x)).toBe(x);
    expect(commandExports(instantiateBuild(simd).exports)).toBe(null);
    const drifted = Object.assign(Object.create(null), x, { suffixBytes: () => 64 }) as WasmExports;
    expect(() => commandExports(drifted)).toThrow(/line suffix slot is 64 there and 96 here/);
    const overflowing = Object.assign(Object.create(null), x, { lineOutBytes: () => x.memory.buffer.byteLength }) as WasmExports;
    expect(() => commandExports(overflowing)).toThrow(/end of the line output region/);
    // The library's check knows nothing of the command's regions.
    expect(() => checkAbi(overflowing)).not.toThrow();
  });
});

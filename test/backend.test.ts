/**
 * setBackend/getBackend (decision 12), and WASM_UNAVAILABLE where WebAssembly cannot load: "auto" then falls
 * back to the pure TypeScript engine and everything keeps working.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import * as api from "../src/index.js";
import { getBackend, setBackend } from "../src/index.js";
import { faultOf } from "./helpers/errors.js";
import { SAMPLE_ULID } from "./vectors.js";

type Api = typeof api;

describe("selecting a backend", () => {
  afterEach(() => setBackend("auto"));

  it("starts on auto, which is wasm here (Node 20 has WebAssembly)", () => {
    const backend = getBackend();
    expect(backend.kind).toBe("wasm");
    expect(typeof backend.simd).toBe("boolean");
    expect(Object.keys(backend).sort()).toEqual(["kind", "simd"]);
  });

  it("reports the selected engine; the pure TypeScript one has no SIMD", () => {
    setBackend("js");
    expect(getBackend()).toEqual({ kind: "js", simd: false });
    setBackend("wasm");
    expect(getBackend().kind).toBe("wasm");
    setBackend("auto");
    expect(getBackend().kind).toBe("wasm");
  });

  const BAD_KINDS: readonly [string, unknown][] = [
    ["upper case", "WASM"],
    ["empty", ""],
    ["unknown", "node"],
    ["undefined", undefined],
    ["null", null],
    ["number", 1],
    ["object", { kind: "js" }],
  ];

  it.each(BAD_KINDS)("rejects a %s kind with INVALID_ARGUMENT and keeps the current backend", (_, kind) => {
    setBackend("js");
    expect(faultOf(() => setBackend(kind as "auto"))).toMatchObject({ code: "INVALID_ARGUMENT" });
    expect(getBackend().kind).toBe("js");
  });
});

describe("where WebAssembly cannot load", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("setBackend('wasm') throws WASM_UNAVAILABLE, auto and js use the TypeScript engine", async () => {
    vi.stubGlobal("WebAssembly", undefined);
    vi.resetModules();
    const lib = (await import("../src/index.js")) as Api;
    expect(lib.getBackend()).toEqual({ kind: "js", simd: false });

    let error: unknown;
    try {
      lib.setBackend("wasm");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(lib.UlidError);
    expect((error as api.UlidError).code).toBe("WASM_UNAVAILABLE");
    expect(lib.getBackend().kind).toBe("js");

    lib.setBackend("js");
    expect(lib.getBackend().kind).toBe("js");
    lib.setBackend("auto");
    const bytes = lib.generateMany(3);
    expect(lib.decodeMany(lib.encodeMany(bytes))).toEqual(bytes);
    expect(lib.decode(SAMPLE_ULID)).toEqual(api.decode(SAMPLE_ULID));
    expect(lib.isValid(lib.ulid())).toBe(true);
  });
});

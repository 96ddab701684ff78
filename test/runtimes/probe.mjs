// The same checks in every runtime (Node ESM and CommonJS, Chromium, Deno, Bun, workerd, runtimes without wasm):
// `probe(lib)` exercises the built package through its public API, every format, and returns a JSON-safe report.
// The tests compare `results` with Node's, byte for byte, and expect every `fresh` check to be true. Plain
// JavaScript with no host APIs, so every runtime can load it as it is.

/** 2025-01-01T00:00:00.000Z. */
const T = 1735689600000;
const VECTOR = "01ARYZ6S410000000000000000";
/** More than two of the engines' 8192-ID chunks, so chunk boundaries are crossed. */
const BATCH = 20000;

/** mulberry32 as a `random` option: the same bytes in every runtime. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return (out) => {
    for (let i = 0; i < out.length; i++) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = Math.imul(state ^ (state >>> 15), state | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      out[i] = (t ^ (t >>> 14)) & 0xff;
    }
  };
}

/** A clock that returns `times` in turn, then the last one. */
function scriptedClock(times) {
  let reads = 0;
  return () => times[Math.min(reads++, times.length - 1)];
}

function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** FNV-1a over bytes, as 8 hex digits: a short fingerprint of a large output. */
function fingerprint(bytes) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}

function sameBytes(a, b) {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** `{ code, index }` of the UlidError `fn` throws, or what went wrong instead. */
function fault(lib, fn) {
  try {
    fn();
  } catch (error) {
    return error instanceof lib.UlidError
      ? { code: error.code, index: error.index ?? null }
      : `not a UlidError: ${error}`;
  }
  return "returned";
}

/** The other formats' namespaces. */
const FORMATS = ["flake", "baseuid", "uuidv7"];

/**
 * One of the other formats: a batch minted, encoded and decoded (not monotonic: a fixed time would overflow the
 * 20 random bits of a Ulid-Flake), and a monotonic factory's first IDs.
 */
function formatBatch(format) {
  const bytes = format.generateMany(BATCH, { time: T, monotonic: false, random: seededRandom(4) });
  const ids = format.encodeMany(bytes);
  const next = format.monotonicFactory({ random: seededRandom(5), now: scriptedClock([T, T, T + 1]) });
  return {
    first: ids[0],
    last: ids[BATCH - 1],
    binary: fingerprint(bytes),
    roundTrip: sameBytes(format.decodeMany(ids), bytes),
    time: format.decodeTime(ids[BATCH - 1]),
    factory: [next(), next(), next()],
  };
}

/** Everything determined by the inputs alone: identical in every runtime and on every engine. */
function deterministic(lib) {
  const bytes = lib.generateMany(BATCH, { time: T, random: seededRandom(1) });
  const text = lib.encodeManyText(bytes);
  const strings = lib.encodeMany(bytes);
  const next = lib.monotonicFactory({ random: seededRandom(2), now: scriptedClock([T, T, T + 1, T - 5]) });
  const parsed = lib.parse("01arYZ6S41oooooooooooooooo");
  return {
    decodeTime: lib.decodeTime(VECTOR),
    encodeTime: lib.encodeTime(T),
    parsed: { ulid: parsed.ulid, time: parsed.time, uuid: parsed.uuid, random: hex(parsed.random) },
    uuidToULID: lib.uuidToULID("017F22E2-79B0-7CC3-98C4-DC0C0C07398F"),
    batch: {
      first: strings[0],
      last: strings[BATCH - 1],
      text: fingerprint(text),
      binary: fingerprint(bytes),
      decodedFromText: sameBytes(lib.decodeMany(text), bytes),
      decodedFromStrings: sameBytes(lib.decodeMany(strings), bytes),
      times: lib.decodeTimeMany(text).every((time) => time === T),
      valid: lib.validateMany(strings).every((flag) => flag === 1),
    },
    notMonotonic: lib.encodeMany(
      lib.generateMany(3, { monotonic: false, now: scriptedClock([T + 7]), random: seededRandom(3) }),
    ),
    factory: [next(), next(), next(), next()],
    validateMany: Array.from(
      lib.validateMany([VECTOR, "80000000000000000000000000", VECTOR.toLowerCase(), 42, "01ARYZ6S41U000000000000000"]),
    ),
    formats: Object.fromEntries(FORMATS.map((name) => [name, formatBatch(lib[name])])),
    faults: {
      overflow: fault(lib, () => lib.decode("80000000000000000000000000")),
      badChar: fault(lib, () => lib.decode("01ARYZ6S41U000000000000000")),
      length: fault(lib, () => lib.decodeTime("01ARYZ6S41")),
      batch: fault(lib, () => lib.decodeMany([VECTOR, VECTOR, "01ARYZ6S41!000000000000000"])),
      time: fault(lib, () => lib.ulid(-1)),
      monotonic: fault(lib, () => lib.generateMany(3, { time: T, random: (out) => out.fill(0xff) })),
    },
  };
}

/** Checks on the real clock and the runtime's own secure random source. */
function fresh(lib) {
  const id = lib.ulid();
  const batch = lib.encodeMany(lib.generateMany(1000));
  const singles = new Set(Array.from({ length: 1000 }, () => lib.ulid()));
  return {
    ulidIsValid: lib.isValid(id),
    ulidHasNow: Math.abs(lib.decodeTime(id) - Date.now()) < 60000,
    batchIncreasing: batch.every((value, i) => i === 0 || batch[i - 1] < value),
    singlesDistinct: singles.size === 1000,
  };
}

/**
 * The report: the engine "auto" picked, what `setBackend("wasm")` does ("returned", or WASM_UNAVAILABLE), the
 * deterministic results, whether the TS engine gives the same ones, and the checks on real time and randomness.
 */
export function probe(lib) {
  const backend = lib.getBackend();
  const selectWasm = fault(lib, () => lib.setBackend("wasm"));
  lib.setBackend("auto");
  const results = deterministic(lib);
  lib.setBackend("js");
  const onJs = deterministic(lib);
  lib.setBackend("auto");
  const enginesAgree = JSON.stringify(onJs) === JSON.stringify(results);
  return { backend, selectWasm, results, enginesAgree, fresh: fresh(lib) };
}

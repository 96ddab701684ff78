// The demo behind `npm start`: a million monotonic ULIDs through every stage on each engine, checked and timed.
import {
  decodeMany,
  decodeTimeMany,
  encodeMany,
  encodeManyText,
  generateMany,
  getBackend,
  parse,
  setBackend,
  validateMany,
} from "../dist/index.js";

const COUNT = 1_000_000;

function fail(message) {
  console.error(`FAILED: ${message}`);
  process.exit(1);
}

/** Timed runs per stage: the first also warms the JIT, the median is reported. */
const RUNS = 3;

/** Runs `work` RUNS times; returns [the first run's result, the median milliseconds]. */
function timed(work) {
  let first;
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const result = work();
    times.push(performance.now() - start);
    if (run === 0) first = result;
  }
  return [first, times.sort((a, b) => a - b)[RUNS >> 1]];
}

function rate(ms) {
  return `${((COUNT / ms) * 1000 / 1e6).toFixed(1).padStart(7)} M IDs/s`;
}

function assertStrictlyIncreasing(bytes) {
  for (let i = 16; i < bytes.length; i += 16) {
    let j = 0;
    while (j < 16 && bytes[i + j] === bytes[i - 16 + j]) j++;
    if (j === 16 || bytes[i + j] < bytes[i - 16 + j]) fail(`ID ${i / 16} does not sort after ID ${i / 16 - 1}`);
  }
}

function assertEqualBytes(a, b, what) {
  if (a.length !== b.length) fail(`${what}: ${a.length} bytes, expected ${b.length}`);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) fail(`${what}: differs at byte ${i}`);
}

function runOn(kind) {
  setBackend(kind);
  const { simd } = getBackend();
  const [ids, generateMs] = timed(() => generateMany(COUNT));
  assertStrictlyIncreasing(ids);
  const [text, encodeTextMs] = timed(() => encodeManyText(ids));
  const [fromText, decodeTextMs] = timed(() => decodeMany(text));
  assertEqualBytes(fromText, ids, "decodeMany(text) round trip");
  const [strings, encodeStringsMs] = timed(() => encodeMany(ids));
  for (let i = 1; i < strings.length; i++) {
    if (!(strings[i - 1] < strings[i])) fail(`string ${i} does not sort after string ${i - 1}`);
  }
  const [fromStrings, decodeStringsMs] = timed(() => decodeMany(strings));
  assertEqualBytes(fromStrings, ids, "decodeMany(strings) round trip");
  const [times, decodeTimeMs] = timed(() => decodeTimeMany(text));
  if (times[0] > times[COUNT - 1] || Math.abs(Date.now() - times[COUNT - 1]) > 60_000) fail("implausible times");
  const [flags, validateMs] = timed(() => validateMany(text));
  if (flags.some((flag) => flag !== 1)) fail("validateMany rejected a generated ID");

  console.log(`\n${kind} engine${simd ? " (SIMD)" : ""}: ${COUNT.toLocaleString("en-US")} monotonic ULIDs, all checked`);
  console.log(`  generateMany              ${rate(generateMs)}`);
  console.log(`  encodeManyText  -> text   ${rate(encodeTextMs)}`);
  console.log(`  decodeMany      <- text   ${rate(decodeTextMs)}`);
  console.log(`  encodeMany      -> string ${rate(encodeStringsMs)}`);
  console.log(`  decodeMany      <- string ${rate(decodeStringsMs)}`);
  console.log(`  decodeTimeMany  <- text   ${rate(decodeTimeMs)}`);
  console.log(`  validateMany    <- text   ${rate(validateMs)}`);
  return strings[COUNT - 1];
}

console.log(`ulid-wasm demo: mint, encode, decode and verify on both engines (median of ${RUNS} runs per stage;`);
console.log("the benchmarks in bench/ measure properly, against the peer libraries)");
let last;
for (const kind of ["wasm", "js"]) last = runOn(kind);
setBackend("auto");

const parsed = parse(last);
console.log(`\nthe last ID minted, parsed:`);
console.log(`  ulid   ${parsed.ulid}`);
console.log(`  time   ${parsed.time} (${parsed.date.toISOString()})`);
console.log(`  random ${Buffer.from(parsed.random).toString("hex")}`);
console.log(`  uuid   ${parsed.uuid}`);
console.log("\nround trips and strict order verified on both engines");

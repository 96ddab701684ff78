/**
 * Measures what `ulid scan --stats` keeps per distinct ID: run as its own process with --expose-gc (by
 * test/cli-stats-memory.test.ts), it feeds COUNT distinct ULID keys to a ScanStats and prints the growth of the
 * heap and of ArrayBuffer memory, in bytes per distinct ID, as JSON.
 */
import { ScanStats } from "../../src/printer/scan-stats.js";
import { plausibleWindow } from "../../src/cli/plausible.js";
import { seededUint32 } from "./reference.js";

const COUNT = Number(process.argv[2] ?? 1_000_000);
const gc = (globalThis as { gc?: () => void }).gc!;
const T0 = Date.UTC(2026, 3, 15);

const next = seededUint32(11);
const key = new Uint32Array(4);
const stats = new ScanStats(plausibleWindow(undefined, Date.now()));
// A first ID, so everything made once per ScanStats exists before the baseline.
stats.add(key, T0);
gc();
const before = process.memoryUsage();
for (let i = 0; i < COUNT; i++) {
  const time = T0 + i;
  // A ULID at `time`: 48 bits of time, then 80 random bits.
  key[0] = Math.floor(time / 0x10000);
  key[1] = ((time & 0xffff) << 16) | (next() >>> 16);
  key[2] = next();
  key[3] = next();
  stats.add(key, time);
}
// V8 frees the backing stores of collected ArrayBuffers (the tables outgrown) on a background thread after a
// collection: let it finish before reading.
for (let round = 0; round < 3; round++) {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const after = process.memoryUsage();
const distinct = JSON.parse(stats.json()).distinct - 1;
process.stdout.write(
  JSON.stringify({
    distinct,
    heapPerId: (after.heapUsed - before.heapUsed) / distinct,
    arrayBuffersPerId: (after.arrayBuffers - before.arrayBuffers) / distinct,
  }),
);

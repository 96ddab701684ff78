// A large synthetic log for the scan benchmarks: JSON lines, access-log lines, plain text lines and lines without
// IDs, with real ULIDs (upper and lower case, one or two per line) and decoys: tokens that must not match (an ID
// glued to a letter, with a U, 27 characters long, 32-digit hex etags) and tokens of the alphabet that do match as
// any grep for ULIDs finds them (26-digit numbers, 26-digit hex etags, when their first digit is 0-7), as in real
// logs (about 460k matches per 58 MB, as the log the issue measured). Written in batches, so any size takes
// constant memory; returns how many matches it holds.
import { closeSync, openSync, writeSync } from "node:fs";
import { encodeMany, generateMany } from "../dist/index.js";

/** IDs minted at a time; each batch carries one time, 10 s after the one before, so times span hours. */
const BATCH = 8192;
const T0 = Date.UTC(2026, 3, 15);

/** The first digit of a match: 0-7 (a larger one overflows 128 bits, and is no match). */
const matches = (token) => token.charCodeAt(0) <= 0x37;

/** mulberry32, so every run writes the same log. */
function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Writes about `megabytes` MB of log to `path`; resolves to the number of IDs a scan must find. */
export function writeLog(path, megabytes) {
  const next = prng(2026);
  const fd = openSync(path, "w");
  let ids = [];
  let batches = 0;
  const id = () => {
    if (ids.length === 0) ids = encodeMany(generateMany(BATCH, { time: T0 + 10_000 * batches++, monotonic: false }));
    return ids.pop();
  };
  /** `count` random digits of `base` (10 or 16), lower case. */
  const digits = (count, base) => Array.from({ length: count }, () => (next() % base).toString(base)).join("");
  let written = 0;
  let expected = 0;
  while (written < megabytes * 1e6) {
    const lines = [];
    for (let i = 0; i < 10_000; i++) {
      const ms = String(next() % 1000).padStart(3, "0");
      switch (next() % 8) {
        case 0:
          lines.push(`{"ts":"2026-04-15T05:11:38.${ms}Z","level":"info","service":"api","request_id":"${id()}","user":"u_${next() % 99999}","msg":"request handled","path":"/api/v1/orders/${id()}","status":200,"ms":${next() % 900}}`);
          expected += 2;
          break;
        case 1:
          lines.push(`10.0.${next() % 255}.${next() % 255} - - [15/Apr/2026:05:11:38 +0000] "GET /orders/${id()}/items?page=${next() % 9} HTTP/1.1" 200 ${next() % 9999} "-" "Mozilla/5.0 (X11; Linux x86_64)"`);
          expected += 1;
          break;
        case 2:
          lines.push(`2026-04-15T05:11:38.${ms}Z WARN worker-${next() % 16} retrying job ${id().toLowerCase()} attempt=${next() % 5}`);
          expected += 1;
          break;
        case 3:
          // Decoys only: an ID glued to a letter, one with a U, 27 characters.
          lines.push(`2026-04-15T05:11:38.${ms}Z DEBUG trace=${id()}x span=U${id().slice(1)} key=${id()}0`);
          break;
        case 4: {
          // A response with a weak etag of 26 hex digits, a strong one of 32 (never a match), and a 26-digit number.
          const etag = digits(26, 16);
          const number = digits(26, 10);
          lines.push(`{"ts":"2026-04-15T05:11:38.${ms}Z","level":"info","msg":"served","order":"${id()}","etag":"W/\\"${etag}\\"","strong":"${digits(32, 16)}","trace":${number},"cache":"${id().toLowerCase()}"}`);
          expected += 2 + matches(etag) + matches(number);
          break;
        }
        case 5:
          lines.push(`2026-04-15T05:11:38.${ms}Z INFO job ${id()} done in ${next() % 900}ms parent=${id().toLowerCase()} tenant=t${next() % 999}`);
          expected += 2;
          break;
        default:
          lines.push(`2026-04-15T05:11:38.${ms}Z DEBUG cache hit ratio=0.${next() % 99} keys=${next() % 99999} evictions=0`);
      }
    }
    const text = `${lines.join("\n")}\n`;
    written += writeSync(fd, text);
  }
  closeSync(fd);
  return expected;
}

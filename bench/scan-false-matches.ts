// Whether XID, TSID and Snowflake can be scanned for in free text (`npm run bench:false-matches`): counts the
// whole words each would match in text that holds none of them, so every match is a false one, with the plausible
// time window `ulid scan` applies by default (2000-01-01 to one day after now). A word is a maximal run of ASCII
// letters and digits, as the scanners' borders are; a match is a word the format's codec reads (exact width, valid)
// whose time falls in the window. MongoDB ObjectId (a word of exactly 24 hex digits) is measured alongside as the
// format that is scanned. The corpora:
//   - the project's realistic log (bench/log-fixture.mjs: JSON, access-log and plain lines with ULIDs, hex etags and
//     26-digit numbers);
//   - hex hashes: MD5, SHA-1, SHA-256, short commit hashes (7 and 12 digits), 20- and 24-digit hex tokens;
//   - numbers: Unix seconds and ms, 64-bit decimal trace IDs (Datadog's), ports, durations, counts;
//   - words: English prose and code identifiers, every .md file of node_modules' packages (about 2 MB; they hold a
//     few real TSIDs and XIDs too, from those formats' own packages, which count here as matches).
// Size: `tsx bench/scan-false-matches.ts [MB of log]` (default 32). The figures and the decision drawn from them:
// bench/results/false-matches.md.
import { readFileSync, readdirSync, mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { codecOfObjectId } from "../src/engine/js-objectid.js";
import { codecOfSnowflake } from "../src/engine/js-snowflake.js";
import { codecOfTsid } from "../src/engine/js-tsid.js";
import { codecOfXid } from "../src/engine/js-xid.js";
import { DISCORD_EPOCH, TWITTER_EPOCH } from "../src/formats/snowflake.js";
import { TSID_DEFAULT_EPOCH } from "../src/formats/tsid.js";
// @ts-expect-error: a plain ES module without types
import { writeLog } from "./log-fixture.mjs";

const MEGABYTES = Number(process.argv[2] ?? 32);
const FROM = Date.UTC(2000, 0, 1);
const UNTIL = Date.now() + 86_400_000;

interface Candidate {
  readonly name: string;
  /** Unix ms of `word` when the format reads it, else NaN. */
  time(word: string): number;
}

const fixedWidth = (chars: number, read: (text: string, at: number) => boolean, time: () => number, unixMs: (field: number) => number) => (word: string) =>
  word.length === chars && read(word, 0) ? unixMs(time()) : Number.NaN;

const CANDIDATES: Candidate[] = [
  { name: "ObjectId", time: fixedWidth(24, codecOfObjectId.read, codecOfObjectId.time, (s) => s * 1000) },
  { name: "XID", time: fixedWidth(20, codecOfXid.read, codecOfXid.time, (s) => s * 1000) },
  { name: "TSID", time: fixedWidth(13, codecOfTsid.read, codecOfTsid.time, (ms) => ms + TSID_DEFAULT_EPOCH) },
  ...[
    ["Snowflake (twitter)", TWITTER_EPOCH],
    ["Snowflake (discord)", DISCORD_EPOCH],
  ].map(([name, epoch]) => ({
    name: name as string,
    time: (word: string) => (codecOfSnowflake.read(word, 0, word.length) ? codecOfSnowflake.time() + (epoch as number) : Number.NaN),
  })),
];

/** mulberry32, so every run measures the same text. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}
const next = prng(23);
const digits = (count: number, base: number): string => Array.from({ length: count }, () => (next() % base).toString(base)).join("");
const decimal = (min: number, max: number): string => String(min + (next() % (max - min + 1)));
const tokens = (count: number, make: () => string): string => Array.from({ length: count }, make).join(" ");
const now = Date.now();

const CORPORA: Array<{ name: string; text: () => string }> = [
  {
    name: `the realistic log (${MEGABYTES} MB)`,
    text() {
      const dir = fileURLToPath(new URL("results/tmp/", import.meta.url));
      mkdirSync(dir, { recursive: true });
      writeLog(`${dir}false-matches.log`, MEGABYTES);
      return readFileSync(`${dir}false-matches.log`, "latin1");
    },
  },
  { name: "MD5 hashes (32 hex)", text: () => tokens(200_000, () => digits(32, 16)) },
  { name: "SHA-1 hashes (40 hex)", text: () => tokens(200_000, () => digits(40, 16)) },
  { name: "SHA-256 hashes (64 hex)", text: () => tokens(100_000, () => digits(64, 16)) },
  { name: "short commit hashes (7, 12 hex)", text: () => tokens(400_000, () => digits(next() % 2 ? 7 : 12, 16)) },
  { name: "20-hex tokens", text: () => tokens(400_000, () => digits(20, 16)) },
  { name: "24-hex tokens", text: () => tokens(400_000, () => digits(24, 16)) },
  { name: "Unix seconds (10 digits, 2000-now)", text: () => tokens(400_000, () => String(Math.floor((FROM + (next() / 2 ** 32) * (now - FROM)) / 1000))) },
  { name: "Unix ms (13 digits, 2000-now)", text: () => tokens(400_000, () => String(Math.floor(FROM + (next() / 2 ** 32) * (now - FROM)))) },
  { name: "64-bit decimal trace IDs (random 63 bits)", text: () => tokens(400_000, () => ((BigInt(next()) << 31n) | BigInt(next() >>> 1)).toString()) },
  { name: "small numbers (ports, ms, counts: 1-6 digits)", text: () => tokens(400_000, () => decimal(0, 10 ** (1 + (next() % 6)) - 1)) },
  { name: "English prose and identifiers (node_modules READMEs)", text: readmes },
];

/** The .md files of the installed packages: English and code as people write it. */
function readmes(): string {
  const parts: string[] = [];
  let size = 0;
  const visit = (dir: string, depth: number): void => {
    if (size > 20e6 || depth > 8) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path, depth + 1);
      else if (/\.md$/i.test(entry.name) && statSync(path).size < 2e6) {
        const text = readFileSync(path, "latin1");
        parts.push(text);
        size += text.length;
      }
    }
  };
  visit(fileURLToPath(new URL("../node_modules/", import.meta.url)), 0);
  return parts.join("\n");
}

const WORD = /[0-9A-Za-z]+/g;
const rows: string[][] = [];
/** Distinct words of each candidate found in the window in the prose corpus, to show what they are. */
const examples = new Map<string, Set<string>>();
for (const corpus of CORPORA) {
  const text = corpus.text();
  const words = text.match(WORD) ?? [];
  const megabytes = text.length / 1e6;
  const row = [corpus.name, `${megabytes.toFixed(1)} MB, ${(words.length / 1e3).toFixed(0)}k words`];
  for (const candidate of CANDIDATES) {
    let read = 0;
    let plausible = 0;
    for (const word of words) {
      const time = candidate.time(word);
      if (Number.isNaN(time)) continue;
      read++;
      if (time < FROM || time >= UNTIL) continue;
      plausible++;
      if (corpus.text === readmes && candidate.name !== "ObjectId" && !candidate.name.startsWith("Snowflake")) {
        const seen = examples.get(candidate.name) ?? new Set();
        if (seen.size < 12) examples.set(candidate.name, seen.add(word));
      }
    }
    row.push(`${read} / ${plausible} (${(plausible / megabytes).toFixed(plausible / megabytes < 10 ? 2 : 0)}/MB)`);
  }
  rows.push(row);
  console.error(`${corpus.name}: done`);
}

console.log(`node ${process.version}, ${new Date().toISOString().slice(0, 10)}; window ${new Date(FROM).toISOString().slice(0, 10)} .. ${new Date(UNTIL).toISOString().slice(0, 10)}`);
console.log("Each cell: words the format reads / of them in the window (per MB of text).\n");
console.log(`| corpus | size | ${CANDIDATES.map((c) => c.name).join(" | ")} |`);
console.log(`| --- | --- | ${CANDIDATES.map(() => "---").join(" | ")} |`);
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
console.log("\nWords in the window in the prose corpus (real IDs from the formats' own docs among them):");
for (const [name, words] of examples) console.log(`- ${name}: ${[...words].join(", ")}`);

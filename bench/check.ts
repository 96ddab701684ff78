/**
 * `npm run bench:check`: the project's performance targets (README, "Targets"), as ratios measured side by side in one run. Each
 * target times its two contenders in alternating rounds and takes the median of the per-round ratios, so load from
 * elsewhere on the machine hits both sides alike. Exits 1 when a target is missed. Not part of CI: shared machines
 * are too noisy for a hard gate. `npm run bench:check -- decode` checks only the targets whose group id contains
 * "decode".
 *
 * The bulk-binary targets compare the into-buffer variants where there is one (generateMany, encodeManyText): that
 * compares the engines, while a fresh 16-27 MB output costs both the same page faults (about 17 ms per 27 MB here).
 */
import type { BackendKind } from "../src/index.js";
import { KERNEL_PIPELINE, apiKernelGroups } from "./api-kernels.js";
import { SINGLE_LOOP, bulkGroups } from "./bulk.js";
import { type Contender, type Group, measureRounds, median, verifyGroup } from "./lib/measure.js";
import { PEER } from "./lib/peers.js";
import { rate } from "./lib/report.js";
import { singleGroups } from "./single.js";

interface Target {
  what: string;
  group: string;
  /** Our engine on the left of the ratio (and its variant). */
  ours: BackendKind;
  into?: boolean;
  /** The right of the ratio: a peer's label, or another of our engines. */
  versus: string | BackendKind;
  min: number;
}

const TARGETS: Target[] = [
  { what: "ulid() vs id128 generate().toCanonical()", group: "single.generate", ours: "auto", versus: PEER.id128, min: 2 },
  { what: "monotonic vs ulid monotonicFactory", group: "single.monotonic", ours: "auto", versus: PEER.ulid, min: 3 },
  { what: "decodeTime vs ulid decodeTime (flat strings)", group: "single.decodeTime", ours: "auto", versus: PEER.ulid, min: 10 },
  { what: "decodeTime vs ulid (concatenated strings)", group: "single.decodeTimeConcatenated", ours: "auto", versus: PEER.ulid, min: 10 },
  { what: "decodeTime vs ulid (sliced strings)", group: "single.decodeTimeSliced", ours: "auto", versus: PEER.ulid, min: 10 },
  { what: "decode vs id128 fromCanonical().bytes", group: "single.decode", ours: "auto", versus: PEER.id128, min: 5 },
  { what: "encode vs id128 construct().toCanonical()", group: "single.encode", ours: "auto", versus: PEER.id128, min: 3 },
  { what: "isValid vs ulid isValid", group: "single.isValid", ours: "auto", versus: PEER.ulid, min: 5 },
  { what: "generateMany (into buffer), wasm vs js", group: "bulk.generateMany", ours: "wasm", into: true, versus: "js", min: 3 },
  { what: "encodeManyText (into buffer), wasm vs js", group: "bulk.encodeManyText", ours: "wasm", into: true, versus: "js", min: 3 },
  { what: "decodeMany(text), wasm vs js", group: "bulk.decodeManyText", ours: "wasm", versus: "js", min: 3 },
  { what: "encodeMany(generateMany(n)) vs ulidx monotonic loop", group: "bulk.generateStrings", ours: "auto", versus: PEER.ulidx, min: 5 },
  { what: "decodeTimeMany(string[]) vs ulid decodeTime loop", group: "bulk.decodeTimeManyStrings", ours: "auto", versus: PEER.ulid, min: 10 },
  // Never slower than a loop over our own single-ID call (what a user would otherwise write).
  { what: "decodeTimeMany(string[]) vs our decodeTime() loop", group: "bulk.decodeTimeManyStrings", ours: "auto", versus: `${SINGLE_LOOP.decodeTime} (reference)`, min: 1 },
  { what: "validateMany(string[]) vs our isValid() loop", group: "bulk.validateManyStrings", ours: "auto", versus: `${SINGLE_LOOP.isValid} (reference)`, min: 1 },
  // The bulk text API within 1.3x of its kernels (1 / 1.3 = 0.77): what the API adds over copying chunks through them.
  { what: "encodeManyText (into buffer) vs its kernel", group: "api.encodeManyText", ours: "wasm", into: true, versus: KERNEL_PIPELINE, min: 0.77 },
  { what: "decodeMany(text) (into buffer) vs its kernel", group: "api.decodeManyText", ours: "wasm", into: true, versus: KERNEL_PIPELINE, min: 0.77 },
];

/** Rounds per target: single-ID rounds are short, bulk rounds take up to a few seconds. */
const ROUNDS = { single: 9, bulk: 5 } as const;

function find(group: Group, test: (c: Contender) => boolean, what: string): Contender {
  const found = group.contenders.find(test);
  if (!found) throw new Error(`${group.id} has no contender ${what}`);
  return found;
}

function engine(group: Group, kind: BackendKind, into: boolean): Contender {
  return find(group, (c) => c.engine === kind && (c.variant === "into buffer") === into, `${kind}${into ? " into" : ""}`);
}

const only = process.argv[2];
const chosen = TARGETS.filter((target) => !only || target.group.includes(only));
const groups = new Map(
  [
    ...singleGroups(),
    ...(chosen.some((t) => t.group.startsWith("bulk")) ? bulkGroups() : []),
    ...(chosen.some((t) => t.group.startsWith("api")) ? apiKernelGroups() : []),
  ].map((g) => [g.id, g]),
);
const absolute: string[] = [];
let missed = 0;
console.log("target".padEnd(56), "ratio".padStart(7), "  min  result  IDs/s             per round");
for (const target of chosen) {
  const group = groups.get(target.group)!;
  const left = engine(group, target.ours, target.into ?? false);
  const right = target.versus.includes(" ")
    ? find(group, (c) => c.label === target.versus, target.versus)
    : engine(group, target.versus as BackendKind, target.into ?? false);
  verifyGroup(group, [left, right]);
  const rates = await measureRounds(group, [left, right], ROUNDS[group.scope]);
  const ratios = rates.get(left)!.map((value, round) => value / rates.get(right)![round]!);
  const ratio = median(ratios);
  const pass = ratio >= target.min;
  if (!pass) missed++;
  const rates2 = `${rate(median(rates.get(left)!))} vs ${rate(median(rates.get(right)!))}`;
  console.log(
    target.what.padEnd(56),
    `${ratio.toFixed(2)}x`.padStart(7),
    `${`>=${target.min}`.padStart(5)}  ${pass ? "pass" : "MISS"}  ${rates2.padEnd(16)}  ${ratios.map((r) => r.toFixed(1)).join(" ")}`,
  );
  if (target.ours === "wasm" && group.id !== "bulk.generateMany") {
    absolute.push(`${group.title}, ${left.label}: ${rate(median(rates.get(left)!))} IDs/s`);
  }
}
console.log(`\nabsolute (noisy, not asserted; the project aims at >= 150M IDs/s encode, >= 100M decode):`);
for (const line of absolute) console.log(`  ${line}`);
console.log(missed === 0 ? "\nall targets met" : `\n${missed} target(s) missed`);
process.exitCode = missed === 0 ? 0 : 1;

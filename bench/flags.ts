/**
 * `npm run bench:flags`: what `out` and `flags` cost on batch decoding, against plain `decodeMany`/`decodeTimeMany`
 * on the same engine (ULID, 1M IDs, text and string[]). Flags come from the decoding pass itself, so on an all-valid
 * batch they should cost little; with bad IDs each bad one is flagged and blanked in the same pass (plain decoding
 * would throw there, so those rows compare against the plain call on the all-valid batch). Each contender's output
 * is checked first; rates are medians over interleaved rounds of CPU time, ratios the median of the per-round
 * ratios to the plain call (what bench:check does), so load from elsewhere hits both sides alike.
 */
import { decodeMany, decodeTimeMany } from "../src/index.js";
import { BULK_COUNT, bulk, prng } from "./lib/fixtures.js";
import { type Contender, type Group, measureRounds, median, verifyGroup } from "./lib/measure.js";
import { expectSame } from "./lib/verify.js";

const N = BULK_COUNT;
const ROUNDS = 15;
/** Shares of bad IDs in the flagged runs. */
const BAD_SHARES = [0.01, 0.1];

type Engine = "js" | "wasm";
type Decode = (ids: readonly string[] | Uint8Array, options?: { out?: never; flags?: Uint8Array }) => Uint8Array | Float64Array;

const { ids, text, bytes, times } = bulk();

/** The batch with a seeded `share` of its IDs made invalid (one character replaced by `U`), and their indexes. */
function damaged(share: number): { ids: string[]; text: Uint8Array; bad: Set<number> } {
  const random = prng(share * 1000);
  const bad = new Set<number>();
  const damagedIds = ids.slice();
  const damagedText = text.slice();
  for (let i = 0; i < N; i++) {
    if (random() / 2 ** 32 >= share) continue;
    bad.add(i);
    const at = 10 + (random() % 16);
    damagedIds[i] = `${ids[i]!.slice(0, at)}U${ids[i]!.slice(at + 1)}`;
    damagedText[27 * i + at] = 0x55;
  }
  return { ids: damagedIds, text: damagedText, bad };
}

const batches = BAD_SHARES.map((share) => ({ share, ...damaged(share) }));

/** What a run must return: the reference output with the bad IDs blanked (zero bytes, NaN). */
function expectedOutput(time: boolean, bad: Set<number>): Float64Array | Uint8Array {
  const wanted = time ? times.slice() : bytes.slice();
  for (const i of bad) {
    if (time) wanted[i] = Number.NaN;
    else wanted.fill(0, 16 * i, 16 * i + 16);
  }
  return wanted;
}

interface Row extends Contender {
  readonly plain: string;
  readonly wanted: ArrayLike<unknown>;
  /** The flags a flagged run writes, and must leave: 0 exactly at the bad IDs. */
  readonly flags?: { readonly written: Uint8Array; readonly wanted: Uint8Array };
}

function flagsOf(bad: Set<number>): Uint8Array {
  const flags = new Uint8Array(N).fill(1);
  for (const i of bad) flags[i] = 0;
  return flags;
}

function rows(decode: Decode, time: boolean, input: "text" | "strings", engine: Engine): Row[] {
  const valid = input === "text" ? text : ids;
  const out = time ? new Float64Array(N) : new Uint8Array(16 * N);
  const flags = new Uint8Array(N);
  const plain = `${engine} plain`;
  const allValid = expectedOutput(time, new Set());
  const row = (label: string, run: () => unknown, wanted = allValid, flagsWanted?: Uint8Array): Row => ({
    label: `${engine} ${label}`,
    role: "ours",
    engine,
    run,
    plain,
    wanted,
    flags: flagsWanted && { written: flags, wanted: flagsWanted },
  });
  const allFlags = flagsOf(new Set());
  return [
    row("plain", () => decode(valid)),
    row("out", () => decode(valid, { out: out as never })),
    row("flags", () => decode(valid, { flags }), allValid, allFlags),
    row("out + flags", () => decode(valid, { out: out as never, flags }), allValid, allFlags),
    ...batches.map((batch) =>
      row(
        `flags, ${batch.share * 100}% bad`,
        () => decode(input === "text" ? batch.text : batch.ids, { flags }),
        expectedOutput(time, batch.bad),
        flagsOf(batch.bad),
      ),
    ),
  ];
}

const groups: Group[] = [];
for (const [name, decode, time] of [["decodeMany", decodeMany, false], ["decodeTimeMany", decodeTimeMany, true]] as const) {
  for (const input of ["text", "strings"] as const) {
    const contenders = (["wasm", "js"] as const).flatMap((engine) => rows(decode as Decode, time, input, engine));
    groups.push({
      id: `flags.${name}.${input}`,
      title: `${name}: ${input === "text" ? "ASCII text" : "strings"}, 1M ULIDs`,
      scope: "bulk",
      ids: N,
      contenders,
      verify(output, contender) {
        const row = contender as Row;
        expectSame(output as ArrayLike<unknown>, row.wanted);
        if (row.flags) expectSame(row.flags.written, row.flags.wanted);
      },
    });
  }
}

const filter = process.argv[2];
for (const group of groups) {
  if (filter && !group.id.includes(filter)) continue;
  verifyGroup(group);
  const rates = await measureRounds(group, group.contenders, ROUNDS);
  const byLabel = new Map([...rates].map(([contender, values]) => [contender.label, values]));
  console.log(group.title);
  for (const [contender, values] of rates) {
    const plain = byLabel.get((contender as Row).plain)!;
    const ratio = median(values.map((rate, round) => rate / plain[round]!));
    console.log(`  ${contender.label.padEnd(22)} ${(median(values) / 1e6).toFixed(1).padStart(6)}M IDs/s   x${ratio.toFixed(2)} of plain`);
  }
  console.log();
}

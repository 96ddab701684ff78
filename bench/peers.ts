/**
 * `npm run bench:peers`: MongoDB ObjectId, XID and TSID against each of their npm peers (bench/peer-tables.ts), as
 * ratios in one process: every group of bench/formats.ts where a peer has the operation, each contender's output
 * checked against ours first. The contenders run side by side in rounds (bench/lib/measure.ts); a row's ratio is
 * ulid-wasm `auto` over the peer, the median of the rounds' ratios, with their range, so a burst of load elsewhere
 * moves one round rather than the figure. Writes bench/results/peers-<runtime>.json and peers.md, which puts every
 * runtime measured so far side by side (the table of docs/performance.md). `npm run bench:peers -- TSID` runs one
 * format.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { otherFormatGroups } from "./formats.js";
import { type Contender, type Group, measureRounds, median, verifyGroup } from "./lib/measure.js";
import { RUNTIME, type Machine, machine, rate, runtimeOf } from "./lib/report.js";

/** The formats measured against their peers, by their names in bench/formats.ts. */
const FORMATS = ["ObjectId", "XID", "TSID", "Snowflake"];

/** Rounds per group: more than `npm run bench` takes, since each row is a ratio to a peer on a shared machine. */
const ROUNDS = { single: 9, bulk: 5 } as const;

interface PeerRow {
  /** The peer's package, version and call. */
  label: string;
  /** Its IDs per second and ours (`auto`, the variant closest to the peer's), medians over the rounds. */
  rate: number;
  oursRate: number;
  /** Ours over the peer: the median of the rounds' ratios, and the lowest and highest of them. */
  ratio: number;
  low: number;
  high: number;
}

interface PeerGroup {
  id: string;
  title: string;
  peers: PeerRow[];
}

interface PeerResults {
  machine: Machine;
  date: string;
  /** The 1-minute load average before and after the run. */
  load: [number, number];
  groups: PeerGroup[];
}

const RESULTS = new URL("./results/", import.meta.url);

/** Ours on `auto` to set beside `peer`: the same variant (into a buffer, or not) where ours has it. */
function oursFor(group: Group, peer: Contender): Contender {
  const auto = group.contenders.filter((c) => c.role === "ours" && c.engine === "auto");
  return auto.find((c) => c.variant === peer.variant) ?? auto.find((c) => c.variant !== "into buffer")!;
}

async function measureGroup(group: Group): Promise<PeerGroup> {
  verifyGroup(group);
  const rounds = await measureRounds(group, group.contenders, ROUNDS[group.scope]);
  const peers = group.contenders.filter((c) => c.role === "peer").map((peer): PeerRow => {
    const ours = rounds.get(oursFor(group, peer))!;
    const theirs = rounds.get(peer)!;
    const ratios = ours.map((rate, round) => rate / theirs[round]!);
    return { label: peer.label, rate: median(theirs), oursRate: median(ours), ratio: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) };
  });
  return { id: group.id, title: group.title, peers };
}

const ratio = (value: number) => `${value.toFixed(value >= 10 ? 0 : 1)}x`;

/** A file name for this runtime's results: "node20", "bun1". */
const runtimeKey = (m: Machine) => runtimeOf(m).toLowerCase().replace(/^(\w+) v?(\d+).*$/, "$1$2");

/**
 * Every runtime's results side by side: a row per group and peer, with ours, the peer and the ratio on each runtime
 * (the runtimes in the order of their major versions).
 */
function markdown(all: PeerResults[]): string {
  const head = all.map((r) => `${runtimeOf(r.machine)}, ${r.date.slice(0, 16).replace("T", " ")} UTC, load ${r.load.map((l) => l.toFixed(1)).join("-")}`);
  const columns = all.map((r) => runtimeOf(r.machine).replace(/\.\d+$/, ""));
  const rows = new Map<string, { title: string; label: string; cells: string[] }>();
  all.forEach((results, at) => {
    for (const group of results.groups) {
      for (const row of group.peers) {
        const key = `${group.id} ${row.label}`;
        const entry = rows.get(key) ?? { title: group.title, label: row.label, cells: all.map(() => "") };
        entry.cells[at] = `${rate(row.oursRate)} vs ${rate(row.rate)}: **${ratio(row.ratio)}** (${ratio(row.low)}-${ratio(row.high)})`;
        rows.set(key, entry);
      }
    }
  });
  return [
    ...head.map((line) => `- ${line}`),
    "",
    `| operation | peer | ${columns.map((c) => `${c}: ulid-wasm auto vs peer, IDs/s`).join(" | ")} |`,
    `| --- | --- |${columns.map(() => " ---: |").join("")}`,
    ...[...rows.values()].map(({ title, label, cells }) => `| ${title} | ${label} | ${cells.join(" | ")} |`),
    "",
  ].join("\n");
}

const only = process.argv[2];
const formats = FORMATS.filter((name) => !only || name.toLowerCase() === only.toLowerCase());
if (formats.length === 0) {
  console.error(`bench:peers: no format ${only} (formats: ${FORMATS.join(", ")})`);
  process.exit(2);
}
const info = machine();
const load = loadavg()[0]!;
console.log(`bench:peers on ${RUNTIME}, ${info.cpu}, ${info.cores} cores, load ${load.toFixed(1)}: ${formats.join(", ")}\n`);
const groups: PeerGroup[] = [];
for (const group of otherFormatGroups((name) => formats.includes(name))) {
  if (!group.contenders.some((c) => c.role === "peer")) continue;
  const measured = await measureGroup(group);
  groups.push(measured);
  console.log(group.title);
  for (const row of measured.peers) {
    console.log(`  ${row.label.padEnd(60)} ours ${rate(row.oursRate).padStart(6)}  peer ${rate(row.rate).padStart(6)}  ${ratio(row.ratio).padStart(6)} (${ratio(row.low)}-${ratio(row.high)})`);
  }
}

const results: PeerResults = { machine: info, date: new Date().toISOString(), load: [load, loadavg()[0]!], groups };
mkdirSync(new URL("./tmp/", RESULTS), { recursive: true });
const name = only ? `tmp/peers-${runtimeKey(info)}-${formats[0]!.toLowerCase()}` : `peers-${runtimeKey(info)}`;
writeFileSync(new URL(`${name}.json`, RESULTS), `${JSON.stringify(results, null, 2)}\n`);
if (!only) {
  const all = readdirSync(RESULTS)
    .filter((file) => /^peers-.+\.json$/.test(file))
    .map((file) => JSON.parse(readFileSync(new URL(file, RESULTS), "utf8")) as PeerResults)
    .sort((a, b) => Number(a.machine.node.match(/\d+/)![0]) - Number(b.machine.node.match(/\d+/)![0]));
  writeFileSync(new URL("peers.md", RESULTS), markdown(all));
}
console.log(`\nwrote bench/results/${name}.json${only ? "" : " and peers.md"}`);

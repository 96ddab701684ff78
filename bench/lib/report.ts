/** Benchmark results: the rows of each group with their ratios, the machine, and the text forms of both. */
import { cpus, totalmem } from "node:os";
import type { Contender, Group } from "./measure.js";

export interface Row {
  label: string;
  role: Contender["role"];
  engine?: string;
  variant?: string;
  idsPerSecond: number;
  /** Ours only: IDs/s over the best peer's (null when the group has no peer). */
  vsBestPeer?: number | null;
}

export interface GroupResult {
  id: string;
  title: string;
  scope: Group["scope"];
  rows: Row[];
  bestPeer: string | null;
  /** Our wasm engine over our js engine, allocating variant. */
  wasmOverJs: number | null;
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  /** `process.version` (under Bun, the Node version it reports). */
  node: string;
  /** The runtime and its version, as RUNTIME (absent in results written before it was added: Node then). */
  runtime?: string;
}

/** The runtime that runs this and its version ("Node v26.10.0", "Bun 1.4.5"). */
const bun = (globalThis as { Bun?: { version: string } }).Bun;
export const RUNTIME = bun ? `Bun ${bun.version}` : `Node ${process.version}`;

/** The runtime of `m`, as the results' headings name it. */
export const runtimeOf = (m: Machine): string => m.runtime ?? `Node ${m.node}`;

export interface Results {
  machine: Machine;
  date: string;
  singleIds: number;
  bulkIds: number;
  groups: GroupResult[];
}

export function machine(): Machine {
  return {
    cpu: cpus()[0]?.model.trim() ?? "unknown",
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${process.platform} ${process.arch}`,
    node: process.version,
    runtime: RUNTIME,
  };
}

/** A group's rows with ratios: ours against the best peer (references do not count), and wasm against js. */
export function summarize(group: Group, rates: Map<Contender, number>): GroupResult {
  const rows: Row[] = [...rates].map(([c, rate]) => ({
    label: c.label,
    role: c.role,
    engine: c.engine,
    variant: c.variant,
    idsPerSecond: rate,
  }));
  const peers = rows.filter((row) => row.role === "peer");
  const best = peers.length > 0 ? peers.reduce((a, b) => (b.idsPerSecond > a.idsPerSecond ? b : a)) : null;
  for (const row of rows) if (row.role === "ours") row.vsBestPeer = best ? row.idsPerSecond / best.idsPerSecond : null;
  const rateOf = (engine: string) => rows.find((r) => r.engine === engine && r.variant !== "into buffer")?.idsPerSecond;
  const wasm = rateOf("wasm");
  const js = rateOf("js");
  return {
    id: group.id,
    title: group.title,
    scope: group.scope,
    rows,
    bestPeer: best?.label ?? null,
    wasmOverJs: wasm && js ? wasm / js : null,
  };
}

/** IDs/s with a unit: 1.23M, 456k. */
export function rate(idsPerSecond: number): string {
  if (idsPerSecond >= 1e6) return `${(idsPerSecond / 1e6).toFixed(idsPerSecond >= 1e8 ? 0 : 1)}M`;
  return `${(idsPerSecond / 1e3).toFixed(idsPerSecond >= 1e5 ? 0 : 1)}k`;
}

function ratio(value: number | null | undefined): string {
  return value === null || value === undefined ? "" : `${value.toFixed(value >= 10 ? 0 : 1)}x`;
}

/** One line per row: the columns of the markdown table, for a terminal. */
export function lines(group: GroupResult): string[] {
  const out = [`${group.title}${group.wasmOverJs ? `   (wasm/js ${ratio(group.wasmOverJs)})` : ""}`];
  for (const row of group.rows) {
    out.push(`  ${row.label.padEnd(54)} ${rate(row.idsPerSecond).padStart(8)} IDs/s  ${ratio(row.vsBestPeer).padStart(6)}`);
  }
  return out;
}

/**
 * The table of docs/performance.md: a row per operation (and per variant, where there is an into-buffer one) with our three
 * engines side by side, the best peer, auto over that peer, and wasm over js. References are left to the JSON.
 */
export function markdown(results: Results): string {
  const m = results.machine;
  const head = [
    `${runtimeOf(m)}, ${m.cpu} (${m.cores} cores, ${m.memoryGiB} GiB), ${m.os}, ${results.date.slice(0, 10)}. IDs per second;`,
    `single-ID rows over ${results.singleIds} different IDs, bulk rows ${results.bulkIds.toLocaleString("en-US")} IDs per call.`,
    "",
    "| operation | auto | js | wasm | best peer | auto vs best peer | wasm/js |",
    "| --- | ---: | ---: | ---: | --- | ---: | ---: |",
  ];
  const body = results.groups.flatMap((group) => {
    const best = group.rows.find((row) => row.label === group.bestPeer);
    return [undefined, "into buffer"]
      .map((variant) => group.rows.filter((row) => row.role === "ours" && row.variant === variant))
      .filter((rows) => rows.length > 0)
      .map((rows) => {
        const of = (engine: string) => rows.find((row) => row.engine === engine);
        const [auto, js, wasm] = [of("auto"), of("js"), of("wasm")];
        const cells = [auto, js, wasm].map((row) => (row ? rate(row.idsPerSecond) : ""));
        const into = rows[0]!.variant ? " (into buffer)" : "";
        const peer = best ? `${best.label}: ${rate(best.idsPerSecond)}` : "";
        const versus = wasm && js ? ratio(wasm.idsPerSecond / js.idsPerSecond) : "";
        return `| ${group.title}${into} | ${cells.join(" | ")} | ${peer} | ${ratio(auto?.vsBestPeer)} | ${versus} |`;
      });
  });
  return [...head, ...body, ""].join("\n");
}

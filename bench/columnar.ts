// Columnar files (`npm run bench:columnar`): rows per second written as Parquet.
// 1. The writers, in this process, on the same N ULIDs (text, bytes, Unix ms; made once beforehand): the command's
//    own Parquet and Arrow writers (src/printer/parquet-file.ts, arrow-stream.ts, fed as the command feeds them),
//    hyparquet-writer (pure JS; its per-row arrays made beforehand, not timed) uncompressed and with its default
//    snappy, and parquet-wasm (Rust's parquet in WebAssembly) writing our Arrow stream as Parquet. Each output is
//    read back by DuckDB first (row count, least and greatest ID, the bytes of one ID). Interleaved rounds, medians
//    of the process's CPU time.
// 2. The command: `ulid generate N` as text, as --format parquet and as --format arrow, into a file, alternating,
//    with wall and CPU time and peak RSS.
// Count: `tsx bench/columnar.ts [N]` (default 1,000,000; the command runs 10 times N).
import { DuckDBInstance } from "@duckdb/node-api";
import { parquetWriteBuffer } from "hyparquet-writer";
import { Compression, Table as WasmTable, WriterPropertiesBuilder, writeParquet } from "parquet-wasm";
import { mkdtempSync, openSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formats } from "../src/index.js";
import { ArrowStream } from "../src/printer/arrow-stream.js";
import { type ColumnarFile, IdRows, idColumnSpecs } from "../src/printer/columnar-file.js";
import { ParquetFile } from "../src/printer/parquet-file.js";

/** bench/cli-process.mjs (plain JavaScript, shared with the .mjs benches). */
const { runUlid } = (await import("./cli-process.mjs" as string)) as {
  runUlid(args: string[], options: { stdout: number | "ignore" }): Promise<{ ms: number; cpuMs: number; peakRssMB: number; status: number; stderr: string }>;
};

const COUNT = Number(process.argv[2] ?? 1_000_000);
const ROUNDS = 5;
/** IDs per call of the command's generate loop (src/cli/generate-stream.ts). */
const CHUNK = 8192;
const dir = mkdtempSync(join(tmpdir(), "ulid-columnar-bench-"));

// The IDs: one time per 8192, as the command's chunks carry.
const bytes = formats.ulid.generateMany(COUNT);
const text = formats.ulid.encodeManyText(bytes);
const times = formats.ulid.decodeTimeMany(text);

/** MB the packages take in node_modules. */
function du(packages: readonly string[]): string {
  const size = (path: string): number =>
    statSync(path).isDirectory() ? readdirSync(path).reduce((sum, entry) => sum + size(join(path, entry)), 0) : statSync(path).size;
  return (packages.reduce((sum, name) => sum + size(join("node_modules", name)), 0) / 1e6).toFixed(1);
}

/** A file written by a ColumnarFile into memory, the pieces kept (the command writes each out). */
async function ours(make: (write: (bytes: Uint8Array) => Promise<void>) => ColumnarFile): Promise<Uint8Array> {
  const pieces: Uint8Array[] = [];
  const file = make(async (piece) => void pieces.push(piece.slice()));
  await file.begin();
  const rows = new IdRows(file);
  for (let at = 0; at < COUNT; at += CHUNK) {
    const n = Math.min(CHUNK, COUNT - at);
    rows.addIds(text.subarray(at * 27), 27, 26, bytes.subarray(at * 16, (at + n) * 16), times.subarray(at, at + n), n);
    await rows.flush();
  }
  await file.finish();
  return Buffer.concat(pieces);
}

const specs = idColumnSpecs({ width: 16, plainBinary: false, scan: false });
const oursParquet = () => ours((write) => new ParquetFile(specs, write, "bench"));
const oursArrow = () => ours((write) => new ArrowStream(specs, write));

// hyparquet-writer's input: a JavaScript value per row and column.
const ids = formats.ulid.encodeMany(bytes) as string[];
const binaries = Array.from({ length: COUNT }, (_, i) => bytes.subarray(i * 16, i * 16 + 16));
const dates = Array.from(times, (ms) => new Date(ms));
const hyparquet = (codec: "UNCOMPRESSED" | "SNAPPY") => async () =>
  new Uint8Array(
    parquetWriteBuffer({
      columnData: [
        { name: "id", data: ids, type: "STRING", nullable: false },
        { name: "bytes", data: binaries, type: "UUID", nullable: false },
        { name: "ts", data: dates, type: "TIMESTAMP", nullable: false },
      ],
      codec,
      rowGroupSize: 65536,
    }),
  );

const arrowBytes = await oursArrow();
const parquetWasm = async () =>
  writeParquet(WasmTable.fromIPCStream(arrowBytes), new WriterPropertiesBuilder().setCompression(Compression.UNCOMPRESSED).build());

const contenders: [string, () => Promise<Uint8Array>][] = [
  ["ours, Parquet (plain, uncompressed)", oursParquet],
  ["ours, Arrow IPC stream", oursArrow],
  ["hyparquet-writer 0.17.0, uncompressed", hyparquet("UNCOMPRESSED")],
  ["hyparquet-writer 0.17.0, snappy (its default)", hyparquet("SNAPPY")],
  ["parquet-wasm 0.8.0 from our Arrow stream, uncompressed", parquetWasm],
];

// Check: each Parquet output read back by DuckDB.
const duck = await (await DuckDBInstance.create(":memory:")).connect();
const expected = [COUNT, ids.reduce((a, b) => (a < b ? a : b)), ids.reduce((a, b) => (a > b ? a : b))];
for (const [name, write] of contenders) {
  if (name.includes("Arrow IPC")) continue;
  const file = join(dir, "check.parquet");
  writeFileSync(file, await write());
  // parquet-wasm writes the bytes as plain FIXED_LEN_BYTE_ARRAY (no UUID logical type): DuckDB reads a BLOB.
  const [[type]] = (await duck.runAndReadAll(`SELECT typeof(bytes) FROM '${file}' LIMIT 1`)).getRowsJS();
  const hex = type === "UUID" ? "replace(bytes::VARCHAR, '-', '')" : "lower(hex(bytes))";
  const [row] = (await duck.runAndReadAll(`SELECT count(*)::INT, min(id), max(id), first(${hex} ORDER BY id) FROM '${file}'`)).getRowsJS();
  const first = Buffer.from(binaries[ids.indexOf(expected[1] as string)]!).toString("hex");
  if (JSON.stringify(row) !== JSON.stringify([...expected, first])) throw new Error(`${name} wrote ${JSON.stringify(row)}`);
}

const samples = new Map<string, number[]>(contenders.map(([name]) => [name, []]));
const sizes = new Map<string, number>();
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < contenders.length; k++) {
    const [name, write] = contenders[(k + round) % contenders.length]!;
    const start = process.cpuUsage();
    const out = await write();
    const cpu = process.cpuUsage(start);
    samples.get(name)!.push((cpu.user + cpu.system) / 1000);
    sizes.set(name, out.length);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const oursMs = median(samples.get(contenders[0]![0])!);
console.log(`node ${process.version}; ${COUNT.toLocaleString("en-US")} ULIDs (id, bytes as UUID, ts); medians of ${ROUNDS} rounds, CPU time\n`);
console.log("| writer | M rows/s | vs ours | file MB | installed |");
console.log("| --- | ---: | ---: | ---: | ---: |");
const installed: Record<string, string> = {
  "ours, Parquet (plain, uncompressed)": "in dist/cli.cjs",
  "ours, Arrow IPC stream": "in dist/cli.cjs",
  "hyparquet-writer 0.17.0, uncompressed": `${du(["hyparquet-writer", "hyparquet"])} MB`,
  "hyparquet-writer 0.17.0, snappy (its default)": `${du(["hyparquet-writer", "hyparquet"])} MB`,
  "parquet-wasm 0.8.0 from our Arrow stream, uncompressed": `${du(["parquet-wasm"])} MB`,
};
for (const [name] of contenders) {
  const ms = median(samples.get(name)!);
  console.log(`| ${name} | ${(COUNT / ms / 1000).toFixed(2)} | ${(oursMs / ms).toFixed(2)}x | ${(sizes.get(name)! / 1e6).toFixed(1)} | ${installed[name]} |`);
}

// The command, into a file.
const N = COUNT * 10;
const runs = new Map<string, { ms: number; cpuMs: number; peakRssMB: number }[]>();
const commands: [string, string[]][] = [
  ["text", []],
  ["--format parquet", ["--format", "parquet", "-o", join(dir, "ids.parquet")]],
  ["--format arrow", ["--format", "arrow", "-o", join(dir, "ids.arrows")]],
];
for (let round = 0; round < 3; round++) {
  for (const [name, args] of commands) {
    const fd = name === "text" ? openSync(join(dir, "ids.txt"), "w") : "ignore";
    const run = await runUlid(["generate", String(N), ...args], { stdout: fd });
    if (run.status !== 0) throw new Error(`ulid generate ${name} exited ${run.status}: ${run.stderr}`);
    if (!runs.has(name)) runs.set(name, []);
    runs.get(name)!.push(run);
  }
}
console.log(`\nulid generate ${N.toLocaleString("en-US")} into a file, medians of 3 alternating runs\n`);
console.log("| output | wall s | M rows/s (wall) | CPU s | peak RSS MB | file MB |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
const fileOf: Record<string, string> = { text: "ids.txt", "--format parquet": "ids.parquet", "--format arrow": "ids.arrows" };
for (const [name] of commands) {
  const all = runs.get(name)!;
  const ms = median(all.map((run) => run.ms));
  const cpuMs = median(all.map((run) => run.cpuMs));
  const rss = median(all.map((run) => run.peakRssMB));
  const size = statSync(join(dir, fileOf[name]!)).size / 1e6;
  console.log(`| ${name} | ${(ms / 1000).toFixed(2)} | ${(N / ms / 1000).toFixed(2)} | ${(cpuMs / 1000).toFixed(2)} | ${rss.toFixed(0)} | ${size.toFixed(0)} |`);
}
rmSync(dir, { recursive: true, force: true });

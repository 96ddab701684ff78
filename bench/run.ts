/**
 * `npm run bench`: every single-ID and bulk group, each contender's output checked against ours, then timed with
 * tinybench. Prints a table per group and writes bench/results/latest.json and latest.md (the table of docs/performance.md).
 * `npm run bench -- decode` runs only the groups whose id contains "decode" (`-- formats.` the other formats).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { bulkGroups } from "./bulk.js";
import { otherFormatGroups } from "./formats.js";
import { BULK_COUNT, SINGLE_COUNT } from "./lib/fixtures.js";
import { measure, verifyGroup } from "./lib/measure.js";
import { type GroupResult, RUNTIME, type Results, lines, machine, markdown, summarize } from "./lib/report.js";
import { runtimeUuidv7Note } from "./lib/peers.js";
import { singleGroups } from "./single.js";

const filter = process.argv[2];
const RESULTS = new URL("./results/", import.meta.url);

const info = machine();
console.log(`ulid-wasm benchmarks: ${RUNTIME}, ${info.cpu}, ${info.cores} cores\n`);
console.log(`${runtimeUuidv7Note()}\n`);

const groups: GroupResult[] = [];
for (const make of [singleGroups, bulkGroups, otherFormatGroups]) {
  for (const group of make()) {
    if (filter && !group.id.includes(filter)) continue;
    verifyGroup(group);
    const result = summarize(group, await measure(group));
    groups.push(result);
    console.log(`${lines(result).join("\n")}\n`);
  }
}

const results: Results = {
  machine: info,
  date: new Date().toISOString(),
  singleIds: SINGLE_COUNT,
  bulkIds: BULK_COUNT,
  groups,
};
mkdirSync(RESULTS, { recursive: true });
const name = filter ? "tmp/partial" : "latest";
mkdirSync(new URL("./tmp/", RESULTS), { recursive: true });
writeFileSync(new URL(`${name}.json`, RESULTS), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(new URL(`${name}.md`, RESULTS), markdown(results));
console.log(`wrote bench/results/${name}.json and ${name}.md`);

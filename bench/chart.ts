/**
 * `npm run bench:chart`: bench/results/latest.json as a horizontal bar chart, bench/results/latest.svg. One bar per
 * contender, grouped by operation, on a log scale (the rates span five decades); the machine, Node version and date
 * in the header. Plain SVG written here, no dependency. By default the ULID groups (ids "single.*" and "bulk.*");
 * `npm run bench:chart -- formats.uuidv7` charts the groups whose id contains that, into latest-formats.uuidv7.svg.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { type Results, type Row, rate, runtimeOf } from "./lib/report.js";

const RESULTS = new URL("./results/", import.meta.url);
const results = JSON.parse(readFileSync(new URL("latest.json", RESULTS), "utf8")) as Results;
const filter = process.argv[2];
const groups = results.groups.filter((g) => (filter ? g.id.includes(filter) : /^(single|bulk)\./.test(g.id)));
const output = filter ? `latest-${filter}.svg` : "latest.svg";

const WIDTH = 960;
const LABEL_END = 330; // labels are right-aligned here
const BAR_START = 340;
const BAR_END = 880;
const ROW = 16;
const GROUP_HEAD = 26;
const TOP = 78;
/** The x axis: 10^MIN_DECADE to 10^MAX_DECADE IDs/s. */
const MIN_DECADE = 4;
const MAX_DECADE = 9;

const COLORS: Record<string, string> = {
  auto: "#1d4ed8",
  js: "#f59e0b",
  wasm: "#7c3aed",
  peer: "#6b7280",
  reference: "#cbd5e1",
};

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function x(idsPerSecond: number): number {
  const decades = Math.log10(Math.max(idsPerSecond, 10 ** MIN_DECADE)) - MIN_DECADE;
  return BAR_START + ((BAR_END - BAR_START) * decades) / (MAX_DECADE - MIN_DECADE);
}

function bar(row: Row, y: number): string {
  const color = row.role === "ours" ? COLORS[row.engine ?? "auto"] : COLORS[row.role];
  const opacity = row.variant === "into buffer" ? ' fill-opacity="0.55"' : "";
  const end = x(row.idsPerSecond);
  return [
    `<text x="${LABEL_END}" y="${y + 11}" text-anchor="end">${escape(row.label)}</text>`,
    `<rect x="${BAR_START}" y="${y + 2}" width="${(end - BAR_START).toFixed(1)}" height="${ROW - 4}" fill="${color}"${opacity}/>`,
    `<text x="${(end + 4).toFixed(1)}" y="${y + 11}">${rate(row.idsPerSecond)}</text>`,
  ].join("");
}

const body: string[] = [];
let y = TOP;
for (const group of groups) {
  body.push(`<text x="8" y="${y + 17}" font-weight="bold">${escape(group.title)}</text>`);
  y += GROUP_HEAD;
  for (const row of group.rows) {
    body.push(bar(row, y));
    y += ROW;
  }
}
const height = y + 16;

const axis: string[] = [];
for (let decade = MIN_DECADE; decade <= MAX_DECADE; decade++) {
  const at = x(10 ** decade).toFixed(1);
  axis.push(`<line x1="${at}" y1="${TOP - 8}" x2="${at}" y2="${height - 12}" stroke="#e5e7eb"/>`);
  const label = decade < 6 ? `${10 ** (decade - 3)}k` : decade < 9 ? `${10 ** (decade - 6)}M` : `${10 ** (decade - 9)}G`;
  axis.push(`<text x="${at}" y="${TOP - 12}" text-anchor="middle" fill="#6b7280">${label}</text>`);
}

const m = results.machine;
const legend = [
  ["ulid-wasm auto", COLORS.auto],
  ["js engine", COLORS.js],
  ["wasm engine", COLORS.wasm],
  ["peer", COLORS.peer],
  ["reference (not a ULID library)", COLORS.reference],
]
  .map(([name, color], i) => `<rect x="${8 + i * 170}" y="34" width="10" height="10" fill="${color}"/><text x="${22 + i * 170}" y="43">${name}</text>`)
  .join("");

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="system-ui, sans-serif" font-size="11">
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="8" y="18" font-size="14" font-weight="bold">ulid-wasm benchmarks: IDs per second, log scale (paler bar: into a caller's buffer)</text>
<text x="8" y="30" fill="#374151">${escape(`${runtimeOf(m)}, ${m.cpu}, ${m.cores} cores, ${m.os}, ${results.date.slice(0, 10)}; single IDs over ${results.singleIds} IDs, bulk over ${results.bulkIds.toLocaleString("en-US")}`)}</text>
${legend}
${axis.join("\n")}
${body.join("\n")}
</svg>
`;
writeFileSync(new URL(output, RESULTS), svg);
console.log(`wrote bench/results/${output} (${groups.length} groups)`);

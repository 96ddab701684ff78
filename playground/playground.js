// The playground: inspects a log (inspector.js), decodes pasted IDs of every format the package has (and the IDs
// found in pasted text), and mints a batch on each engine with timings. Plain browser JavaScript over the built package (dist/), so it shows exactly
// what an app gets; the formats are the registry's, so a format added to the package shows here as it is.
import * as lib from "../dist/index.js";
import { LONGEST_ID, lengthOf, titleOf } from "./format-titles.js";
import { Inspector, scannableFormats } from "./inspector.js";

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * What the decoder shows of an ID besides its time, for the formats with more to say than their bytes and integer
 * (which every format shows): label, value pairs.
 */
const EXTRA_FIELDS = {
  ulid(id) {
    const { ulid, uuid } = lib.parse(id);
    return [
      ["canonical", ulid],
      ["UUID", uuid],
    ];
  },
  flake(id) {
    // The layout is not in the text: show both readings (default epoch 2024-01-01).
    const scalable = lib.flake.fields(id, { scalable: true });
    return [
      ["random", String(lib.flake.fields(id).random)],
      ["scalable: random, sid", `${scalable.random}, ${scalable.sid}`],
    ];
  },
  baseuid: (id) => [
    ["Unix ns", String(lib.baseuid.decodeTimeNs(id))],
    ["UUIDv8", lib.baseuid.toUUID(id)],
  ],
  uuidv7: (id) => [["as ULID", lib.uuidv7.toULID(id)]],
  ksuid(id) {
    const bytes = lib.ksuid.decode(id);
    return [
      ["timestamp", String(new DataView(bytes.buffer).getUint32(0))],
      ["payload", hex(bytes.subarray(4))],
    ];
  },
  typeid(id) {
    const { prefix, uuid } = lib.typeid.parse(id);
    return [
      ["prefix", prefix === "" ? "none" : prefix],
      ["UUID", uuid],
    ];
  },
  snowflake(id) {
    // The time shown is at Twitter's epoch, the default; Discord's is another reading of the same bits.
    const value = lib.snowflake.toBigInt(id);
    const discordMs = lib.snowflake.decodeTime(id, { epoch: "discord" });
    return [
      ["worker, sequence", `${(value >> 12n) & 1023n}, ${value & 4095n}`],
      ["at Discord's epoch", `${new Date(discordMs).toISOString()} (${discordMs})`],
    ];
  },
};

/** What minting passes to a format's encoder (TypeID's prefix). */
const WRITE_OPTIONS = { typeid: { prefix: "user" } };

/** Every format of the registry (formats.ulid is ULID's namespace), in its order. */
const FORMATS = Object.entries(lib.formats).map(([key, api]) => ({ key, title: titleOf(key), api }));
/** The formats found in text, by title. */
const SCANNABLE = scannableFormats().map(titleOf).join(", ");

/** Examples of each format (the vectors of docs/formats.md), and one that every decoder refuses. */
const SAMPLES = [
  lib.ulid(),
  "01arYZ6S41oooooooooooooooo",
  "00EZJCRCB4650",
  "ANjssJkyfa3H00J9ZPJG",
  "017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
  "0ujtsYcgvSTl8PAuAdqWYSMnLOv",
  "prefix_01h455vb4pex5vsknk084sn02q",
  "507c7f79bcf86cd7994f6c0e",
  "9m4e2mr0ui3e8a215n4g",
  "01226N0640J7Q",
  "175928847299117063",
  "80000000000000000000000000",
];

function cell(row, text, className) {
  const td = row.insertCell();
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

/** The fault a format's decoder finds in `id` as text for a cell. */
const faultText = (error) => `${error.code}${error.index === undefined ? "" : ` at ${error.index}`}: ${error.message}`;

/**
 * Lines the decoder reads at most, and readings it shows at most: it runs as one types, and a whole log belongs in
 * the inspector above, which scans it in a worker.
 */
const MAX_LINES = 500;
const MAX_READINGS = 1000;
/** Quiet time after the last keystroke before the decoder runs again. */
const DECODE_DELAY_MS = 150;

/**
 * The readings of `id`: one per format that reads it (its title, time and fields), and the faults the others find
 * in it for more than its length.
 */
function readingsOf(id) {
  const read = [];
  const faults = [];
  for (const { key, title, api } of FORMATS) {
    let time;
    try {
      time = api.decodeTime(id);
    } catch (error) {
      if (!(error instanceof lib.UlidError)) throw error;
      if (error.code !== "INVALID_LENGTH") faults.push([title, error]);
      continue;
    }
    const bytes = api.decode(id);
    const fields = [["bytes", hex(bytes)], ["integer", String(api.toBigInt(id))], ...(EXTRA_FIELDS[key]?.(id) ?? [])];
    read.push({ title, time, fields });
  }
  return { read, faults };
}

function addReading(tbody, id, { title, time, fields }) {
  const row = tbody.insertRow();
  cell(row, id);
  cell(row, title);
  cell(row, `${new Date(time).toISOString()} (${time})`);
  cell(row, fields.map(([label, value]) => `${label}: ${value}`).join("\n")).style.whiteSpace = "pre-line";
}

function addProblem(tbody, input, title, text) {
  const row = tbody.insertRow();
  cell(row, input);
  cell(row, title);
  cell(row, text, "error").colSpan = 2;
}

/** What an ID may be made of, in every format: letters, digits, TypeID's "_" and a UUID's "-". */
const ID_CHARACTERS = /^[0-9A-Za-z_-]+$/;

/**
 * Table rows for one pasted line; returns how many IDs it read. A line that is one ID is read as every format that
 * reads it. A line of one word of ID characters that no format reads was meant as one: it gets the faults the
 * formats find in it, or a row saying that no format has its length. In other text (a log line, a quoted ID), the
 * IDs `scanText` finds are read (the formats it can tell from words); text without any gets a row saying so.
 */
function decodeLine(tbody, line) {
  const whole = line.length <= LONGEST_ID && !/\s/.test(line) ? readingsOf(line) : { read: [], faults: [] };
  for (const reading of whole.read) addReading(tbody, line, reading);
  if (whole.read.length > 0) return 1;
  const oneWord = line.length <= LONGEST_ID && ID_CHARACTERS.test(line);
  if (oneWord) {
    for (const [title, error] of whole.faults) addProblem(tbody, line, title, faultText(error));
    if (whole.faults.length > 0) return 0;
    const lengths = FORMATS.map(({ key, title, api }) => `${title} ${lengthOf(key, api.chars)}`).join(", ");
    addProblem(tbody, line, "?", `no format has ${line.length} characters (${lengths})`);
    return 0;
  }
  const found = lib.scanText(line, { format: "all" });
  let read = 0;
  for (const { id } of found) {
    if (tbody.rows.length >= MAX_READINGS) break;
    for (const reading of readingsOf(id).read) addReading(tbody, id, reading);
    read++;
  }
  if (found.length > 0) return read;
  addProblem(tbody, line, "?", `no ID found in this text (in text, ${SCANNABLE} are found; paste others one per line)`);
  return 0;
}

/**
 * The first `most` lines of `text` that hold more than white space, trimmed, and how many such lines it has: read
 * a line at a time, so a pasted log of megabytes is not split into an array of all its lines.
 */
function firstLines(text, most) {
  const lines = [];
  let count = 0;
  for (let start = 0; start <= text.length; ) {
    const end = text.indexOf("\n", start);
    const line = text.slice(start, end < 0 ? text.length : end);
    if (/\S/.test(line)) {
      if (count < most) lines.push(line.trim());
      count++;
    }
    if (end < 0) break;
    start = end + 1;
  }
  return { lines, count };
}

/** Decodes the pasted lines, the first MAX_LINES of them, and says what it read. */
function decodeAll() {
  const tbody = document.querySelector("#decoded tbody");
  tbody.replaceChildren();
  const { lines, count: lineCount } = firstLines(document.querySelector("#ids").value, MAX_LINES);
  let ids = 0;
  let decoded = 0;
  for (const line of lines) {
    if (tbody.rows.length >= MAX_READINGS) break;
    ids += decodeLine(tbody, line);
    decoded++;
  }
  const count = (n, what) => `${n.toLocaleString("en-US")} ${what}${n === 1 ? "" : "s"}`;
  const full = tbody.rows.length >= MAX_READINGS ? `, the first ${MAX_READINGS.toLocaleString("en-US")} readings shown` : "";
  const cut = decoded < lineCount ? `: the first ${count(decoded, "line")} of ${lineCount.toLocaleString("en-US")}` : "";
  const more = full || cut ? " (for a whole log, inspect it above)" : "";
  document.querySelector("#decode-status").textContent = `${count(ids, "ID")} read in ${count(decoded, "line")}${cut}${full}${more}.`;
}

/** Milliseconds that `work` takes, and its result. */
function timed(work) {
  const start = performance.now();
  const result = work();
  return [performance.now() - start, result];
}

/** Mints `count` IDs of `format` on each engine: generate, encode to strings, decode back; one row per engine. */
function mint(format, count) {
  const tbody = document.querySelector("#timings tbody");
  tbody.replaceChildren();
  for (const kind of ["wasm", "js"]) {
    const row = tbody.insertRow();
    try {
      lib.setBackend(kind);
      const { simd } = lib.getBackend();
      const [generate, bytes] = timed(() => format.api.generateMany(count));
      const [encode, ids] = timed(() => format.api.encodeMany(bytes, WRITE_OPTIONS[format.key]));
      const [decode, decoded] = timed(() => format.api.decodeMany(ids));
      if (hex(decoded.subarray(0, 64)) !== hex(bytes.subarray(0, 64))) throw new Error("round trip differs");
      cell(row, kind + (simd ? " (SIMD)" : ""));
      for (const ms of [generate, encode, decode]) cell(row, `${ms.toFixed(1)} ms`, "number");
      cell(row, ids[0]);
      cell(row, ids[count - 1]);
    } catch (error) {
      cell(row, kind);
      cell(row, `${error.code ?? "error"}: ${error.message}`, "error").colSpan = 5;
    } finally {
      lib.setBackend("auto");
    }
  }
}

function start() {
  const { kind, simd } = lib.getBackend();
  document.querySelector("#engine").textContent = `${kind}${simd ? " (SIMD)" : ""}`;

  document.querySelector("#decodable").textContent = FORMATS.map((format) => format.title).join(", ");
  document.querySelector("#scannable").textContent = SCANNABLE;
  new Inspector();

  const ids = document.querySelector("#ids");
  ids.value = SAMPLES.join("\n");
  let pending;
  ids.addEventListener("input", () => {
    clearTimeout(pending);
    pending = setTimeout(decodeAll, DECODE_DELAY_MS);
  });
  decodeAll();

  const select = document.querySelector("#format");
  for (const [index, format] of FORMATS.entries()) select.add(new Option(format.title, String(index)));
  document.querySelector("#mint").addEventListener("submit", (event) => {
    event.preventDefault();
    const count = Number(document.querySelector("#count").value);
    const button = event.target.querySelector("button");
    button.disabled = true;
    // Let the browser paint the disabled button before the (synchronous) work starts.
    setTimeout(() => {
      mint(FORMATS[Number(select.value)], count);
      button.disabled = false;
    });
  });
}

start();

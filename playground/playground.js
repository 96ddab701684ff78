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
 * The readings of `id` as the formats listed in `keys` (every format when omitted): one per format that reads it
 * (its title, time and fields), and the faults the others find in it for more than its length.
 */
function readingsOf(id, keys) {
  const read = [];
  const faults = [];
  for (const { key, title, api } of FORMATS) {
    if (keys !== undefined && !keys.includes(key)) continue;
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

/** The decoder's table: a row per reading or problem, MAX_READINGS at most; `cut` once a row was left out. */
class DecodedRows {
  constructor(tbody) {
    this.tbody = tbody;
    this.cut = false;
    tbody.replaceChildren();
  }

  /** Whether the table has room for another row; once it has none, a row is being left out (`cut`). */
  hasRoom() {
    if (this.tbody.rows.length < MAX_READINGS) return true;
    this.cut = true;
    return false;
  }

  /** A row of cells; null, the table being full. */
  row(...texts) {
    if (!this.hasRoom()) return null;
    const row = this.tbody.insertRow();
    for (const text of texts) cell(row, text);
    return row;
  }

  reading(id, { title, time, fields }) {
    const row = this.row(id, title, `${new Date(time).toISOString()} (${time})`, fields.map(([label, value]) => `${label}: ${value}`).join("\n"));
    if (row) row.cells[3].style.whiteSpace = "pre-line";
  }

  problem(input, title, text) {
    const row = this.row(input, title);
    if (!row) return;
    const message = cell(row, text, "error");
    message.colSpan = 2;
  }
}

/** What an ID may be made of, in every format: letters, digits, TypeID's "_" and a UUID's "-". */
const ID_CHARACTERS = /^[0-9A-Za-z_-]+$/;

/**
 * Rows for one pasted line; returns how many IDs it read. A line that is one ID is read as every format that reads
 * it. A word of ID characters that no format reads was likely meant as one: it gets the faults the formats of its
 * length find in it, or a row saying that no format has its length, and then the IDs found in it, if any
 * (`order-01ARZ3NDEKTSV4RRFFQ69G5FAV`). In other text (a log line, a quoted ID) the IDs `scanText` finds are read,
 * each as the format it was found as; text without any gets a row saying so.
 */
function decodeLine(rows, line) {
  const word = ID_CHARACTERS.test(line);
  const whole = word && line.length <= LONGEST_ID ? readingsOf(line) : { read: [], faults: [] };
  for (const reading of whole.read) rows.reading(line, reading);
  if (whole.read.length > 0) return 1;
  if (word) {
    for (const [title, error] of whole.faults) rows.problem(line, title, faultText(error));
    if (whole.faults.length === 0) {
      const lengths = FORMATS.map(({ key, title, api }) => `${title} ${lengthOf(key, api.chars)}`).join(", ");
      rows.problem(line, "?", `no format has ${line.length.toLocaleString("en-US")} characters (${lengths})`);
    }
  }
  let read = 0;
  for (const { id, format } of lib.scanText(line, { format: "all" })) {
    if (!rows.hasRoom()) break;
    for (const reading of readingsOf(id, [format]).read) rows.reading(id, reading);
    read++;
  }
  if (read === 0 && !word) rows.problem(line, "?", `no ID found in this text (in text, ${SCANNABLE} are found; paste others one per line)`);
  return read;
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
  const rows = new DecodedRows(document.querySelector("#decoded tbody"));
  const { lines, count: lineCount } = firstLines(document.querySelector("#ids").value, MAX_LINES);
  let ids = 0;
  let decoded = 0;
  for (const line of lines) {
    if (!rows.hasRoom()) break;
    ids += decodeLine(rows, line);
    decoded++;
  }
  const number = (n) => n.toLocaleString("en-US");
  const plural = (n, what) => `${what}${n === 1 ? "" : "s"}`;
  const linesRead = decoded < lineCount ? `${number(decoded)} of ${number(lineCount)} lines` : `${number(decoded)} ${plural(decoded, "line")}`;
  const shown = rows.cut ? `, the first ${number(MAX_READINGS)} readings shown` : "";
  const more = decoded < lineCount || rows.cut ? " (for a whole log, inspect it above)" : "";
  document.querySelector("#decode-status").textContent = `${number(ids)} ${plural(ids, "ID")} read in ${linesRead}${shown}${more}.`;
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

// The playground: inspects a log (inspector.js), decodes pasted IDs of every format the package has, and mints a
// batch on each engine with timings. Plain browser JavaScript over the built package (dist/), so it shows exactly
// what an app gets; the formats are the registry's, so a format added to the package shows here as it is.
import * as lib from "../dist/index.js";
import { Inspector, scannableFormats } from "./inspector.js";

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** How the page names a format of the registry; a format without a name here shows under its key. */
const TITLES = {
  ulid: "ULID",
  flake: "Ulid-Flake",
  baseuid: "BaseUID",
  uuidv7: "UUID v7",
  ksuid: "KSUID",
  typeid: "TypeID",
  objectid: "ObjectId",
  xid: "XID",
  tsid: "TSID",
  snowflake: "Snowflake",
};
const titleOf = (key) => TITLES[key] ?? key;

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
      ["prefix", prefix],
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
 * Table rows for one pasted ID: one per format that reads it (its time and fields); if none does, one per format
 * whose decoder faults it for more than its length, or a row saying that no format has its length.
 */
function decodeRows(tbody, id) {
  const faults = [];
  let read = 0;
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
    const row = tbody.insertRow();
    cell(row, id);
    cell(row, title);
    cell(row, `${new Date(time).toISOString()} (${time})`);
    cell(row, fields.map(([label, value]) => `${label}: ${value}`).join("\n")).style.whiteSpace = "pre-line";
    read++;
  }
  if (read > 0) return;
  for (const [title, error] of faults) {
    const row = tbody.insertRow();
    cell(row, id);
    cell(row, title);
    cell(row, faultText(error), "error").colSpan = 2;
  }
  if (faults.length > 0) return;
  const row = tbody.insertRow();
  cell(row, id);
  cell(row, "?");
  const lengths = FORMATS.map(({ title, api }) => `${title} ${api.chars}`).join(", ");
  cell(row, `no format has ${id.length} characters (${lengths})`, "error").colSpan = 2;
}

function decodeAll() {
  const tbody = document.querySelector("#decoded tbody");
  tbody.replaceChildren();
  for (const line of document.querySelector("#ids").value.split("\n")) {
    const id = line.trim();
    if (id) decodeRows(tbody, id);
  }
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
  document.querySelector("#scannable").textContent = scannableFormats().map(titleOf).join(", ");
  new Inspector();

  const ids = document.querySelector("#ids");
  ids.value = SAMPLES.join("\n");
  ids.addEventListener("input", decodeAll);
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

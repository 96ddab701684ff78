// The playground: decodes pasted IDs of every format the package has, and mints a batch on each engine with
// timings. Plain browser JavaScript over the built package (dist/), so it shows exactly what an app gets.
import * as lib from "../dist/index.js";

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * Every format of the API. IDs are told apart by their length, which differs between formats, and a TypeID by the
 * underscore before its 26-character suffix (`matches`); `fields` lists what to show of one (label, value) besides
 * its time. `api` is the format's namespace (for ULID, the top-level functions of the same names); `writeOptions`
 * what minting passes to its encoder (TypeID's prefix).
 */
const FORMATS = [
  {
    name: "ULID",
    chars: 26,
    api: lib,
    fields(id) {
      const { ulid, random, uuid } = lib.parse(id);
      return [
        ["canonical", ulid],
        ["random", hex(random)],
        ["UUID", uuid],
      ];
    },
  },
  {
    name: "Ulid-Flake",
    chars: 13,
    api: lib.flake,
    fields(id) {
      // The layout is not in the text: show both readings (default epoch 2024-01-01).
      const scalable = lib.flake.fields(id, { scalable: true });
      return [
        ["integer", String(lib.flake.toBigInt(id))],
        ["random", String(lib.flake.fields(id).random)],
        ["scalable: random, sid", `${scalable.random}, ${scalable.sid}`],
      ];
    },
  },
  {
    name: "BaseUID",
    chars: 20,
    api: lib.baseuid,
    fields(id) {
      return [
        ["Unix ns", String(lib.baseuid.decodeTimeNs(id))],
        ["random", hex(lib.baseuid.decode(id).subarray(6))],
        ["UUIDv8", lib.baseuid.toUUID(id)],
      ];
    },
  },
  {
    name: "UUID v7",
    chars: 36,
    api: lib.uuidv7,
    fields(id) {
      return [
        ["bytes", hex(lib.uuidv7.decode(id))],
        ["as ULID", lib.uuidv7.toULID(id)],
      ];
    },
  },
  {
    name: "KSUID",
    chars: 27,
    api: lib.ksuid,
    fields(id) {
      const bytes = lib.ksuid.decode(id);
      return [
        ["timestamp", String(new DataView(bytes.buffer).getUint32(0))],
        ["payload", hex(bytes.subarray(4))],
      ];
    },
  },
  {
    name: "TypeID",
    chars: "prefix_ + 26",
    matches: (id) => id.length > 27 && id[id.length - 27] === "_",
    api: lib.typeid,
    writeOptions: { prefix: "user" },
    fields(id) {
      const { prefix, uuid } = lib.typeid.parse(id);
      return [
        ["prefix", prefix],
        ["UUID", uuid],
      ];
    },
  },
];

/** The format of a pasted ID, or undefined. */
const formatOf = (id) => FORMATS.find((f) => (f.matches ? f.matches(id) : f.chars === id.length));

/** Examples of each format (the vectors of docs/formats.md), and one that every decoder refuses. */
const SAMPLES = [
  lib.ulid(),
  "01arYZ6S41oooooooooooooooo",
  "00EZJCRCB4650",
  "ANjssJkyfa3H00J9ZPJG",
  "017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
  "0ujtsYcgvSTl8PAuAdqWYSMnLOv",
  "prefix_01h455vb4pex5vsknk084sn02q",
  "80000000000000000000000000",
];

function cell(row, text, className) {
  const td = row.insertCell();
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

/** One table row for one pasted ID: its format, time and fields, or the error the decoder gave. */
function decodeRow(tbody, id) {
  const row = tbody.insertRow();
  cell(row, id);
  const format = formatOf(id);
  if (!format) {
    cell(row, "?");
    cell(
      row,
      `no format has ${id.length} characters (${FORMATS.map((f) => `${f.name} ${f.chars}`).join(", ")})`,
      "error",
    ).colSpan = 2;
    return;
  }
  cell(row, format.name);
  try {
    const ms = format.api.decodeTime(id);
    const fields = format.fields(id);
    cell(row, `${new Date(ms).toISOString()} (${ms})`);
    cell(row, fields.map(([label, value]) => `${label}: ${value}`).join("\n")).style.whiteSpace = "pre-line";
  } catch (error) {
    if (!(error instanceof lib.UlidError)) throw error;
    const where = error.index === undefined ? "" : ` at ${error.index}`;
    cell(row, `${error.code}${where}: ${error.message}`, "error").colSpan = 2;
  }
}

function decodeAll() {
  const tbody = document.querySelector("#decoded tbody");
  tbody.replaceChildren();
  for (const line of document.querySelector("#ids").value.split("\n")) {
    const id = line.trim();
    if (id) decodeRow(tbody, id);
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
      const [encode, ids] = timed(() => format.api.encodeMany(bytes, format.writeOptions));
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

  const ids = document.querySelector("#ids");
  ids.value = SAMPLES.join("\n");
  ids.addEventListener("input", decodeAll);
  decodeAll();

  const select = document.querySelector("#format");
  for (const [index, format] of FORMATS.entries()) select.add(new Option(format.name, String(index)));
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

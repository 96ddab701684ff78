/**
 * The browser inspector's Parquet export (playground/match-parquet.js starts one per export): the selected matches
 * as a Parquet file written by the command's own writer (src/printer/parquet-file.ts) in the command's columns and
 * row groups, so the page's file and `ulid scan --type all --format parquet -o FILE`'s for the same log hold the
 * same rows: file, line, offset (byte), type, id (canonical text), bytes (the binary ID: 16 bytes of a ULID, a UUID
 * v7 or a TypeID's UUID, 12 of an ObjectId or an XID), ts (ms, UTC).
 *
 * The build bundles this file with those printer modules into playground/build/parquet-worker.js, as it does the
 * scan worker; the library stays the package's own build (dist/index.js), imported at run time.
 *
 * Messages: in, one `ExportRequest`; out, `progress` after each row group, then `done` or `failed`.
 */
import { type FormatKey, formats } from "ulid-wasm";
import { columnarFile, GROUP_ROWS, IdRows, idColumnSpecs } from "../src/printer/columnar-file.js";
import { FixedColumn } from "../src/printer/id-columns.js";
import type { MatchColumns } from "./match-columns.js";

export interface ExportRequest {
  /** The scan's matches (the scan worker's MatchColumns). */
  columns: MatchColumns;
  /** The rows to export, in order. */
  rows: Uint32Array;
  /** The log's name: the `file` column. */
  file: string;
}

export type ExportReply =
  | { type: "progress"; rows: number }
  | { type: "done"; parquet: Blob }
  | { type: "failed"; message: string };

/** The Parquet file's `created_by`, the command's: "ulid-wasm 1.2.3" (tsup.config.ts defines it). */
declare const PACKAGE_VERSION: string;

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ExportRequest>) => void) | null;
  postMessage(message: ExportReply): void;
};

const encoder = new TextEncoder();

async function write({ columns, rows, file }: ExportRequest): Promise<Blob> {
  const { names, formats: format, lines, offsets, times, bytes, ends, prefixes, prefixList } = columns;
  const namespaces = names.map((name) => formats[name as FormatKey]);
  const typeNames = names.map((name) => encoder.encode(name));
  const fileName = encoder.encode(file);
  // As the command: one width for the file when every scanned format has it, else variable-length binary.
  const widths = new Set(namespaces.map((namespace) => namespace.bytes));
  const parts: Uint8Array<ArrayBuffer>[] = [];
  // The writer hands over its columns' own buffers, reused for the next row group: each write is copied.
  const out = columnarFile(
    "parquet",
    idColumnSpecs({ width: widths.size === 1 ? namespaces[0]!.bytes : undefined, plainBinary: false, scan: true }),
    async (written) => {
      parts.push(written.slice());
    },
    PACKAGE_VERSION,
  );
  const matches = new IdRows(out);
  await out.begin();
  for (let k = 0; k < rows.length; k++) {
    const row = rows[k]!;
    const f = format[row]!;
    const namespace = namespaces[f]!;
    const start = ends[row]! - namespace.bytes;
    const prefix = prefixList[prefixes[row]!];
    const id = prefix ? namespace.encode(bytes, start, { prefix }) : namespace.encode(bytes, start);
    matches.file!.add(fileName, 0, fileName.length);
    matches.line!.add(lines[row]!);
    matches.offset!.add(offsets[row]!);
    matches.type!.add(typeNames[f]!, 0, typeNames[f]!.length);
    matches.id.begin(id.length).ascii(id);
    matches.id.end();
    if (matches.bytes instanceof FixedColumn) matches.bytes.add(bytes, start);
    else matches.bytes.add(bytes, start, namespace.bytes);
    matches.ts.add(times[row]!);
    if (matches.ts.rows >= GROUP_ROWS) {
      await matches.flush();
      scope.postMessage({ type: "progress", rows: k + 1 });
    }
  }
  await out.finish();
  return new Blob(parts, { type: "application/vnd.apache.parquet" });
}

scope.onmessage = (event) => {
  write(event.data).then(
    (parquet) => scope.postMessage({ type: "done", parquet }),
    (error: unknown) => scope.postMessage({ type: "failed", message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
  );
};

/**
 * `ulid scan --format parquet|arrow`: each match within the time window as a row of a columnar file (its file, line,
 * byte offset, type, canonical text, binary ID and time), written into the columns where the scanner finds it, with
 * no string or object per match.
 */
import { batchEngine, matchFinder, Scanner, VisitingSearch } from "../internal.js";
import { FixedColumn } from "./id-columns.js";
import type { IdRows } from "./columnar-file.js";
import type { ScanTargets } from "./scan-target.js";
import type { TimeWindow } from "./time-window.js";

const encoder = new TextEncoder();

export class ScanRows {
  private fileName = new Uint8Array(0);
  private readonly typeNames: readonly Uint8Array[];
  /** A match's 128 bits as `ScanTarget.key` writes them, and as big-endian bytes. */
  private readonly key = new Uint32Array(4);
  private readonly keyBytes = new Uint8Array(16);
  private readonly keyWords = new DataView(this.keyBytes.buffer);
  /** The scan window of the last match, and a view of it for word reads (a window holds many matches). */
  private window: Uint8Array | undefined;
  private windowWords: DataView = new DataView(new ArrayBuffer(0));

  constructor(
    private readonly rows: IdRows,
    private readonly targets: ScanTargets,
    private readonly times: TimeWindow,
  ) {
    this.typeNames = targets.targets.map((target) => encoder.encode(target.name));
  }

  /** Names the file whose matches come next (its `file` column). */
  file(name: string): void {
    this.fileName = encoder.encode(name);
  }

  /** A scanner of the targets' formats whose matches become rows, its stream starting on `firstLine` at `firstOffset`. */
  scanner(firstLine = 1, firstOffset = 0): Scanner {
    const { formats } = this.targets;
    return new Scanner(formats, new VisitingSearch(matchFinder(batchEngine(), formats), true, this.add), firstLine, firstOffset);
  }

  private readonly add = (window: Uint8Array, at: number, length: number, offset: number, time: number, line: number, format: number): void => {
    if (time < this.times.from || time >= this.times.to) return;
    const rows = this.rows;
    const target = this.targets.targets[format]!;
    rows.file!.add(this.fileName, 0, this.fileName.length);
    rows.line!.add(line);
    rows.offset!.add(offset);
    const type = this.typeNames[format]!;
    rows.type!.add(type, 0, type.length);
    if (window !== this.window) {
      this.window = window;
      this.windowWords = new DataView(window.buffer, window.byteOffset, window.byteLength);
    }
    target.write(rows.id.begin(length), this.windowWords, at, length);
    rows.id.end();
    // The binary ID: the last `width` bytes of the match's 128-bit key (16 of a ULID's, a UUID's, a TypeID's UUID's; 12
    // of an ObjectId's or an XID's).
    target.key(window, at, length, this.key);
    for (let i = 0; i < 4; i++) this.keyWords.setUint32(i * 4, this.key[i]!);
    const width = target.format.bytes;
    if (rows.bytes instanceof FixedColumn) rows.bytes.add(this.keyBytes, 16 - width);
    else rows.bytes.add(this.keyBytes, 16 - width, width);
    rows.ts.add(time);
  };
}

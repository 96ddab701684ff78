/**
 * The lines `ulid scan` prints for its matches, written as bytes: LINE<TAB>ID<TAB>ISO (LINE<TAB>TYPE<TAB>ID<TAB>ISO
 * when more than one type is scanned), or a JSON object {"line", "offset", "type", "id", "time", "iso"}, after the
 * file's name when files are named. It needs nothing but a ByteWriter, so the same formatting can run where
 * the bytes are made (a worker thread formatting its part of a file) and the bytes be written elsewhere.
 */
import { type ByteWriter } from "./byte-writer.js";
import { AsciiBytes } from "./ascii-copy.js";
import { TimeSuffix, jsonTimeSuffix } from "./time-suffix.js";
import type { ScanTargets } from "./scan-target.js";

const encoder = new TextEncoder();
const OFFSET_KEY = new AsciiBytes(',"offset":');
const TAB = new AsciiBytes("\t");

export class ScanLines {
  /** What comes between the line number (JSON: the offset) and the ID, for each type: see `keys`. */
  private readonly typeKeys: AsciiBytes[];
  private readonly suffix: TimeSuffix;
  /** What starts each line: the file's name when named, then (JSON) the line number's key. */
  private lineStart = new Uint8Array(0);
  /**
   * What comes between the line number (JSON: the offset) and the ID, for each type: a tab, the type between tabs
   * (more than one type), or (JSON) the type's and the ID's keys.
   */
  readonly keys: readonly Uint8Array[];
  /** The scan window of the last match, and a view of it for word reads (a window holds many matches). */
  private window: Uint8Array | undefined;
  private windowWords: DataView = new DataView(new ArrayBuffer(0));

  constructor(
    private readonly writer: ByteWriter,
    readonly targets: ScanTargets,
    readonly json: boolean,
  ) {
    this.typeKeys = targets.targets.map(({ name }) => (json ? new AsciiBytes(`,"type":"${name}","id":"`) : targets.several ? new AsciiBytes(`\t${name}\t`) : TAB));
    this.keys = this.typeKeys.map((key) => key.bytes.subarray(0, key.length));
    this.suffix = json ? jsonTimeSuffix() : new TimeSuffix("\t", undefined, "\n");
  }

  /** Starts the lines of a file: named `name` on each line, or not named (undefined). */
  file(name: string | undefined): void {
    const file = name === undefined ? "" : this.json ? `"file":${JSON.stringify(name)},` : `${name}\t`;
    this.lineStart = encoder.encode(this.json ? `{${file}"line":` : file);
  }

  /** What starts each line of the current file. */
  get start(): Uint8Array {
    return this.lineStart;
  }

  /**
   * Writes the line of the match at `window[at]` (`length` bytes): its stream offset, time, line number and type
   * (`format`, an index into the targets).
   */
  write(window: Uint8Array, at: number, length: number, offset: number, time: number, line: number, format: number): void {
    const writer = this.writer;
    writer.bytes(this.lineStart, 0, this.lineStart.length);
    writer.int(line);
    if (this.json) {
      writer.constant(OFFSET_KEY);
      writer.int(offset);
    }
    writer.constant(this.typeKeys[format]!);
    if (window !== this.window) {
      this.window = window;
      this.windowWords = new DataView(window.buffer, window.byteOffset, window.byteLength);
    }
    this.targets.targets[format]!.write(writer, this.windowWords, at, length);
    writer.timeSuffix(this.suffix, time);
  }
}

/**
 * Everything a printed line holds after its ID, built once per time and kept: a line's suffix (its Unix ms, its ISO
 * time, the punctuation around them) depends on its time alone, and IDs come in runs of nearby times.
 */
import { AsciiBytes, SLACK } from "./ascii-copy.js";
import { INT_MAX_BYTES, writeInt } from "./decimal-text.js";
import { ISO_MAX_BYTES, writeIso } from "./iso-time.js";

/** Times whose suffixes a TimeSuffix keeps, in slots chosen by the time's low bits. */
const SUFFIX_SLOTS = 64;

/**
 * Everything a line prints after its ID, for one time: `before`, the Unix ms (when `between` is given), `between`,
 * the ISO time, `after`. A line's suffix depends on its time only, and IDs come in runs of nearby times (a log's
 * minute, a batch's millisecond), so each is built once and then copied whole. The suffixes of SUFFIX_SLOTS
 * times are kept, each in the slot of its time's low 6 bits: a log's decoys (hex etags, long numbers: a time of
 * their own each) then rarely push out the times of the real IDs around them.
 */
export class TimeSuffix {
  /** The suffixes: slot `i` holds `lengths[i]` bytes at `i * slotBytes` (room to read a word past them). */
  readonly words: DataView;
  readonly lengths = new Uint8Array(SUFFIX_SLOTS);
  readonly slotBytes: number;
  /** The most bytes a suffix takes. */
  readonly longest: number;
  /** The time each slot holds the suffix of (NaN: none yet). */
  private readonly times = new Float64Array(SUFFIX_SLOTS).fill(Number.NaN);
  private readonly slots: Uint8Array;
  private readonly before: AsciiBytes;
  private readonly between: AsciiBytes | undefined;
  private readonly after: AsciiBytes;

  constructor(before: string, between: string | undefined, after: string) {
    this.before = new AsciiBytes(before);
    this.between = between === undefined ? undefined : new AsciiBytes(between);
    this.after = new AsciiBytes(after);
    this.longest = before.length + (between === undefined ? 0 : INT_MAX_BYTES + between.length) + ISO_MAX_BYTES + after.length;
    this.slotBytes = Math.ceil((this.longest + SLACK) / 8) * 8;
    this.slots = new Uint8Array(SUFFIX_SLOTS * this.slotBytes);
    this.words = new DataView(this.slots.buffer);
  }

  /** The slot that holds the suffix of `ms` (an integer), built now if it does not yet. */
  slotOf(ms: number): number {
    // `&` takes an integer's low 32 bits, in two's complement for a negative one.
    const slot = ms & (SUFFIX_SLOTS - 1);
    if (this.times[slot] !== ms) this.build(ms, slot);
    return slot;
  }

  /** Writes the suffix of `ms` (an integer) from `into[0]` (room for `longest` bytes); returns its length. */
  write(ms: number, into: Uint8Array): number {
    into.set(this.before.bytes.subarray(0, this.before.length));
    let end = this.before.length;
    if (this.between) {
      end = writeInt(into, end, ms);
      into.set(this.between.bytes.subarray(0, this.between.length), end);
      end += this.between.length;
    }
    end = writeIso(into, end, ms);
    into.set(this.after.bytes.subarray(0, this.after.length), end);
    return end + this.after.length;
  }

  private build(ms: number, slot: number): void {
    this.lengths[slot] = this.write(ms, this.slots.subarray(slot * this.slotBytes));
    this.times[slot] = ms;
  }
}

/** The end of a JSON line after its ID's value: `","time":<Unix ms>,"iso":"<ISO>"}` and a newline. */
export function jsonTimeSuffix(): TimeSuffix {
  return new TimeSuffix('","time":', ',"iso":"', '"}\n');
}

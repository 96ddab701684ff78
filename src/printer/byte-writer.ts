/**
 * The output of one chunk, built as bytes in place: lines made of ASCII fields (IDs, numbers, ISO times) cost
 * far less this way than as strings joined and then encoded. The buffer is reused from chunk to chunk, so memory
 * stays flat, and what it holds is plain bytes: a worker thread can format its part of the output with one and
 * hand the bytes over (`view`).
 *
 * The hot path of a line is two copies: the ID's characters, and a time suffix (`TimeSuffix`: everything a line
 * prints after its ID depends on the ID's time only, so it is built once per time and kept). Both copy
 * 8 bytes per step (`copyAscii`): JavaScript pays per element stored, not per byte, so 8-byte steps take a
 * fraction of a byte loop's time on a line.
 */
/** Initial size; it doubles when a chunk's output needs more. */
const INITIAL_BYTES = 1 << 16;
/** Room kept after the last byte written: a word step may store up to 7 bytes past the end of what it copies. */
const SLACK = 8;
const ZERO = 0x30;
const MINUS = 0x2d;
const PLUS = 0x2b;
const COLON = 0x3a;
const DOT = 0x2e;
const MS_PER_DAY = 86_400_000;
/** "00", "01", ... "99" as bytes. */
const DIGIT_PAIRS = Uint8Array.from({ length: 200 }, (_, i) => ZERO + (i & 1 ? (i >> 1) % 10 : Math.floor((i >> 1) / 10)));
/** The longest ISO text: "+275760-09-13T00:00:00.000Z". */
const ISO_MAX_BYTES = 27;
const BILLION = 1e9;
/**
 * Shortest run of lines of one time that `idLines` copies whole: below it, the calls of the doubling copies cost
 * more than writing each line (a line is ~10 word stores).
 */
const COPIED_RUN = 8;

/** Text known to be ASCII, as bytes padded with zeros to whole 8-byte words (see `copyAscii`). */
export class AsciiBytes {
  readonly bytes: Uint8Array;
  readonly words: DataView;
  readonly length: number;

  constructor(text: string) {
    this.length = text.length;
    this.bytes = new Uint8Array(Math.ceil(text.length / 8) * 8);
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x80) throw new Error(`not ASCII: ${JSON.stringify(text)}`);
      this.bytes[i] = code;
    }
    this.words = new DataView(this.bytes.buffer);
  }
}

/**
 * Copies `count` bytes of ASCII text (every byte below 0x80) from `source[from]` to `target[to]` 8 bytes at a
 * time, through float64 loads and stores: a double is a NaN (whose bits an engine may change) only when its 11
 * exponent bits are all ones, which needs a byte of 0xF0 or more, never ASCII, so the bits arrive as they left.
 * The last step may store up to 7 bytes past `to + count` (bytes read at and past `from + count`): the target
 * needs SLACK bytes of room, the source must hold them (or the copy ends with single bytes: `exact`).
 */
function copyAscii(target: DataView, to: number, source: DataView, from: number, count: number, exact: boolean): void {
  let i = 0;
  const words = exact ? count - 7 : count;
  // Little-endian both ways: the bytes' own order on the machines Node runs on, so no byte swapping.
  for (; i < words; i += 8) target.setFloat64(to + i, source.getFloat64(from + i, true), true);
  if (i >= count) return;
  // The last 1-7 bytes, exactly: 4, 2 and 1 at a time (a byte loop cost more than the whole word copy of an ID). Int32,
  // not Uint32: its values are always small integers to the engine, never boxed numbers.
  if (i + 4 <= count) {
    target.setInt32(to + i, source.getInt32(from + i, true), true);
    i += 4;
  }
  if (i + 2 <= count) {
    target.setUint16(to + i, source.getUint16(from + i, true), true);
    i += 2;
  }
  if (i < count) target.setUint8(to + i, source.getUint8(from + i));
}

export class ByteWriter {
  private buffer = new Uint8Array(INITIAL_BYTES);
  private words = new DataView(this.buffer.buffer);
  private length = 0;
  /** Bytes from the start written out already (`writeOut`). */
  private sent = 0;

  /** ASCII text (every char below 0x80): for text made once per run or per file, not per line. */
  ascii(text: string): void {
    this.reserve(text.length);
    for (let i = 0; i < text.length; i++) this.buffer[this.length++] = text.charCodeAt(i);
  }

  /** Text made once (a field's name, punctuation), copied a word at a time. */
  constant(text: AsciiBytes): void {
    this.reserve(text.length);
    copyAscii(this.words, this.length, text.words, 0, text.length, false);
    this.length += text.length;
  }

  /** `count` bytes of `source` from `at`, as they are (any bytes: a file name). */
  bytes(source: Uint8Array, at: number, count: number): void {
    this.reserve(count);
    for (let i = 0; i < count; i++) this.buffer[this.length++] = source[at + i]!;
  }

  /** All of `source`, as it is, in one native copy (a block of finished lines). */
  append(source: Uint8Array): void {
    this.reserve(source.length);
    this.buffer.set(source, this.length);
    this.length += source.length;
  }

  /**
   * `count` bytes of ASCII text at `source[at]` (`source` a view of the same bytes as `bytes`), such as the
   * canonical IDs the encoder writes: copied a word at a time.
   */
  asciiText(source: DataView, at: number, count: number): void {
    this.reserve(count);
    copyAscii(this.words, this.length, source, at, count, true);
    this.length += count;
  }

  /**
   * The `count` characters of an ID found at `source[at]` (ASCII letters, digits and hyphens only, as the scanner
   * finds them), made canonical: letters lowered (`lower`, UUIDs) or raised (ULIDs), 4 bytes per step.
   */
  id(source: DataView, at: number, count: number, lower: boolean): void {
    this.reserve(count);
    const target = this.words;
    const to = this.length - at;
    let i = at;
    if (lower) {
      // Every letter, digit and hyphen has bit 0x20 set in lower case or has it already. (Both ways little-endian:
      // the bytes' own order, no byte swapping; each byte is worked out on its own, so the order does not matter.)
      for (; i + 4 <= at + count; i += 4) target.setUint32(to + i, source.getUint32(i, true) | 0x20202020, true);
      for (; i < at + count; i++) target.setUint8(to + i, source.getUint8(i) | 0x20);
    } else {
      // A byte of 0x61 ("a") or more is a lower-case letter; adding 0x1F sets its top bit (without a carry into
      // the next byte: none is above 0x7A), which shifted down 2 is the 0x20 that lowers it.
      for (; i + 4 <= at + count; i += 4) {
        const word = source.getUint32(i, true);
        target.setUint32(to + i, word ^ (((word + 0x1f1f1f1f) & 0x80808080) >>> 2), true);
      }
      for (; i < at + count; i++) {
        const byte = source.getUint8(i);
        target.setUint8(to + i, byte >= 0x61 ? byte - 0x20 : byte);
      }
    }
    this.length += count;
  }

  /** An integer (|value| up to 2^53) in decimal, as `String(value)` writes it. */
  int(value: number): void {
    if (value < 0) {
      this.reserve(1);
      this.buffer[this.length++] = MINUS;
      this.int(-value);
    } else if (value >= BILLION) {
      // Above 2^31 the digits are cut in two, so each half is done in fast 32-bit integer arithmetic.
      const high = Math.floor(value / BILLION);
      this.int(high);
      this.digits(value - high * BILLION, 9);
    } else {
      this.digits(value, decimalDigits(value));
    }
  }

  /** The last `count` decimal digits of `value` (below 2^31), zero-padded. */
  private digits(value: number, count: number): void {
    this.reserve(count);
    const buffer = this.buffer;
    let rest = value;
    let i = this.length + count - 1;
    // Two digits per division, from a table of "00".."99".
    for (; i > this.length; i -= 2) {
      const hundredth = (rest / 100) | 0;
      const pair = 2 * (rest - 100 * hundredth);
      buffer[i] = DIGIT_PAIRS[pair + 1]!;
      buffer[i - 1] = DIGIT_PAIRS[pair]!;
      rest = hundredth;
    }
    if (i === this.length) buffer[i] = ZERO + (rest % 10);
    this.length += count;
  }

  /**
   * Unix ms as ISO-8601, as `Date.toISOString` writes it: years 0 to 9999 in 4 digits, others signed in 6
   * ("+010889-08-02T05:31:50.655Z"). Worked out with integer arithmetic, no Date: a log's times jump about (each
   * implausible match has its own), and a Date and its string per distinct second cost far more.
   */
  iso(ms: number): void {
    const days = Math.floor(ms / MS_PER_DAY);
    let rest = ms - days * MS_PER_DAY;
    // The proleptic Gregorian date of a day number: Howard Hinnant's civil_from_days, over 400-year eras of
    // 146097 days counted from 0000-03-01 (719468 days before 1970-01-01), so the leap day ends each year.
    const shifted = days + 719_468;
    const era = Math.floor(shifted / 146_097);
    const dayOfEra = shifted - era * 146_097;
    const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
    const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
    const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
    const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
    const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
    const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
    this.reserve(ISO_MAX_BYTES);
    if (year >= 0 && year <= 9999) {
      this.digits(year, 4);
    } else {
      this.buffer[this.length++] = year < 0 ? MINUS : PLUS;
      this.digits(Math.abs(year), 6);
    }
    const hours = Math.floor(rest / 3_600_000);
    rest -= hours * 3_600_000;
    const minutes = Math.floor(rest / 60_000);
    rest -= minutes * 60_000;
    const seconds = Math.floor(rest / 1000);
    this.pair(MINUS, month);
    this.pair(MINUS, day);
    this.pair(0x54, hours); // "T"
    this.pair(COLON, minutes);
    this.pair(COLON, seconds);
    this.buffer[this.length++] = DOT;
    this.digits(rest - seconds * 1000, 3);
    this.buffer[this.length++] = 0x5a; // "Z"
  }

  /** `separator`, then `value` (0-99) in two digits (room reserved by the caller). */
  private pair(separator: number, value: number): void {
    const buffer = this.buffer;
    const tens = (value / 10) | 0;
    buffer[this.length] = separator;
    buffer[this.length + 1] = ZERO + tens;
    buffer[this.length + 2] = ZERO + value - 10 * tens;
    this.length += 3;
  }

  /** What `suffix` prints for time `ms` (see `TimeSuffix`). */
  timeSuffix(suffix: TimeSuffix, ms: number): void {
    const slot = suffix.slotOf(ms);
    const length = suffix.lengths[slot]!;
    this.reserve(length);
    copyAscii(this.words, this.length, suffix.words, slot * suffix.slotBytes, length, false);
    this.length += length;
  }

  /**
   * One line per ID of a batch: `start`, the ID's `chars` characters (text record `i` is the `record` bytes at
   * `text[record * i]`), then what `suffix` prints for its time, `times[i]`. A run of lines of one time (IDs made
   * in one millisecond: tens of thousands from `ulid generate`) is written once, copied whole by doubling native
   * copies (`copyWithin`), and only each copy's ID put in: a fraction of the CPU time of writing each line whole
   * (bench/cli.mjs --pipeline).
   */
  idLines(start: AsciiBytes, text: DataView, record: number, chars: number, times: Float64Array, count: number, suffix: TimeSuffix): void {
    for (let i = 0; i < count; ) {
      const time = times[i]!;
      let end = i + 1;
      while (end < count && times[end] === time) end++;
      const first = this.length;
      this.idLine(start, text, record * i, chars, suffix, time);
      if (end - i < COPIED_RUN) {
        for (let k = i + 1; k < end; k++) this.idLine(start, text, record * k, chars, suffix, time);
      } else {
        const line = this.length - first;
        const total = line * (end - i);
        this.reserve(total - line);
        for (let done = line; done < total; done *= 2) this.buffer.copyWithin(first + done, first, first + Math.min(done, total - done));
        const words = this.words;
        for (let to = first + line + start.length, from = record * (i + 1), last = record * end; from < last; to += line, from += record) {
          copyAscii(words, to, text, from, chars, true);
        }
        this.length = first + total;
      }
      i = end;
    }
  }

  private idLine(start: AsciiBytes, text: DataView, at: number, chars: number, suffix: TimeSuffix, time: number): void {
    this.constant(start);
    this.asciiText(text, at, chars);
    this.timeSuffix(suffix, time);
  }

  /**
   * Room for `count` bytes more, as a view of the buffer where they go: fill (a prefix of) it, then `commit` what
   * was written, before anything else writes (which may move the buffer).
   */
  spare(count: number): Uint8Array {
    this.reserve(count);
    return this.buffer.subarray(this.length, this.length + count);
  }

  /** Takes `count` bytes written into `spare`'s view as written. */
  commit(count: number): void {
    this.length += count;
  }

  /**
   * The bytes written since the last `clear`, less those `writeOut` has written out (a view of the writer's buffer:
   * write it out before `clear`).
   */
  view(): Uint8Array {
    return this.buffer.subarray(this.sent, this.length);
  }

  clear(): void {
    this.length = 0;
    this.sent = 0;
  }

  /**
   * Writes what `view` holds out now, through `write` (which writes before it returns), and leaves it out of
   * `view` from then on. Nothing moves: bytes in `spare`'s view, not yet committed, stay where they are.
   */
  writeOut(write: (bytes: Uint8Array) => void): void {
    if (this.length === this.sent) return;
    write(this.buffer.subarray(this.sent, this.length));
    this.sent = this.length;
  }

  private reserve(count: number): void {
    if (this.length + count + SLACK <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + count + SLACK) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.buffer.subarray(0, this.length));
    this.buffer = bigger;
    this.words = new DataView(bigger.buffer);
  }
}

/** Decimal digits of a non-negative integer below 2^31. */
function decimalDigits(value: number): number {
  let count = 1;
  for (let rest = value; rest >= 10; rest = (rest / 10) | 0) count++;
  return count;
}

/** Times whose suffixes a TimeSuffix keeps, in slots chosen by the time's low bits. */
const SUFFIX_SLOTS = 64;
/** The most bytes of a Unix ms in decimal: a sign and 16 digits. */
const MS_MAX_BYTES = 17;

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
  private readonly writer = new ByteWriter();
  private readonly before: AsciiBytes;
  private readonly between: AsciiBytes | undefined;
  private readonly after: AsciiBytes;

  constructor(before: string, between: string | undefined, after: string) {
    this.before = new AsciiBytes(before);
    this.between = between === undefined ? undefined : new AsciiBytes(between);
    this.after = new AsciiBytes(after);
    this.longest = before.length + (between === undefined ? 0 : MS_MAX_BYTES + between.length) + ISO_MAX_BYTES + after.length;
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
    const writer = this.writer;
    writer.clear();
    writer.constant(this.before);
    if (this.between) {
      writer.int(ms);
      writer.constant(this.between);
    }
    writer.iso(ms);
    writer.constant(this.after);
    const built = writer.view();
    into.set(built);
    return built.length;
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

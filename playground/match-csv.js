// The export of selected matches as CSV, written as bytes: a string per row, concatenated, took most of an export's
// time in string building and garbage collection; here the only string per row is its ID's text.

/** The columns of an export, as `ulid scan --json` names a match's keys. */
const HEADER = "line,offset,type,id,time,iso\n";
/** Rows written per step: the page paints (and shows progress) between steps. */
const STEP = 20_000;
/** The most bytes a row takes: two integers of up to 16 digits, a type, an ID with a 63-byte prefix, a time, ISO. */
const ROW_BYTES = 256;
const COMMA = 0x2c;
const NEWLINE = 0x0a;
const ZERO = 0x30;
const Z = 0x5a;

/** A step's bytes, written left to right. */
class Bytes {
  constructor(size) {
    this.buffer = new Uint8Array(size);
    this.at = 0;
  }

  /** ASCII text. */
  text(text) {
    for (let i = 0; i < text.length; i++) this.buffer[this.at++] = text.charCodeAt(i);
  }

  /** Milliseconds 0-999 as ISO ends a time: three digits, "Z", then the line's end. */
  milliseconds(ms) {
    const b = this.buffer;
    b[this.at++] = ZERO + Math.floor(ms / 100);
    b[this.at++] = ZERO + (Math.floor(ms / 10) % 10);
    b[this.at++] = ZERO + (ms % 10);
    b[this.at++] = Z;
    b[this.at++] = NEWLINE;
  }

  /** A whole number from 0 to 2^53 in decimal, then `after`. */
  number(value, after) {
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    for (let i = this.at + digits - 1, rest = value; i >= this.at; i--, rest = Math.floor(rest / 10)) this.buffer[i] = ZERO + (rest % 10);
    this.at += digits;
    this.buffer[this.at++] = after;
  }
}

/**
 * The `rows` of `matches` (a Matches) as a CSV file, one line per row as `ulid scan --json` gives its keys (no field
 * needs quoting: IDs, names, numbers and ISO times hold no comma or quote). Step by step, so the page stays
 * responsive; `progress(done, total)` is called after each step.
 */
export async function matchesCsv(matches, rows, progress) {
  const { lines, offsets, times } = matches.columns;
  const parts = [HEADER];
  let second = Number.NaN;
  let secondText = "";
  for (let start = 0; start < rows.length; start += STEP) {
    const step = rows.subarray(start, start + STEP);
    const bytes = new Bytes(step.length * ROW_BYTES);
    for (const row of step) {
      const time = times[row];
      bytes.number(lines[row], COMMA);
      bytes.number(offsets[row], COMMA);
      bytes.text(matches.formatName(row));
      bytes.buffer[bytes.at++] = COMMA;
      bytes.text(matches.idText(row));
      bytes.buffer[bytes.at++] = COMMA;
      bytes.number(time, COMMA);
      // Neighbouring matches share their second: a Date per distinct second, not per match.
      if (Math.floor(time / 1000) !== second) {
        second = Math.floor(time / 1000);
        secondText = new Date(second * 1000).toISOString().slice(0, -4);
      }
      bytes.text(secondText);
      bytes.milliseconds(time - second * 1000);
    }
    parts.push(bytes.buffer.slice(0, bytes.at));
    progress(start + step.length, rows.length);
    await new Promise((resolve) => setTimeout(resolve));
  }
  return new Blob(parts, { type: "text/csv" });
}

// The matches of a scan as the page holds them: the worker's typed arrays (playground/match-columns.ts), a selection
// of them by format and time, and the text of a match, made only for the rows shown or exported (as CSV here, as
// Parquet in a worker).
import { formats } from "../dist/index.js";
import { matchesCsv } from "./match-csv.js";
import { matchesParquet } from "./match-parquet.js";

export class Matches {
  /**
   * `columns`: the worker's MatchColumns; `plausible`: the times the scan believes, `{ from, to }` in Unix ms (a
   * match outside is implausible, as `ulid scan` counts it).
   */
  constructor(columns, plausible) {
    this.columns = columns;
    this.count = columns.count;
    this.plausible = plausible;
    this.namespaces = columns.names.map((name) => formats[name]);
    /** Matches of each format. */
    this.perFormat = columns.names.map(() => 0);
    for (let i = 0; i < this.count; i++) this.perFormat[columns.formats[i]]++;
    /** The rows selected (none until `select`). */
    this.selected = new Uint32Array(0);
  }

  isPlausible(row) {
    const time = this.columns.times[row];
    return time >= this.plausible.from && time < this.plausible.to;
  }

  /**
   * Selects the rows of the formats whose indexes are in `shown` (a Set) whose time is in `[from, to)`, the
   * implausible ones too when `implausible` is true; returns how many.
   */
  select({ shown, from = -Infinity, to = Infinity, implausible = false }) {
    const { formats: format, times } = this.columns;
    const wanted = Uint8Array.from(this.columns.names, (_, f) => (shown.has(f) ? 1 : 0));
    const rows = new Uint32Array(this.count);
    let n = 0;
    for (let i = 0; i < this.count; i++) {
      const time = times[i];
      if (wanted[format[i]] === 0 || time < from || time >= to) continue;
      if (!implausible && !(time >= this.plausible.from && time < this.plausible.to)) continue;
      rows[n++] = i;
    }
    this.selected = rows.subarray(0, n);
    return n;
  }

  /** The first and last plausible time of the selected rows (`from > to` when there is none). */
  plausibleExtent() {
    let from = Infinity;
    let to = -Infinity;
    for (const row of this.selected) {
      if (!this.isPlausible(row)) continue;
      const time = this.columns.times[row];
      if (time < from) from = time;
      if (time > to) to = time;
    }
    return { from, to };
  }

  /** The format name of a row. */
  formatName(row) {
    return this.columns.names[this.columns.formats[row]];
  }

  /** The ID of a row in canonical text, as `ulid scan` prints it (a TypeID with its prefix). */
  idText(row) {
    const { formats: format, ends, bytes, prefixes, prefixList } = this.columns;
    const namespace = this.namespaces[format[row]];
    const start = ends[row] - namespace.bytes;
    const prefix = prefixList[prefixes[row]];
    return prefix ? namespace.encode(bytes, start, { prefix }) : namespace.encode(bytes, start);
  }

  /** The selected rows as a CSV file (match-csv.js); `progress(done, total)` is called as it is written. */
  csv(progress) {
    return matchesCsv(this, this.selected, progress);
  }

  /**
   * The selected rows as a Parquet file (match-parquet.js), its `file` column `file`; `progress(done, total)` is
   * called as it is written.
   */
  parquet(file, progress) {
    return matchesParquet(this, this.selected, file, progress);
  }
}

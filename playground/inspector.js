// The log inspector: a file picked or dropped is scanned in a Web Worker (build/scan-worker.js, from
// playground/scan-worker.ts) for every format `ulid scan --type all` finds, with progress and a Cancel button; then
// the summary (the figures of `ulid scan --type all --stats`), a chart of mentions by creation time, a filter by
// format and time range, a virtualised table of the matches and their export as CSV or Parquet.
import { scanText, UlidError, formats } from "../dist/index.js";
import { titleOf } from "./format-titles.js";
import { Matches } from "./matches.js";
import { MatchTable } from "./match-table.js";
import { BUCKETS, TimeChart } from "./time-chart.js";

const $ = (selector) => document.querySelector(selector);

/**
 * The most matches the table keeps, at about 50 bytes each (the summary counts every match): 2^23, 400 MB. The
 * page's address sets another as `?rows=N`.
 */
const MAX_ROWS = ((asked) => (Number.isSafeInteger(asked) && asked > 0 ? asked : 2 ** 23))(Number(new URLSearchParams(location.search).get("rows")));

/** Megabytes, for progress. */
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

/** The registry's formats that scanning finds: those `scanText` does not refuse. */
export function scannableFormats() {
  return Object.keys(formats).filter((name) => {
    try {
      scanText("", { format: name });
      return true;
    } catch (error) {
      if (error instanceof UlidError && error.code === "INVALID_ARGUMENT") return false;
      throw error;
    }
  });
}

/** Unix ms as ISO-8601 without the parts that are zero at its end ("2026-11-20T10:30Z", "2026-11-20"). */
function shortIso(ms) {
  return new Date(ms).toISOString().replace(/(?::00)?\.000Z$/, "Z").replace(/T00:00Z$/, "");
}

export class Inspector {
  constructor() {
    this.section = $("#inspector");
    this.worker = null;
    this.matches = null;
    /** The time range chosen on the chart, or null for the whole log. */
    this.range = null;
    this.table = new MatchTable($("#matches"));
    this.chart = new TimeChart($("#chart"), $("#chart-readout"), (from, to) => this.choose({ from, to }));
    for (const [label, size] of BUCKETS) $("#bucket").add(new Option(label, String(size)));

    $("#log").addEventListener("change", (event) => {
      const [file] = event.target.files;
      // Emptied, so that picking the same file again (grown since, say) scans it again.
      event.target.value = "";
      if (file) this.scan(file);
    });
    // A file dropped anywhere on the page is scanned (the browser would otherwise open it in place of the page); the
    // drop box lights up while one is over it. Other drags (text into the decoder) keep their default.
    const drop = $("#drop");
    const carriesFiles = (event) => event.dataTransfer?.types.includes("Files") === true;
    drop.addEventListener("dragover", (event) => carriesFiles(event) && drop.classList.add("over"));
    drop.addEventListener("dragleave", () => drop.classList.remove("over"));
    document.addEventListener("dragover", (event) => {
      if (carriesFiles(event)) event.preventDefault();
    });
    document.addEventListener("drop", (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      drop.classList.remove("over");
      const [file] = event.dataTransfer.files;
      if (file) this.scan(file);
    });
    $("#cancel").addEventListener("click", () => this.cancel());
    $("#bucket").addEventListener("change", () => this.drawChart());
    $("#whole-log").addEventListener("click", () => this.choose(null));
    $("#formats").addEventListener("change", () => this.refilter());
    $("#implausible").addEventListener("change", () => this.refilter());
    $("#export-csv").addEventListener("click", () => this.exportCsv());
    $("#export-parquet").addEventListener("click", () => this.exportParquet());
    new ResizeObserver(() => this.matches && this.drawChart()).observe($("#chart"));
  }

  /** The page's state, for its styles (and tests): idle, scanning, done, cancelled or failed. */
  set state(state) {
    this.section.dataset.state = state;
    $("#scanning").hidden = state !== "scanning";
    $("#results").hidden = state !== "done";
  }

  say(text) {
    $("#status").textContent = text;
  }

  /** Scans `file` in a new worker; a scan under way is cancelled first. */
  scan(file) {
    this.cancel();
    this.state = "scanning";
    this.say(`Scanning ${file.name}…`);
    $("#progress").max = Math.max(1, file.size);
    $("#progress").value = 0;
    $("#progress-text").textContent = `0 of ${mb(file.size)}`;
    const worker = new Worker(new URL("./build/scan-worker.js", import.meta.url), { type: "module" });
    this.worker = worker;
    worker.onmessage = ({ data }) => {
      if (data.type === "progress") {
        $("#progress").value = data.bytes;
        $("#progress-text").textContent = `${mb(data.bytes)} of ${mb(file.size)}, ${data.matches.toLocaleString("en-US")} matches`;
        return;
      }
      this.worker = null;
      worker.terminate();
      if (data.type === "failed") {
        this.state = "failed";
        this.say(`${file.name} could not be scanned: ${data.message}`);
        return;
      }
      this.show(file, data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.worker = null;
      worker.terminate();
      this.state = "failed";
      this.say(`${file.name} could not be scanned: ${event.message || "the worker did not start"}`);
    };
    worker.postMessage({ file, maxRows: MAX_ROWS });
  }

  /** Stops a scan under way: its worker is terminated, and what it found so far is dropped. */
  cancel() {
    if (!this.worker) return;
    this.worker.terminate();
    this.worker = null;
    this.state = "cancelled";
    this.say(`Scan cancelled at ${$("#progress-text").textContent}.`);
  }

  /** Shows a finished scan: its summary, formats, chart and table. */
  show(file, { summary, columns, engine, ms, span }) {
    const plausible = {
      from: summary.plausible.from === null ? -Infinity : Date.parse(summary.plausible.from),
      to: summary.plausible.until === null ? Infinity : Date.parse(summary.plausible.until),
    };
    this.matches = new Matches(columns, plausible);
    this.fileName = file.name;
    this.range = null;
    const figures = {
      matches: String(summary.matches),
      distinct: String(summary.distinct),
      implausible: String(summary.implausible.matches),
      first: summary.first ?? "none",
      last: summary.last ?? "none",
      span: span ?? "none",
    };
    for (const [stat, text] of Object.entries(figures)) $(`[data-stat="${stat}"]`).textContent = text;
    $("#implausible-count").textContent = `(${summary.implausible.matches.toLocaleString("en-US")})`;
    // A box per format the log mentions, in the registry's order, whichever it mentions first.
    const order = Object.keys(formats);
    const found = columns.names.map((_, f) => f).filter((f) => this.matches.perFormat[f] > 0);
    found.sort((a, b) => order.indexOf(columns.names[a]) - order.indexOf(columns.names[b]));
    const checks = found.map((f) => {
      const label = document.createElement("label");
      const box = label.appendChild(document.createElement("input"));
      box.type = "checkbox";
      box.checked = true;
      box.value = String(f);
      label.append(` ${titleOf(columns.names[f])} (${this.matches.perFormat[f].toLocaleString("en-US")})`);
      return label;
    });
    $("#formats").replaceChildren(...checks);
    this.state = "done";
    const kept = columns.dropped === 0 ? "" : ` The table keeps the first ${columns.count.toLocaleString("en-US")} matches (?rows= sets how many); the summary counts all.`;
    this.say(`${file.name}: ${mb(file.size)} scanned in ${(ms / 1000).toFixed(2)} s on the ${engine} engine.${kept}`);
    this.refilter();
  }

  /**
   * Chooses a time range (`{ from, to }` in Unix ms), or the whole log (null). A range is narrowed to the times
   * of the matches in it (a bar of a year holding six hours of matches becomes those six hours).
   */
  choose(range) {
    this.range = range;
    this.refilter();
    if (range === null) return;
    const { from, to } = this.matches.plausibleExtent();
    if (from > to || (from === range.from && to + 1 === range.to)) return;
    this.range = { from, to: to + 1 };
    this.refilter();
  }

  /** Selects the matches the filter lets through, and redraws the chart and table. */
  refilter() {
    const shown = new Set(Array.from($("#formats").querySelectorAll("input:checked"), (box) => Number(box.value)));
    const implausible = $("#implausible").checked && this.range === null;
    const selected = this.matches.select({ shown, ...this.range, implausible });
    const range = this.range;
    $("#range").textContent = range ? `${shortIso(range.from)} to ${shortIso(range.to)}` : "the whole log";
    $("#whole-log").disabled = range === null;
    $("#implausible").disabled = range !== null;
    $("#shown").textContent = `${selected.toLocaleString("en-US")} of ${this.matches.count.toLocaleString("en-US")} matches`;
    $("#export-csv").disabled = selected === 0;
    $("#export-parquet").disabled = selected === 0;
    this.drawChart();
    this.table.show(this.matches);
  }

  /** Draws the chart over the times of the selected matches: from the first plausible one to the last. */
  drawChart() {
    const { from, to } = this.matches.plausibleExtent();
    const chart = $("#chart");
    chart.hidden = from > to;
    if (from > to) {
      $("#chart-readout").textContent = "No plausible times to chart.";
      return;
    }
    this.chart.draw(this.matches, from, to + 1, $("#bucket").value);
  }

  /** Downloads the selected matches as CSV. */
  exportCsv() {
    return this.export($("#export-csv"), "matches.csv", (progress) => this.matches.csv(progress));
  }

  /** Downloads the selected matches as Parquet, in `ulid scan --format parquet`'s columns. */
  exportParquet() {
    return this.export($("#export-parquet"), "matches.parquet", (progress) => this.matches.parquet(this.fileName, progress));
  }

  /** Downloads the Blob `write(progress)` makes as `name`, `button` showing the progress and disabled meanwhile. */
  async export(button, name, write) {
    const label = button.textContent;
    button.disabled = true;
    try {
      const blob = await write((done, total) => {
        button.textContent = `Exporting ${Math.floor((100 * done) / total)}%`;
      });
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    } catch (error) {
      this.say(`The export failed: ${error.message}`);
    } finally {
      button.textContent = label;
      button.disabled = false;
    }
  }
}

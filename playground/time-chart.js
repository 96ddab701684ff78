// A chart of mentions by creation time, drawn on a canvas: the plausible times of the selected matches counted into
// buckets over a time range, one bar each. Dragging across it (or clicking a bar) chooses a time range; so do the
// keys: the arrows (Home, End) move along the bars, Shift widens, Enter chooses, Escape lets go.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Bucket sizes offered, each a whole number of the one before, so buckets of every size align on the epoch. */
export const BUCKETS = [
  ["1 ms", 1],
  ["10 ms", 10],
  ["100 ms", 100],
  ["1 s", SECOND],
  ["10 s", 10 * SECOND],
  ["1 min", MINUTE],
  ["10 min", 10 * MINUTE],
  ["1 h", HOUR],
  ["6 h", 6 * HOUR],
  ["1 day", DAY],
  ["7 days", 7 * DAY],
  ["28 days", 28 * DAY],
  ["364 days", 364 * DAY],
  ["3640 days", 3640 * DAY],
];
/** The narrowest bar "auto" picks, in CSS pixels. */
const AUTO_BAR_PX = 4;
/** A drag shorter than this is a click. */
const DRAG_PX = 4;
/** Room for one time label under the axis, in CSS pixels. */
const LABEL_PX = 200;
const MARGIN = { left: 56, right: 12, top: 12, bottom: 26 };
const BAR = "#3b6fb6";
const AXIS = "#5b6472";
const SELECTION = "rgba(240, 170, 40, 0.28)";

/** Unix ms as ISO text cut to what a bucket of `size` ms needs. */
function timeLabel(ms, size) {
  const iso = new Date(ms).toISOString();
  if (size % DAY === 0) return iso.slice(0, iso.indexOf("T"));
  if (size % MINUTE === 0) return `${iso.slice(0, iso.indexOf("T") + 6)}Z`;
  if (size % SECOND === 0) return `${iso.slice(0, iso.indexOf("T") + 9)}Z`;
  return iso;
}

export class TimeChart {
  /**
   * Draws on `canvas`; says what is under the pointer in `readout`; calls `onRange(from, to)` when a time range is
   * chosen.
   */
  constructor(canvas, readout, onRange) {
    this.canvas = canvas;
    this.readout = readout;
    this.onRange = onRange;
    this.bins = null;
    this.drag = null;
    /** The keyboard's bar, and the bar its span started at (Shift widens it), or null. */
    this.keys = null;
    canvas.tabIndex = 0;
    // A widget of its own keys, which screen readers then pass on rather than take for reading.
    canvas.setAttribute("role", "application");
    canvas.setAttribute("aria-roledescription", "chart");
    canvas.addEventListener("keydown", (event) => this.key(event));
    canvas.addEventListener("blur", () => this.letGo());
    canvas.addEventListener("pointerdown", (event) => {
      if (!this.bins) return;
      canvas.setPointerCapture(event.pointerId);
      this.drag = { from: this.x(event), to: this.x(event) };
    });
    canvas.addEventListener("pointermove", (event) => {
      if (!this.bins) return;
      if (this.drag) {
        this.drag.to = this.x(event);
        this.paint();
      }
      // The pointer takes over from the keyboard: Enter would otherwise choose a span the readout no longer names.
      if (this.keys) {
        this.keys = null;
        this.paint();
      }
      const bucket = this.bucketAt(this.x(event));
      if (bucket >= 0) this.say(bucket, bucket);
    });
    canvas.addEventListener("pointerup", (event) => {
      if (!this.drag) return;
      const { from } = this.drag;
      const to = this.x(event);
      this.drag = null;
      this.paint();
      const [left, right] = from <= to ? [from, to] : [to, from];
      // A click chooses its bucket; a drag, every bucket it crosses.
      const first = this.bucketAt(left);
      const last = right - left < DRAG_PX ? first : this.bucketAt(right);
      if (first < 0 || last < 0) return;
      const { start, size } = this.bins;
      this.onRange(start + first * size, start + (last + 1) * size);
    });
    canvas.addEventListener("pointerleave", () => {
      if (this.bins) this.readout.textContent = this.bins.note;
    });
  }

  /** Moves the keyboard's bar, widens its span, chooses the span or lets go, as `event`'s key asks. */
  key(event) {
    if (!this.bins) return;
    const last = this.bins.counts.length - 1;
    const at = this.keys?.at;
    let next;
    switch (event.key) {
      case "ArrowRight":
        next = at === undefined ? 0 : Math.min(last, at + 1);
        break;
      case "ArrowLeft":
        next = at === undefined ? last : Math.max(0, at - 1);
        break;
      case "Home":
        next = 0;
        break;
      case "End":
        next = last;
        break;
      case "Enter":
      case " ": {
        if (!this.keys) return;
        event.preventDefault();
        const [first, end] = this.span();
        const { start, size } = this.bins;
        this.letGo();
        this.onRange(start + first * size, start + (end + 1) * size);
        return;
      }
      case "Escape":
        this.letGo();
        return;
      default:
        return;
    }
    event.preventDefault();
    this.keys = { at: next, anchor: event.shiftKey && this.keys ? this.keys.anchor : next };
    this.paint();
    this.say(...this.span());
  }

  /** The keyboard's span: its first and last bar. */
  span() {
    const { at, anchor } = this.keys;
    return at < anchor ? [at, anchor] : [anchor, at];
  }

  /** Drops the keyboard's span, and says the chart's note again. */
  letGo() {
    if (!this.keys) return;
    this.keys = null;
    this.paint();
    this.readout.textContent = this.bins.note;
  }

  /**
   * Counts the plausible times of `matches`' selected rows in `[from, to)` into buckets of `bucket` ms ("auto":
   * the finest size whose bars are at least AUTO_BAR_PX wide; a size too fine for the range gives way to the
   * finest that fits one bar a pixel) and draws them.
   */
  draw(matches, from, to, bucket) {
    const width = this.plotWidth();
    const fits = (size) => (to - Math.floor(from / size) * size) / size <= width / (bucket === "auto" ? AUTO_BAR_PX : 1);
    const wanted = bucket === "auto" ? undefined : Number(bucket);
    const finest = BUCKETS.find(([, size]) => (wanted === undefined || size >= wanted) && fits(size)) ?? BUCKETS.at(-1);
    const size = finest[1];
    const start = Math.floor(from / size) * size;
    const counts = new Float64Array(Math.max(1, Math.ceil((to - start) / size)));
    const { times } = matches.columns;
    for (const row of matches.selected) {
      const time = times[row];
      if (time >= from && time < to && matches.isPlausible(row)) counts[Math.floor((time - start) / size)]++;
    }
    const total = counts.reduce((sum, count) => sum + count, 0);
    const coarser = wanted !== undefined && size !== wanted ? ` (${BUCKETS.find(([, s]) => s === wanted)[0]} is too fine for this range)` : "";
    const note = `${total.toLocaleString("en-US")} mentions, per ${finest[0]}${coarser}`;
    this.bins = { start, size, counts, most: Math.max(1, ...counts), note };
    this.keys = null;
    this.readout.textContent = note;
    this.paint();
  }

  plotWidth() {
    return Math.max(1, this.canvas.clientWidth - MARGIN.left - MARGIN.right);
  }

  /** The pointer's x in the plot, in CSS pixels. */
  x(event) {
    return event.clientX - this.canvas.getBoundingClientRect().left - MARGIN.left;
  }

  /** The bucket under plot position `x`, or -1. */
  bucketAt(x) {
    const { counts } = this.bins;
    const bucket = Math.floor((x / this.plotWidth()) * counts.length);
    return bucket >= 0 && bucket < counts.length ? bucket : -1;
  }

  /** Says the time and the mentions of bars `first` to `last`. */
  say(first, last) {
    const { start, size, counts } = this.bins;
    let mentions = 0;
    for (let i = first; i <= last; i++) mentions += counts[i];
    const when = first === last ? timeLabel(start + first * size, size) : `${timeLabel(start + first * size, size)} to ${timeLabel(start + (last + 1) * size, size)}`;
    this.readout.textContent = `${when}: ${mentions.toLocaleString("en-US")} mention${mentions === 1 ? "" : "s"}`;
  }

  paint() {
    const { canvas } = this;
    const ratio = window.devicePixelRatio || 1;
    const cssWidth = canvas.clientWidth;
    const cssHeight = canvas.clientHeight;
    canvas.width = Math.round(cssWidth * ratio);
    canvas.height = Math.round(cssHeight * ratio);
    const context = canvas.getContext("2d");
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, cssWidth, cssHeight);
    const { start, size, counts, most } = this.bins;
    const width = this.plotWidth();
    const height = cssHeight - MARGIN.top - MARGIN.bottom;
    const bar = width / counts.length;
    context.fillStyle = BAR;
    for (let i = 0; i < counts.length; i++) {
      if (counts[i] === 0) continue;
      // At least a pixel high, so a lone mention shows.
      const h = Math.max(1, (counts[i] / most) * height);
      context.fillRect(MARGIN.left + i * bar, MARGIN.top + height - h, Math.max(1, bar - (bar > 3 ? 1 : 0)), h);
    }
    context.strokeStyle = AXIS;
    context.fillStyle = AXIS;
    context.font = "12px system-ui, sans-serif";
    context.beginPath();
    context.moveTo(MARGIN.left - 0.5, MARGIN.top);
    context.lineTo(MARGIN.left - 0.5, MARGIN.top + height + 0.5);
    context.lineTo(MARGIN.left + width, MARGIN.top + height + 0.5);
    context.stroke();
    context.textAlign = "right";
    context.textBaseline = "top";
    context.fillText(most.toLocaleString("en-US"), MARGIN.left - 6, MARGIN.top);
    context.textBaseline = "bottom";
    context.fillText("0", MARGIN.left - 6, MARGIN.top + height);
    // Times under the axis at bucket edges, a label's width or more apart; the first and last aligned inside.
    context.textBaseline = "top";
    const labels = Math.max(1, Math.min(counts.length, Math.floor(width / LABEL_PX)));
    for (let i = 0; i <= labels; i++) {
      const edge = Math.round((i * counts.length) / labels);
      context.textAlign = i === 0 ? "left" : i === labels ? "right" : "center";
      context.fillText(timeLabel(start + edge * size, size), MARGIN.left + edge * bar, MARGIN.top + height + 6);
    }
    if (this.drag) {
      const left = Math.max(0, Math.min(this.drag.from, this.drag.to));
      const right = Math.min(width, Math.max(this.drag.from, this.drag.to));
      context.fillStyle = SELECTION;
      context.fillRect(MARGIN.left + left, MARGIN.top, right - left, height);
    } else if (this.keys) {
      const [first, last] = this.span();
      context.fillStyle = SELECTION;
      context.fillRect(MARGIN.left + first * bar, MARGIN.top, Math.max(1, (last + 1 - first) * bar), height);
    }
  }
}

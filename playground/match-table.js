// A virtualised table of matches: however many rows are selected, only the rows in view are in the DOM (a few
// dozen elements, reused as it scrolls), so a million matches scroll as smoothly as ten.

/** Height of a row in CSS pixels (playground.css gives .match-row the same). */
const ROW_HEIGHT = 24;
/**
 * The tallest scroll area made, in CSS pixels: browsers cap an element's height (Chromium near 2^25 px, Firefox
 * near 2^24), so past this many rows' height the scroll position maps onto rows proportionally.
 */
const MAX_SCROLL_HEIGHT = 8_000_000;
const COLUMNS = ["line", "offset", "type", "ID", "time (UTC)"];

export class MatchTable {
  /** Fills `root` (an empty element) with a header and a scrolling viewport. */
  constructor(root) {
    const header = document.createElement("div");
    header.className = "match-row match-head";
    header.setAttribute("role", "row");
    header.setAttribute("aria-rowindex", "1");
    for (const name of COLUMNS) {
      const cell = header.appendChild(document.createElement("span"));
      cell.setAttribute("role", "columnheader");
      cell.textContent = name;
    }
    this.viewport = document.createElement("div");
    this.viewport.className = "match-viewport";
    this.viewport.tabIndex = 0;
    this.viewport.setAttribute("aria-label", "Matches: scroll for more");
    this.spacer = this.viewport.appendChild(document.createElement("div"));
    this.spacer.className = "match-spacer";
    // Inside the spacer, which clips it: rows drawn past the last never lengthen the scroll area.
    this.body = this.spacer.appendChild(document.createElement("div"));
    this.body.className = "match-body";
    root.setAttribute("role", "table");
    root.setAttribute("aria-label", "Matches");
    root.replaceChildren(header, this.viewport);
    this.root = root;
    this.matches = null;
    this.viewport.addEventListener("scroll", () => this.render(), { passive: true });
    new ResizeObserver(() => this.render()).observe(this.viewport);
  }

  /** Shows the selected rows of `matches` (a Matches), from the top. */
  show(matches) {
    this.matches = matches;
    // Assistive technology sees the rows in view only: these say how many there are, and where each sits.
    this.root.setAttribute("aria-rowcount", String(matches.selected.length + 1));
    this.spacer.style.height = `${Math.min(matches.selected.length * ROW_HEIGHT, MAX_SCROLL_HEIGHT)}px`;
    this.viewport.scrollTop = 0;
    this.render();
  }

  /** The index (into the selection) of the first row in view. */
  firstRow(visible) {
    const rows = this.matches.selected.length;
    const scrollable = this.viewport.scrollHeight - this.viewport.clientHeight;
    if (rows * ROW_HEIGHT <= MAX_SCROLL_HEIGHT || scrollable <= 0) return Math.floor(this.viewport.scrollTop / ROW_HEIGHT);
    return Math.round((this.viewport.scrollTop / scrollable) * Math.max(0, rows - visible));
  }

  render() {
    if (!this.matches) return;
    const { selected } = this.matches;
    const visible = Math.ceil(this.viewport.clientHeight / ROW_HEIGHT) + 1;
    const first = Math.min(this.firstRow(visible), Math.max(0, selected.length - visible + 1));
    const count = Math.max(0, Math.min(visible, selected.length - first));
    // The rows sit at the top of the view; within a row's height, they scroll with the content.
    const shift = selected.length * ROW_HEIGHT <= MAX_SCROLL_HEIGHT ? this.viewport.scrollTop % ROW_HEIGHT : 0;
    this.body.style.transform = `translateY(${this.viewport.scrollTop - shift}px)`;
    while (this.body.children.length < count) this.body.appendChild(emptyRow());
    while (this.body.children.length > count) this.body.lastChild.remove();
    for (let i = 0; i < count; i++) {
      const element = this.body.children[i];
      fillRow(element, this.matches, selected[first + i]);
      // After the header, row 1.
      element.setAttribute("aria-rowindex", String(first + i + 2));
    }
  }
}

function emptyRow() {
  const row = document.createElement("div");
  row.className = "match-row";
  row.setAttribute("role", "row");
  for (let i = 0; i < COLUMNS.length; i++) row.appendChild(document.createElement("span")).setAttribute("role", "cell");
  return row;
}

/** Writes match `row` of `matches` into a row element, marking it when its time is implausible. */
function fillRow(element, matches, row) {
  const { lines, offsets, times } = matches.columns;
  const [line, offset, type, id, time] = element.children;
  line.textContent = String(lines[row]);
  offset.textContent = String(offsets[row]);
  type.textContent = matches.formatName(row);
  id.textContent = matches.idText(row);
  time.textContent = new Date(times[row]).toISOString();
  element.classList.toggle("implausible", !matches.isPlausible(row));
  element.dataset.row = String(row);
}

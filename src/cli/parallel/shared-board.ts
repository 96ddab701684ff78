/**
 * What the threads of one `ulid scan --jobs` file share, in a SharedArrayBuffer, so that no thread waits for a
 * message from another to go on: which range is next to claim, how many ranges the main thread has written, and
 * each range's newline count (-1 until the thread that claimed it has read it), from which every thread works out
 * the first line number of the ranges it claims.
 *
 * Layout (Int32 words): [0] the next range to claim, [1] the ranges written, then one newline count per range.
 * A range's newline count fits: a range is its nominal size plus the rest of its last line, which holds no newline
 * but the one that ends it.
 */
const NEXT = 0;
const WRITTEN = 1;
const COUNTS = 2;
const UNKNOWN = -1;

/** Atomics.waitAsync (ES2024, in Node since 16), which the project's ES2022 library types do not declare. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number): { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

/** `claim` and `tryClaim` when every range is claimed. */
export const NONE_LEFT = -1;
/** `tryClaim` when claiming now would put more than `window` ranges ahead of the one to write next. */
export const WINDOW_FULL = -2;

export class RangeBoard {
  private readonly words: Int32Array;
  /** The first line of ranges 0, 1, ... as far as this thread has added up their counts. */
  private readonly firstLines = [1];

  /**
   * A board of `count` ranges, or this thread's view of `shared` (made by another thread). At most `window`
   * ranges are claimed ahead of the next one to write, so the outputs held stay few whatever the file's size.
   */
  constructor(
    readonly count: number,
    readonly window: number,
    shared?: SharedArrayBuffer,
  ) {
    this.words = new Int32Array(shared ?? new SharedArrayBuffer(4 * (COUNTS + count)));
    if (shared === undefined) this.words.fill(UNKNOWN, COUNTS);
  }

  get shared(): SharedArrayBuffer {
    return this.words.buffer as SharedArrayBuffer;
  }

  /** The next range, claimed for this thread; NONE_LEFT, or WINDOW_FULL when it may not be claimed yet. */
  tryClaim(): number {
    const words = this.words;
    for (;;) {
      const next = Atomics.load(words, NEXT);
      if (next >= this.count) return NONE_LEFT;
      if (next >= Atomics.load(words, WRITTEN) + this.window) return WINDOW_FULL;
      if (Atomics.compareExchange(words, NEXT, next, next + 1) === next) return next;
    }
  }

  /** The next range, claimed for this worker thread once the window allows (blocking); NONE_LEFT at the end. */
  claim(): number {
    for (;;) {
      const written = Atomics.load(this.words, WRITTEN);
      const claimed = this.tryClaim();
      if (claimed !== WINDOW_FULL) return claimed;
      // Woken when the main thread writes a range (or cancels); returns at once if it has since.
      Atomics.wait(this.words, WRITTEN, written);
    }
  }

  /**
   * Range `index` holds `count` newlines (0 for a range that could not be read, so no thread waits for it). Two
   * threads may both read a range (the main thread takes over one a worker is slow with): both store the same count.
   */
  setNewlines(index: number, count: number): void {
    Atomics.store(this.words, COUNTS + index, count);
    Atomics.notify(this.words, COUNTS + index);
  }

  /** The line number range `index` starts at, waiting (blocking: worker threads only) for the counts before it. */
  firstLine(index: number): number {
    const lines = this.firstLines;
    while (lines.length <= index) {
      const at = COUNTS + lines.length - 1;
      while (Atomics.load(this.words, at) === UNKNOWN) Atomics.wait(this.words, at, UNKNOWN);
      lines.push(lines[lines.length - 1]! + Atomics.load(this.words, at));
    }
    return lines[index]!;
  }

  /**
   * `firstLine` for the main thread, which must not block: it waits asynchronously, and gives up with `stop`'s
   * rejection (a worker that crashed before reading its range).
   */
  async firstLineAsync(index: number, stop: Promise<never>): Promise<number> {
    const lines = this.firstLines;
    while (lines.length <= index) {
      const at = COUNTS + lines.length - 1;
      while (Atomics.load(this.words, at) === UNKNOWN) {
        const wait = waitAsync(this.words, at, UNKNOWN);
        if (wait.async) await Promise.race([wait.value, stop]);
      }
      lines.push(lines[lines.length - 1]! + Atomics.load(this.words, at));
    }
    return lines[index]!;
  }

  /** The main thread has written `count` ranges: wakes the workers waiting for the window to move. */
  setWritten(count: number): void {
    Atomics.store(this.words, WRITTEN, count);
    Atomics.notify(this.words, WRITTEN);
  }

  /** Ends the file's scan early (a fault): nothing more can be claimed, and waiting workers wake to see it. */
  cancel(): void {
    Atomics.store(this.words, NEXT, this.count);
    this.setWritten(this.count);
  }
}

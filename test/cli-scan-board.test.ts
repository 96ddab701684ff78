/**
 * The board the threads of `ulid scan --jobs` share (src/cli/parallel/shared-board.ts): ranges claimed once each, in order,
 * at most `window` ahead of the next one to write; first lines added up from the newline counts before a range,
 * waited for when not yet known; and a cancelled board gives nothing more. Two boards over one SharedArrayBuffer
 * stand for two threads (the CLI suites run the real threads: cli-scan-jobs.test.ts).
 */
import { describe, expect, it } from "vitest";
import { NONE_LEFT, RangeBoard, WINDOW_FULL } from "../src/cli/parallel/shared-board.js";

const never = new Promise<never>(() => {});

describe("RangeBoard", () => {
  it("hands out each range once, in order, across the threads that share it", () => {
    const main = new RangeBoard(5, 100);
    const worker = new RangeBoard(5, 100, main.shared);
    expect([main.tryClaim(), worker.claim(), worker.tryClaim(), main.tryClaim(), worker.claim()]).toEqual([0, 1, 2, 3, 4]);
    expect([main.tryClaim(), worker.claim(), worker.tryClaim()]).toEqual([NONE_LEFT, NONE_LEFT, NONE_LEFT]);
  });

  it("claims at most `window` ranges ahead of the next one to write", () => {
    const board = new RangeBoard(10, 3);
    expect([board.tryClaim(), board.tryClaim(), board.tryClaim(), board.tryClaim()]).toEqual([0, 1, 2, WINDOW_FULL]);
    board.setWritten(1);
    expect([board.tryClaim(), board.tryClaim()]).toEqual([3, WINDOW_FULL]);
    board.setWritten(3);
    expect([board.claim(), board.claim(), board.tryClaim()]).toEqual([4, 5, WINDOW_FULL]);
  });

  it("numbers a range's first line from the newlines of the ranges before it, whoever read them", () => {
    const main = new RangeBoard(4, 4);
    const worker = new RangeBoard(4, 4, main.shared);
    main.setNewlines(0, 7);
    worker.setNewlines(1, 0);
    main.setNewlines(2, 1_000_000);
    expect(worker.firstLine(0)).toBe(1);
    expect(worker.firstLine(1)).toBe(8);
    expect(main.firstLine(3)).toBe(1_000_008);
    expect(worker.firstLine(3)).toBe(1_000_008);
    // Asked out of order too: the main thread takes over an earlier range after scanning later ones.
    expect(main.firstLine(1)).toBe(8);
  });

  it("waits, without blocking the main thread, for a count not yet known", async () => {
    const main = new RangeBoard(3, 3);
    const worker = new RangeBoard(3, 3, main.shared);
    main.setNewlines(0, 2);
    const first = main.firstLineAsync(2, never);
    let settled = false;
    void first.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    worker.setNewlines(1, 5);
    expect(await first).toBe(8);
    expect(await main.firstLineAsync(1, never)).toBe(3);
  });

  it("gives up waiting with the reason it is stopped for (a crashed worker never counts its range)", async () => {
    const board = new RangeBoard(2, 2);
    const crash = new Error("worker crashed");
    await expect(board.firstLineAsync(1, Promise.reject(crash))).rejects.toBe(crash);
  });

  it("gives nothing more once cancelled, even with the window full", () => {
    const main = new RangeBoard(6, 2);
    const worker = new RangeBoard(6, 2, main.shared);
    expect([worker.claim(), worker.claim(), worker.tryClaim()]).toEqual([0, 1, WINDOW_FULL]);
    main.cancel();
    expect([worker.claim(), main.tryClaim()]).toEqual([NONE_LEFT, NONE_LEFT]);
  });
});

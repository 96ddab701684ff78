/**
 * A worker thread of `ulid scan --jobs` (parallel-scan.ts). For each range it is given it finds the range's line
 * boundaries, reads it, indexes and reports its newlines, and once the main thread answers with the lines before
 * the range, scans it and formats its matches as bytes, exactly as one job would print them there, and hands them
 * back.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { ByteWriter } from "./byte-writer.js";
import type { RangeTask, ToMain, ToWorker } from "./parallel-scan.js";
import { NewlineIndex, lineStartFrom } from "./scan-ranges.js";
import { ScanLines } from "./scan-lines.js";
import { scanTargetOf } from "./scan-targets.js";
import { systemReason } from "./system-error.js";

const port = parentPort!;
const writer = new ByteWriter();
const newlines = new NewlineIndex();
/** The range being read, grown as ranges need (a range is its nominal size plus the rest of its last line). */
let buffer = Buffer.alloc(0);
/** The range waiting for its first line number, with its bytes read. */
let waiting: { task: RangeTask; start: number; length: number } | undefined;

const post = (message: ToMain, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

/** Reads the range's bytes and reports its newlines; returns where it starts and how long it is. */
function readRange(task: RangeTask): { start: number; length: number } {
  const fd = openSync(task.path, "r");
  try {
    const start = lineStartFrom(fd, task.from, task.size);
    const end = lineStartFrom(fd, task.to, task.size);
    const length = end - start;
    if (buffer.length < length) buffer = Buffer.alloc(length);
    for (let done = 0; done < length; ) {
      const read = readSync(fd, buffer, done, length - done, start + done);
      // The file shrank while we read it: scan what there is.
      if (read === 0) return { start, length: done };
      done += read;
    }
    return { start, length };
  } finally {
    closeSync(fd);
  }
}

/** Scans the waiting range, its first line being `firstLine`, and hands back its output. */
function scanRange(firstLine: number): void {
  const { task, start, length } = waiting!;
  waiting = undefined;
  const target = scanTargetOf({ type: task.type });
  const lines = new ScanLines(writer, target, task.json);
  lines.file(task.name);
  const { since, until } = task;
  // The scanner counts offsets from the range's start, which is byte `start` of the file and line `firstLine`;
  // the newlines already indexed number the lines.
  const scanner = target.scanner(false, (window, at, length, offset, time) => {
    if (time < since || time >= until) return;
    lines.write(window, at, length, start + offset, time, firstLine + newlines.before(offset));
  });
  scanner.push(buffer.subarray(0, length), true);
  const output = writer.view().slice();
  writer.clear();
  post({ kind: "output", index: task.index, bytes: output }, [output.buffer]);
}

port.on("message", (message: ToWorker) => {
  if (message.kind === "first-line") {
    // A range that could not be read has nothing to scan (the main thread reports its fault).
    if (waiting !== undefined) scanRange(message.line);
    return;
  }
  try {
    const { start, length } = readRange(message);
    waiting = { task: message, start, length };
    post({ kind: "newlines", index: message.index, count: newlines.index(buffer.subarray(0, length)) });
  } catch (error) {
    post({ kind: "failed", index: message.index, reason: systemReason(error) });
  }
});

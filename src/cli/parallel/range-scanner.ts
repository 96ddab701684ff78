/**
 * One thread's part of `ulid scan --jobs`: reading a range of the file (line-ranges.ts cuts it at line starts),
 * putting its newline count on the board (shared-board.ts), and once its first line number is known, scanning it and
 * formatting its matches exactly as one job prints them there. The main thread and every worker thread each have
 * one, kept from range to range and file to file (its buffers, and the time suffixes its formatter built).
 */
import { closeSync, openSync, readSync } from "node:fs";
import { ByteWriter } from "../../printer/byte-writer.js";
import { lineStartFrom, newlineCount } from "./line-ranges.js";
import { ScanLines } from "../../printer/scan-match-lines.js";
import { scanTargetOf } from "../scan-targets.js";
import type { RangeBoard } from "./shared-board.js";
import { printingScanner } from "../../printer/wasm-scan-match-lines.js";

/** What every range of a file shares: the file, how its lines print, and how it is cut. */
export interface ScanJob {
  path: string;
  /** The file's name on each line, or undefined when files are not named. */
  name: string | undefined;
  /** The types as `--type` takes them (several separated by commas). */
  type: string;
  json: boolean;
  /** The times to print: [since, until). */
  since: number;
  until: number;
  size: number;
  /** The nominal size of a range: range `i` is bytes [i * rangeBytes, (i + 1) * rangeBytes), cut at line starts. */
  rangeBytes: number;
}

/** The number of ranges `job`'s file is cut into. */
export function rangeCount(job: ScanJob): number {
  return Math.max(1, Math.ceil(job.size / job.rangeBytes));
}

export class RangeScanner {
  /** The range read last, grown as ranges need (a range is its nominal size plus the rest of its last line). */
  private buffer = Buffer.alloc(0);
  private readonly writer = new ByteWriter();
  /** The formatter of the file being scanned. */
  private formatting: { key: string; lines: ScanLines } | undefined;
  /** The first byte in the file of the range read last. */
  private start = 0;

  /**
   * Reads range `index` of `job`'s file and puts its newline count on `board`; returns its length. A range that
   * cannot be read counts 0 newlines (so no thread waits for it) and throws the reading fault.
   */
  read(job: ScanJob, index: number, board: RangeBoard): number {
    let length: number;
    try {
      length = this.readRange(job, index);
    } catch (error) {
      board.setNewlines(index, 0);
      throw error;
    }
    board.setNewlines(index, newlineCount(this.buffer.subarray(0, length)));
    return length;
  }

  /** Scans the range read last (`length` bytes), its first line being `firstLine`: its output, a copy. */
  scan(job: ScanJob, length: number, firstLine: number): Uint8Array {
    const key = JSON.stringify([job.type, job.json, job.name]);
    if (this.formatting?.key !== key) {
      this.formatting = { key, lines: new ScanLines(this.writer, scanTargetOf({ type: job.type }), job.json) };
      this.formatting.lines.file(job.name);
    }
    const scanner = printingScanner(this.formatting.lines, this.writer, { from: job.since, to: job.until }, firstLine, this.start);
    scanner.push(this.buffer.subarray(0, length), true);
    // A copy in shared memory, which a worker posts without it being copied again. (Not the writer's buffer
    // transferred: to transfer a buffer detaches it, and detaching one in a thread throws away the optimised code
    // of every function there that reads typed arrays, which made the workers far slower.)
    const view = this.writer.view();
    const output = new Uint8Array(new SharedArrayBuffer(view.length));
    output.set(view);
    this.writer.clear();
    return output;
  }

  /** Reads range `index` into the buffer from its first line start; returns its length and sets `start`. */
  private readRange(job: ScanJob, index: number): number {
    const fd = openSync(job.path, "r");
    try {
      const from = index * job.rangeBytes;
      this.start = lineStartFrom(fd, from, job.size);
      const length = lineStartFrom(fd, from + job.rangeBytes, job.size) - this.start;
      if (this.buffer.length < length) this.buffer = Buffer.alloc(length);
      for (let done = 0; done < length; ) {
        const read = readSync(fd, this.buffer, done, length - done, this.start + done);
        // The file shrank while we read it: scan what there is.
        if (read === 0) return done;
        done += read;
      }
      return length;
    } finally {
      closeSync(fd);
    }
  }
}

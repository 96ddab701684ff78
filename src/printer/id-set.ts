/**
 * A set of 128-bit IDs for exact distinct counting (`ulid scan --stats`) in about 20-30 bytes per distinct ID:
 * each ID is four 32-bit words in one Uint32Array (open addressing, linear probing), not a string in a Set
 * (several times the memory per ID). The all-zero ID marks an empty slot, so it is remembered apart.
 *
 * The table holds at most MAX_LOAD of its slots, then grows by GROWTH: between growths it is 53-80% full,
 * so a distinct ID costs 16 / 0.8 = 20 to 16 / 0.53 = 30 bytes (and, only while growing, the old table too).
 */

/** Slots filled at most: up to here linear probing stays short (3 probes to find an ID on average, 13 to miss). */
const MAX_LOAD = 0.8;
/** Growth factor: 1.5, not 2, so a table just grown is still over half full (at most 30 bytes per ID). */
const GROWTH = 1.5;
const INITIAL_SLOTS = 1024;
const WORDS = 4;

export class IdSet {
  private slots = INITIAL_SLOTS;
  private table = new Uint32Array(INITIAL_SLOTS * WORDS);
  private filled = 0;
  private hasZero = false;

  /** Distinct IDs added. */
  get size(): number {
    return this.filled + (this.hasZero ? 1 : 0);
  }

  /** Bytes the table takes now. */
  get bytes(): number {
    return this.table.byteLength;
  }

  /** Adds the ID whose big-endian words are `key[0..4)`; returns whether it was new. */
  add(key: Uint32Array): boolean {
    // Read word by word: destructuring the typed array iterates it, slow before V8 optimises this (scan-target.ts).
    const a = key[0]!;
    const b = key[1]!;
    const c = key[2]!;
    const d = key[3]!;
    if ((a | b | c | d) === 0) {
      if (this.hasZero) return false;
      this.hasZero = true;
      return true;
    }
    if (this.filled + 1 > this.slots * MAX_LOAD) this.grow();
    return this.insert(a, b, c, d);
  }

  private insert(a: number, b: number, c: number, d: number): boolean {
    const table = this.table;
    let slot = slotOf(a, b, c, d, this.slots);
    for (;;) {
      const at = slot * WORDS;
      const w0 = table[at]!;
      const w1 = table[at + 1]!;
      const w2 = table[at + 2]!;
      const w3 = table[at + 3]!;
      if ((w0 | w1 | w2 | w3) === 0) {
        table[at] = a;
        table[at + 1] = b;
        table[at + 2] = c;
        table[at + 3] = d;
        this.filled++;
        return true;
      }
      if (w0 === a && w1 === b && w2 === c && w3 === d) return false;
      slot = slot + 1 === this.slots ? 0 : slot + 1;
    }
  }

  private grow(): void {
    const old = this.table;
    this.slots = Math.ceil(this.slots * GROWTH);
    this.table = new Uint32Array(this.slots * WORDS);
    this.filled = 0;
    for (let at = 0; at < old.length; at += WORDS) {
      if ((old[at]! | old[at + 1]! | old[at + 2]! | old[at + 3]!) !== 0) {
        this.insert(old[at]!, old[at + 1]!, old[at + 2]!, old[at + 3]!);
      }
    }
  }
}

/**
 * The home slot of a key: its words mixed one by one (multiply and xor-shift with murmur3's constants, so IDs that
 * differ in a few bits only, like one millisecond's ULIDs or numbered decoys, spread out), then scaled to
 * [0, slots) by multiplying, as `slots` is no power of two.
 */
function slotOf(a: number, b: number, c: number, d: number, slots: number): number {
  let h = Math.imul(a, 0xcc9e2d51);
  h = Math.imul(h ^ (h >>> 16) ^ b, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ c, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16) ^ d, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return Math.floor(((h >>> 0) / 0x1_0000_0000) * slots);
}

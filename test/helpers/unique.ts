/**
 * Duplicate detection among millions of binary ULIDs by sorting. Sorting the 16-byte records themselves would need
 * a comparator call per comparison (tens of seconds for 10 million); instead the last 8 bytes of each (64 random
 * bits) are sorted as a BigUint64Array, natively, and only records whose 8-byte tails collide are compared whole.
 * Two equal IDs have equal tails, so none is missed; for random IDs a tail collision among 10 million is itself
 * a one-in-370,000 event.
 */

/** Indices of the first two equal 16-byte records in `bytes`, or null when all are distinct. */
export function findDuplicate(bytes: Uint8Array): [number, number] | null {
  const count = bytes.length / 16;
  const tails = new BigUint64Array(count);
  const tailBytes = new Uint8Array(tails.buffer);
  for (let i = 0; i < count; i++) tailBytes.set(bytes.subarray(16 * i + 8, 16 * i + 16), 8 * i);
  // Byte order does not matter: equal tails read as equal numbers either way.
  const sorted = tails.slice().sort();
  const collided = new Set<bigint>();
  for (let i = 1; i < count; i++) if (sorted[i] === sorted[i - 1]) collided.add(sorted[i]!);
  if (collided.size === 0) return null;
  const withTail = new Map<bigint, number[]>();
  for (let i = 0; i < count; i++) {
    const tail = tails[i]!;
    if (!collided.has(tail)) continue;
    const earlier = withTail.get(tail) ?? [];
    const same = earlier.find((j) => sameRecord(bytes, i, j));
    if (same !== undefined) return [same, i];
    withTail.set(tail, [...earlier, i]);
  }
  return null;
}

function sameRecord(bytes: Uint8Array, i: number, j: number): boolean {
  for (let k = 0; k < 16; k++) if (bytes[16 * i + k] !== bytes[16 * j + k]) return false;
  return true;
}

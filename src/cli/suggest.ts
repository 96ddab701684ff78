/** "Did you mean" for a mistyped command or option name. */

/** Edits at most that a suggestion may be away: "scna", "genrate" and "fromat" are one, a different word is more. */
const MAX_EDITS = 2;

/**
 * The candidate closest to `typed` by optimal string alignment distance (insertions, deletions, substitutions and
 * swaps of two neighbours, one edit each), if it is at most MAX_EDITS away and nearer than half of `typed`.
 */
export function closest(typed: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.min(MAX_EDITS, Math.ceil(typed.length / 2) - 1);
  for (const candidate of candidates) {
    const distance = editDistance(typed.toLowerCase(), candidate);
    if (distance <= bestDistance && (best === undefined || distance < bestDistance)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  // rows[i][j]: the distance between the first i characters of a and the first j of b.
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = distance;
    }
  }
  return rows[a.length]![b.length]!;
}

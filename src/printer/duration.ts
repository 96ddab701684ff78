/** Durations for people: "2d 3h 4m 5.006s", "30m", "1.5s", "100ms". */

const UNITS = [
  ["d", 86_400_000],
  ["h", 3_600_000],
  ["m", 60_000],
] as const;

export function formatDuration(ms: number): string {
  const parts: string[] = [];
  let rest = ms;
  for (const [unit, size] of UNITS) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  if (rest >= 1000 || (rest > 0 && parts.length > 0)) parts.push(`${rest / 1000}s`);
  else if (rest > 0 || parts.length === 0) parts.push(`${rest}ms`);
  return parts.join(" ");
}

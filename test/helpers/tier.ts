/**
 * The test tiers (vitest.config.ts). `unit` is `npm test`, kept under a minute with the build; `deep` is `npm run
 * test:deep`, whose project sets ULID_TEST_TIER=deep. A suite that runs in both takes its size from here, so the
 * unit tier runs the same assertions on fewer inputs and the deep tier keeps the full count.
 */
export const DEEP = process.env.ULID_TEST_TIER === "deep";

/** How many times fewer runs a property gets in the unit tier. */
const UNIT_SHARE = 20;

/** fast-check runs of a property: `deep` in the deep tier, a twentieth of it in the unit tier. */
export function propertyRuns(deep: number): number {
  return DEEP ? deep : Math.ceil(deep / UNIT_SHARE);
}

/**
 * A sweep's inputs by tier: `deep` in the deep tier, `unit` (a smaller sample of the same kind) in the unit tier.
 * For the sweeps whose cost is their size: the longest streams, every bad byte at every position.
 */
export function byTier<T>(unit: T, deep: T): T {
  return DEEP ? deep : unit;
}

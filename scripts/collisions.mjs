// Prints the collision table of docs/formats.md: for fleets of unsynchronised nodes minting IDs at a steady
// rate, the expected time until two nodes make the same ID, from the birthday bound. Run: node scripts/collisions.mjs
//
// Model. Each node runs one monotonic generator, so a node never repeats itself; nodes draw randomness
// independently. Two IDs can only be equal when they share a time unit (a millisecond; a 32.768 us tick for
// BaseUID; a second for KSUID), and then they are equal with probability 2^-b, b being the random bits of that unit. Whether a node's
// IDs in one unit are fresh draws or a run that counts up from one draw (ULID, BaseUID, KSUID: + 1; Ulid-Flake: + 1..255;
// UUID v7: a counter and 32 fresh bits), each ID of another node lands on one of them with probability about
// k / 2^b, so by linearity the expected number of equal pairs per unit is (pairs of IDs from different nodes) / 2^b.
// The first collision is then expected after 2^b / that many units: a Poisson rate, fine while it is far below one
// a unit (the table says "< 1 ms" where it is not).

const TICKS_PER_MS = 1e6 / 32768;

/** Formats: random bits per time unit, and time units per ms. Ulid-Flake's scalable layout is handled apart. */
const FORMATS = [
  { name: "ULID", bits: 80, unitsPerMs: 1 },
  // 74 random bits, the counter's top bit kept clear; a TypeID made here holds such a UUID v7.
  { name: "UUID v7 / TypeID", bits: 73, unitsPerMs: 1 },
  { name: "BaseUID", bits: 72, unitsPerMs: TICKS_PER_MS },
  { name: "Ulid-Flake", bits: 20, unitsPerMs: 1 },
  { name: "Ulid-Flake scalable", bits: 15, unitsPerMs: 1, sids: 32 },
  { name: "KSUID", bits: 128, unitsPerMs: 1e-3 }, // a time unit is a second
  // 40 bits drawn once per generator and a 24-bit counter started at random with its top bit clear: two IDs of one
  // second are equal when both agree (2^-40 x 2^-23), the counters counting up in step from then on.
  { name: "ObjectId", bits: 63, unitsPerMs: 1e-3 },
  // Machine and pid drawn (40 bits, when not given) and ObjectId's counter: as ObjectId.
  { name: "XID", bits: 63, unitsPerMs: 1e-3 },
  // 10 node bits drawn once per generator (by default) and a 12-bit counter started at random, top bit clear, per ms.
  { name: "TSID", bits: 21, unitsPerMs: 1 },
  // 10 worker bits drawn once per generator (when not given; distinct workers never collide) and a sequence that
  // starts at 0 every ms: two nodes with one worker make the same IDs in every ms both mint in.
  { name: "Snowflake", bits: 10, unitsPerMs: 1, fromZero: true },
];

/** Fleets: nodes, and IDs each makes per millisecond. */
const FLEETS = [
  { nodes: 2, perMs: 0.001 },
  { nodes: 10, perMs: 0.001 },
  { nodes: 10, perMs: 1 },
  { nodes: 32, perMs: 10 },
  { nodes: 100, perMs: 1 },
  { nodes: 100, perMs: 100 },
  { nodes: 1000, perMs: 10 },
];

/**
 * IDs a Ulid-Flake generator makes in one millisecond before its random field overflows, on average: it starts
 * uniformly in the field (half of it left, on average) and adds a random byte per ID, 1 for a zero byte
 * (entropySize 1): 32641 / 256, about 127.5, on average.
 */
const MEAN_STEP = 32641 / 256;
const FLAKE_CAPACITY = { "Ulid-Flake": 2 ** 19 / MEAN_STEP, "Ulid-Flake scalable": 2 ** 14 / MEAN_STEP };

/** Expected equal pairs per ms between the fleet's nodes. */
function pairsPerMs(format, { nodes, perMs }) {
  const perUnit = perMs / format.unitsPerMs;
  // Scalable layout: nodes are given sids round-robin, and only nodes with the same sid can make the same ID.
  const groups = format.sids ? Math.min(nodes, format.sids) : 1;
  let pairs = 0;
  for (let g = 0; g < groups; g++) {
    const members = Math.floor(nodes / groups) + (g < nodes % groups ? 1 : 0);
    // Sequences counting from 0 (Snowflake's) meet only on their common first IDs: about perUnit of them once a node
    // makes more than one a unit; random starts meet in any of perUnit x perUnit pairs.
    const meeting = format.fromZero ? Math.min(perUnit, perUnit * perUnit) : perUnit * perUnit;
    pairs += ((members * (members - 1)) / 2) * meeting;
  }
  return (pairs * format.unitsPerMs) / 2 ** format.bits;
}

const MS = { s: 1e3, min: 6e4, h: 3.6e6, days: 8.64e7, years: 3.15576e10 };

function duration(ms) {
  if (!Number.isFinite(ms)) return "never";
  if (ms < 1) return "< 1 ms";
  const [unit, size] = Object.entries(MS).findLast(([, size]) => ms >= size) ?? ["ms", 1];
  const value = ms / size;
  if (unit === "years" && value >= 1e4) return `10^${Math.floor(Math.log10(value))} years`;
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${unit}`;
}

function cell(format, fleet) {
  const capacity = FLAKE_CAPACITY[format.name];
  if (capacity !== undefined && fleet.perMs > capacity) return `over capacity (~${Math.round(capacity)}/ms)`;
  const rate = pairsPerMs(format, fleet);
  return duration(rate === 0 ? Infinity : 1 / rate);
}

const rate = (perMs) => (perMs < 1 ? `${perMs * 1000}/s` : `${perMs}/ms`);
const lines = [
  `| nodes x IDs per node | ${FORMATS.map((f) => f.name).join(" | ")} |`,
  `| --- | ${FORMATS.map(() => "---").join(" | ")} |`,
  ...FLEETS.map((fleet) => `| ${fleet.nodes} x ${rate(fleet.perMs)} | ${FORMATS.map((f) => cell(f, fleet)).join(" | ")} |`),
];
console.log(lines.join("\n"));

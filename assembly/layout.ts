// Fixed scratch regions in linear memory. They are zero-filled static data: every address is a compile-time
// constant, and they take no room in the binary. With the tables they fill 696 KB of the memory's 11 pages (704
// KiB; asconfig.json sets initialMemory == maximumMemory, so a bigger region fails to compile), which never grows:
// the TypeScript side builds its views once. Kernels take only counts; the TypeScript side chunks larger batches.
//
//   region   bytes       contents, for record i
//   BINARY   20 * CHUNK  ULID i at 16i: bytes 0-5 time, bytes 6-15 random (big-endian)
//   TEXT     27 * CHUNK  text record i at 27i: 26 chars, then a separator byte
//   TIME      8 * CHUNK  f64 Unix ms of record i at 8i
//   FLAGS         CHUNK  1 (valid) or 0 at i
//   RANDOM   16 * CHUNK  random bytes of ULID i at 10i
//   SEED             20  one binary ID, the state of `formatAdvance`
//   PREFIX           64  TypeID: the prefix every text record of the current call carries (typeid.ts)
//
// The other formats' kernels (formats.ts) use the same six regions, with their own record sizes: binary IDs of 8,
// 15, 16 or 20 bytes, text records of 14, 21, 28 or 37 bytes (TypeID: 27 to 91, by its prefix), random bytes per ID
// up to 16. BINARY and RANDOM are sized for the largest (a KSUID's 20 bytes and 16-byte payload), so a generation
// step of CHUNK IDs fits any format. A call takes as many records as TEXT holds (formatChunk: 5977 UUIDs, 7899
// KSUIDs, 2430 TypeIDs of a 63-char prefix, CHUNK of the others); resizing a region resizes their chunks too.
//
//   scan region   bytes  contents (scan-*.ts), for match i; SCAN_MATCHES = 3120
//   SCAN_TEXT     65536  the text searched: any bytes
//   SCAN_OFFSETS  12480  u32 offset in SCAN_TEXT of match i at 4i
//   SCAN_TIMES    24960  f64 Unix ms of match i at 8i
//   SCAN_LENGTHS   3120  u8 length of match i at i (TypeID: its matches vary, 26 to 90 bytes; scan-merged.ts: every one)
//   SCAN_FORMATS   3120  u8 format of match i at i (a scan of several formats): its index in the scan's list
//   SCAN_LIST        16  u8 format number (formats.ts) of each format in the scan's list
//
// The column writer (scan-columns.ts) leaves its output in regions of the batch kernels, which are free between
// calls: each kept match's stream offset in TIME (f64 at 8i), its line at TIME + 8 * SCAN_MATCHES, its binary ID in
// BINARY (back to back, each in its format's width).

/**
 * IDs per kernel call. Must be >= GENERATE_CHUNK (src/engine/types.ts): a whole generation step fits RANDOM.
 * Measured (npm run bench:kernels, the copy-in/kernel/copy-out pipeline on 1M IDs): decode and encode cost the
 * same per ID from 2048 to 8192 records a call, and encode more at 512-1024; TEXT and BINARY of 8192
 * records (352 KB) still sit in L2. So the largest chunk the memory holds, which generation needs anyway.
 */
export const CHUNK = 8192;

/** Bytes in a binary ULID. */
export const ID_BYTES = 16;
/** Bytes in the largest binary ID of any format (a KSUID): BINARY and SEED hold CHUNK and one of them. */
export const MAX_ID_BYTES = 20;
/** Characters in a text ULID. */
export const ID_CHARS = 26;
/** Bytes a text record occupies: the characters and one separator. */
export const RECORD = ID_CHARS + 1;
/** Random bytes in a ULID. */
export const RANDOM_BYTES = 10;
/** The most random bytes any format stamps an ID with (a KSUID's payload). */
export const MAX_RANDOM_BYTES = 16;

// Aligned to 16 bytes, so binary IDs and f64 times are naturally aligned.
export const BINARY = memory.data(MAX_ID_BYTES * CHUNK, 16);
export const TEXT = memory.data(RECORD * CHUNK, 16);
export const TIME = memory.data(8 * CHUNK, 16);
export const FLAGS = memory.data(CHUNK, 16);
export const RANDOM = memory.data(MAX_RANDOM_BYTES * CHUNK, 16);
export const SEED = memory.data(MAX_ID_BYTES, 16);
/** The longest TypeID prefix (spec v0.3): PREFIX holds one. */
export const MAX_PREFIX = 63;
export const PREFIX = memory.data(MAX_PREFIX + 1, 16);

/**
 * Bytes `scan` searches per call: 64 KiB is large enough that the per-call cost (copying in, a call, copying
 * matches out) vanishes against the search, and small enough to stay in L2 cache beside the tables.
 */
export const SCAN_BYTES = 65536;
/**
 * Characters of the shortest ID any scannable format has: an XID's 20 (src/engine/types.ts, SHORTEST_SCAN_CHARS; a
 * format scanning finds with shorter IDs lowers it in both).
 */
export const SHORTEST_SCAN_CHARS = 20;
/** Most matches SCAN_BYTES can hold: the shortest IDs and a border byte between two, so (65536 + 1) / 21. */
export const SCAN_MATCHES = (SCAN_BYTES + 1) / (SHORTEST_SCAN_CHARS + 1);

export const SCAN_TEXT = memory.data(SCAN_BYTES, 16);
export const SCAN_OFFSETS = memory.data(4 * SCAN_MATCHES, 16);
export const SCAN_TIMES = memory.data(8 * SCAN_MATCHES, 16);
export const SCAN_LENGTHS = memory.data(SCAN_MATCHES, 16);
/** The most formats one scan merges: SCAN_LIST holds their numbers. */
export const MAX_SCAN_FORMATS = 16;
export const SCAN_FORMATS = memory.data(SCAN_MATCHES, 16);
export const SCAN_LIST = memory.data(MAX_SCAN_FORMATS, 16);

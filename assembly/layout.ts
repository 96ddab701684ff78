// Fixed scratch regions in linear memory. They are zero-filled static data: every address is a compile-time
// constant, and they take no room in the binary. With the tables they fill 509 KB of the memory's 8 pages (512
// KiB; asconfig.json sets initialMemory == maximumMemory, so a bigger CHUNK fails to compile), which never grows:
// the TypeScript side builds its views once. Kernels take only counts; the TypeScript side chunks larger batches.
//
//   region   bytes       contents, for record i
//   BINARY   16 * CHUNK  ULID i at 16i: bytes 0-5 time, bytes 6-15 random (big-endian)
//   TEXT     27 * CHUNK  text record i at 27i: 26 chars, then a separator byte
//   TIME      8 * CHUNK  f64 Unix ms of record i at 8i
//   FLAGS         CHUNK  1 (valid) or 0 at i
//   RANDOM   10 * CHUNK  random bytes of ULID i at 10i
//   SEED             16  one binary ULID, the state of `increment`

/** IDs per kernel call. Must be >= GENERATE_CHUNK (src/engine/types.ts): a whole generation step fits RANDOM. */
export const CHUNK = 8192;

/** Bytes in a binary ULID. */
export const ID_BYTES = 16;
/** Characters in a text ULID. */
export const ID_CHARS = 26;
/** Bytes a text record occupies: the characters and one separator. */
export const RECORD = ID_CHARS + 1;
/** Random bytes in a ULID. */
export const RANDOM_BYTES = 10;

// Aligned to 16 bytes, so binary IDs and f64 times are naturally aligned.
export const BINARY = memory.data(ID_BYTES * CHUNK, 16);
export const TEXT = memory.data(RECORD * CHUNK, 16);
export const TIME = memory.data(8 * CHUNK, 16);
export const FLAGS = memory.data(CHUNK, 16);
export const RANDOM = memory.data(RANDOM_BYTES * CHUNK, 16);
export const SEED = memory.data(ID_BYTES, 16);

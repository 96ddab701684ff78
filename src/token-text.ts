/** The canonical text of a token found in bytes: ASCII lower-case letters raised (scan matches, `ulid scan`). */

/** Byte -> the same byte with ASCII lower-case letters raised. */
export const UPPER = Uint8Array.from({ length: 256 }, (_, byte) => (byte >= 0x61 && byte <= 0x7a ? byte - 0x20 : byte));

/**
 * The canonical text of the token at `w[at]`: its 26 bytes, lower-case letters raised. `String.fromCharCode` with
 * the codes as arguments builds the flat string in one step (see `encodeString` in engine/js-codec.ts).
 */
export function tokenText(w: Uint8Array, at: number): string {
  const u = UPPER;
  return String.fromCharCode(
    u[w[at]], u[w[at + 1]], u[w[at + 2]], u[w[at + 3]], u[w[at + 4]], u[w[at + 5]], u[w[at + 6]],
    u[w[at + 7]], u[w[at + 8]], u[w[at + 9]], u[w[at + 10]], u[w[at + 11]], u[w[at + 12]], u[w[at + 13]],
    u[w[at + 14]], u[w[at + 15]], u[w[at + 16]], u[w[at + 17]], u[w[at + 18]], u[w[at + 19]], u[w[at + 20]],
    u[w[at + 21]], u[w[at + 22]], u[w[at + 23]], u[w[at + 24]], u[w[at + 25]],
  );
}

/**
 * Strings from character codes in bytes, one char per byte (a byte above 0x7F stays one char, so positions hold).
 *
 * `String.fromCharCode` with the codes as separate arguments builds a flat string in one step: faster than
 * `.apply` on an array and than a TextDecoder call for one ID (chosen from bench/single.ts, encode).
 * Unlike a slice of a longer decoded string it pins nothing: V8 makes every slice of 13 chars or more a view of its
 * parent, so one kept ID would keep its whole batch's text alive, and every later read of it pays an indirection
 * (bench/strings.ts; docs/performance.md, "String batches").
 */

/** Makes one ID's flat string from its codes at `c[at]`. */
export type StringMaker = (c: Uint8Array, at: number) => string;

/** 26 codes: a ULID. */
export const string26: StringMaker = (c, at) =>
  String.fromCharCode(
    c[at]!, c[at + 1]!, c[at + 2]!, c[at + 3]!, c[at + 4]!, c[at + 5]!, c[at + 6]!, c[at + 7]!, c[at + 8]!,
    c[at + 9]!, c[at + 10]!, c[at + 11]!, c[at + 12]!, c[at + 13]!, c[at + 14]!, c[at + 15]!, c[at + 16]!,
    c[at + 17]!, c[at + 18]!, c[at + 19]!, c[at + 20]!, c[at + 21]!, c[at + 22]!, c[at + 23]!, c[at + 24]!,
    c[at + 25]!,
  );

/** 13 codes: a Ulid-Flake. */
const string13: StringMaker = (c, at) =>
  String.fromCharCode(
    c[at]!, c[at + 1]!, c[at + 2]!, c[at + 3]!, c[at + 4]!, c[at + 5]!, c[at + 6]!, c[at + 7]!, c[at + 8]!,
    c[at + 9]!, c[at + 10]!, c[at + 11]!, c[at + 12]!,
  );

/** 20 codes: a BaseUID. */
const string20: StringMaker = (c, at) =>
  String.fromCharCode(
    c[at]!, c[at + 1]!, c[at + 2]!, c[at + 3]!, c[at + 4]!, c[at + 5]!, c[at + 6]!, c[at + 7]!, c[at + 8]!,
    c[at + 9]!, c[at + 10]!, c[at + 11]!, c[at + 12]!, c[at + 13]!, c[at + 14]!, c[at + 15]!, c[at + 16]!,
    c[at + 17]!, c[at + 18]!, c[at + 19]!,
  );

/** 27 codes: a KSUID. */
const string27: StringMaker = (c, at) =>
  String.fromCharCode(
    c[at]!, c[at + 1]!, c[at + 2]!, c[at + 3]!, c[at + 4]!, c[at + 5]!, c[at + 6]!, c[at + 7]!, c[at + 8]!,
    c[at + 9]!, c[at + 10]!, c[at + 11]!, c[at + 12]!, c[at + 13]!, c[at + 14]!, c[at + 15]!, c[at + 16]!,
    c[at + 17]!, c[at + 18]!, c[at + 19]!, c[at + 20]!, c[at + 21]!, c[at + 22]!, c[at + 23]!, c[at + 24]!,
    c[at + 25]!, c[at + 26]!,
  );

/** 36 codes: a UUID. */
const string36: StringMaker = (c, at) =>
  String.fromCharCode(
    c[at]!, c[at + 1]!, c[at + 2]!, c[at + 3]!, c[at + 4]!, c[at + 5]!, c[at + 6]!, c[at + 7]!, c[at + 8]!,
    c[at + 9]!, c[at + 10]!, c[at + 11]!, c[at + 12]!, c[at + 13]!, c[at + 14]!, c[at + 15]!, c[at + 16]!,
    c[at + 17]!, c[at + 18]!, c[at + 19]!, c[at + 20]!, c[at + 21]!, c[at + 22]!, c[at + 23]!, c[at + 24]!,
    c[at + 25]!, c[at + 26]!, c[at + 27]!, c[at + 28]!, c[at + 29]!, c[at + 30]!, c[at + 31]!, c[at + 32]!,
    c[at + 33]!, c[at + 34]!, c[at + 35]!,
  );

/**
 * The maker for IDs of `chars` characters: a function of its own per width, chosen once per codec, so each call site
 * runs one unrolled call (a switch on the width in one shared function measured slower in encodeMany). A TypeID
 * with a prefix (`chars` counting it and its underscore) is the prefix's `prefix_`, made once, joined to the flat
 * 26-char suffix: what `prefix + "_" + suffix` gives in other libraries (a V8 cons string of the two, flattened once
 * by whoever reads it), made without an array of codes; `String.fromCharCode.apply` over 31 codes measured slower.
 */
/** The string of a text of a format whose texts vary in width: its `chars` codes without the PAD bytes before it. */
export function paddedStringMaker(chars: number, pad: number): StringMaker {
  return (c, at) => {
    let start = at;
    while (start < at + chars && c[start] === pad) start++;
    return String.fromCharCode.apply(null, c.subarray(start, at + chars) as unknown as number[]);
  };
}

export function stringMaker(chars: number, prefix = ""): StringMaker {
  if (prefix !== "") {
    const head = `${prefix}_`;
    const lead = head.length;
    return (c, at) => head + string26(c, at + lead);
  }
  switch (chars) {
    case 26:
      return string26;
    case 13:
      return string13;
    case 20:
      return string20;
    case 27:
      return string27;
    case 36:
      return string36;
    default:
      // A width without its own maker: `.apply` over the codes, slower than separate arguments but as flat.
      return (c, at) => String.fromCharCode.apply(null, c.subarray(at, at + chars) as unknown as number[]);
  }
}

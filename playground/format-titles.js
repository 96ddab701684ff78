// How the page names the registry's formats, and how long their texts are, for its labels and messages.

/** Each format's name on the page; a format without one here shows under its key. */
const TITLES = {
  ulid: "ULID",
  flake: "Ulid-Flake",
  baseuid: "BaseUID",
  uuidv7: "UUID v7",
  ksuid: "KSUID",
  typeid: "TypeID",
  objectid: "ObjectId",
  xid: "XID",
  tsid: "TSID",
  snowflake: "Snowflake",
};

export const titleOf = (key) => TITLES[key] ?? key;

/**
 * The longest text of any format: a TypeID whose prefix has the most characters a prefix may have (63), its "_"
 * and its 26-character suffix.
 */
export const LONGEST_ID = 63 + 1 + 26;

/** The lengths of the formats whose texts vary in length (the registry's `chars` is the longest); else `chars`. */
const LENGTHS = { typeid: "26, or 28 to 90 with a prefix", snowflake: "1 to 19" };

export const lengthOf = (key, chars) => LENGTHS[key] ?? String(chars);

/**
 * TypeID against the `typeid-js` package (pinned in package.json), both ways, on both engines, on random values:
 * it encodes random UUIDs under random prefixes as we do (fromUUID), it decodes our texts to the same prefix and UUID
 * (its bytes, getType), and we decode what it generates to the UUID and prefix it reports; what either makes, single or
 * in bulk, the other reads identically.
 */
import { TypeID, typeid as peerTypeId } from "typeid-js";
import { expect, it } from "vitest";
import { typeid } from "../src/index.js";
import { expectSameArray } from "./helpers/arrays.js";
import { forEachEngine } from "./helpers/engines.js";
import { pseudoRandomBytes, seededUint32 } from "./helpers/reference.js";

const COUNT = 2000;
const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** A valid prefix of 0-63 chars from `next`: letters, with underscores inside. */
function randomPrefix(next: () => number): string {
  const length = next() % 4 === 0 ? 0 : next() % 64;
  let prefix = "";
  for (let i = 0; i < length; i++) prefix += i > 0 && i < length - 1 && next() % 5 === 0 ? "_" : LETTERS[next() % 26];
  return prefix;
}

function uuidOf(bytes: Uint8Array): string {
  const hex = Buffer.from(bytes).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

forEachEngine(() => {
  it(`encodes ${COUNT} random UUIDs under random prefixes as typeid-js does, and each reads the other's text alike`, () => {
    const next = seededUint32(0x7e1d5);
    const cases = Array.from({ length: COUNT }, () => ({ prefix: randomPrefix(next), uuid: uuidOf(pseudoRandomBytes(16, next())) }));
    const theirs = cases.map(({ prefix, uuid }) => TypeID.fromUUID(prefix, uuid).toString());
    const ours = cases.map(({ prefix, uuid }) => typeid.fromUUID(uuid, prefix));
    expectSameArray(ours, theirs, "fromUUID");
    // Its toUUID refuses UUIDs of no RFC version (its `uuid` dependency validates them): its bytes say the same.
    const parsed = ours.map((text) => {
      const id = TypeID.fromString(text);
      return `${id.getType()} ${uuidOf(id.toUUIDBytes())}`;
    });
    expectSameArray(parsed, cases.map(({ prefix, uuid }) => `${prefix} ${uuid}`), "typeid-js reading ours");
    expectSameArray(theirs.map((text) => `${typeid.parse(text).prefix} ${typeid.toUUID(text)}`), parsed, "ours reading theirs");
  });

  it(`reads ${COUNT} TypeIDs typeid-js generates, single and in bulk, to its UUID, prefix and time; it reads ours alike`, () => {
    const made = Array.from({ length: COUNT }, (_, i) => peerTypeId(i % 3 === 0 ? "" : "user").toString());
    const expected = made.map((text) => {
      const id = TypeID.fromString(text);
      return `${id.getType()} ${id.toUUID()}`;
    });
    expectSameArray(made.map((text) => `${typeid.parse(text).prefix} ${typeid.toUUID(text)}`), expected, "parse");
    const bytes = typeid.decodeMany(made);
    expectSameArray(
      Array.from({ length: COUNT }, (_, i) => uuidOf(bytes.subarray(16 * i, 16 * i + 16))),
      expected.map((line) => line.split(" ")[1]!),
      "decodeMany",
    );
    const times = typeid.decodeTimeMany(made);
    expect([...times]).toEqual(expected.map((line) => Number.parseInt(line.split(" ")[1]!.replace("-", "").slice(0, 12), 16)));

    const ours = [...Array.from({ length: 10 }, () => typeid.generate(undefined, { prefix: "user" })), ...typeid.encodeMany(typeid.generateMany(COUNT), { prefix: "user" })];
    expectSameArray(
      ours.map((text) => `${TypeID.fromString(text, "user").getType()} ${TypeID.fromString(text).toUUID()}`),
      ours.map((text) => `user ${typeid.toUUID(text, { prefix: "user" })}`),
      "typeid-js reading our generated IDs",
    );
  });
});

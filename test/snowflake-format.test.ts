/**
 * The `snowflake` namespace on both engines: the SPEC vectors and Twitter's and Discord's own cases
 * (test/fixtures/snowflake-*.json) through the reading calls, the epochs, bulk text of varying width, line decoding,
 * generation with `worker` (a generator draws its worker once and starts each millisecond at sequence 0), the bounds,
 * the 63-bit integers, scanning refused, and differentials both ways against `@sapphire/snowflake`.
 */
import { readFileSync } from "node:fs";
import { DiscordSnowflake, TwitterSnowflake } from "@sapphire/snowflake";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeLines, formats, scanText, snowflake, type Snowflake } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { expectUlidError } from "./helpers/errors.js";
import { latin1, scriptedBytes } from "./helpers/reference.js";
import { propertyRuns } from "./helpers/tier.js";
import { DISCORD_EPOCH, SNOWFLAKE_INVALID, SNOWFLAKE_TEXTS, TWITTER_EPOCH } from "./format-vectors.js";

const LARGEST = (1n << 63n) - 1n;
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8"));
const valueOf = (text: string): bigint => snowflake.toBigInt(text);
const worker = (text: string): number => Number((valueOf(text) >> 12n) & 1023n);
const sequence = (text: string): number => Number(valueOf(text) & 4095n);

/**
 * @sapphire/snowflake's `timestampFrom` is `Math.floor(Number(id) / 2^22)`: past 2^53 `Number(id)` rounds, and where
 * it rounds up across a multiple of 2^22 (the last IDs of a millisecond) its time is one ms late. Exactly those IDs
 * are skipped against it (the last test below pins the largest Snowflake as one of them).
 */
const sapphireTimestampBug = (id: bigint): boolean => Math.floor(Number(id) / 2 ** 22) !== Number(id >> 22n);

/** Any 63-bit value, weighted to both ends and to every width of text. */
const anyValue = fc.oneof(fc.bigInt({ min: 0n, max: LARGEST }), fc.integer({ min: 0, max: 62 }).chain((bits) => fc.bigInt({ min: 0n, max: 2n ** BigInt(bits + 1) - 1n })));

forEachEngine(() => {
  describe("snowflake", () => {
    it("is in the registry, after TSID: 19 characters at most, 8 bytes", () => {
      expect(formats.snowflake).toBe(snowflake);
      expect([snowflake.name, snowflake.chars, snowflake.bytes]).toEqual(["snowflake", 19, 8]);
      expect(Object.keys(formats).indexOf("snowflake")).toBe(Object.keys(formats).indexOf("tsid") + 1);
    });

    it("reads the SPEC vectors: integers, fields, times at both named epochs and at any other", () => {
      for (const { text, timeField, worker: w, sequence: s, twitterMs, discordMs } of SNOWFLAKE_TEXTS) {
        expect(valueOf(text)).toBe(BigInt(text));
        expect(snowflake.fromBigInt(BigInt(text))).toBe(text);
        expect([worker(text), sequence(text)]).toEqual([w, s]);
        expect(snowflake.decodeTime(text)).toBe(twitterMs);
        expect(snowflake.decodeTime(text, { epoch: "twitter" })).toBe(twitterMs);
        expect(snowflake.decodeTime(text, { epoch: "discord" })).toBe(discordMs);
        expect(snowflake.decodeTime(text, { epoch: 0 })).toBe(timeField);
        expect(snowflake.decodeTime(text, { epoch: new Date(5) })).toBe(timeField + 5);
        expect(snowflake.encode(snowflake.decode(text))).toBe(text);
      }
      const texts = SNOWFLAKE_TEXTS.map((v) => v.text);
      expect(Array.from(snowflake.decodeTimeMany(texts, { epoch: "discord" }))).toEqual(SNOWFLAKE_TEXTS.map((v) => v.discordMs));
      for (const vector of SNOWFLAKE_INVALID) {
        expectUlidError(() => snowflake.decode(vector.text), vector.code, "position" in vector ? vector.position : undefined);
        expect(snowflake.isValid(vector.text)).toBe(false);
      }
      for (const epoch of ["Twitter", "x", -1, 1.5, null]) {
        expectUlidError(() => snowflake.decodeTime(texts[0]!, { epoch } as never), "INVALID_ARGUMENT");
      }
    });

    it("reads Twitter's and Discord's own cases (test/fixtures)", () => {
      const twitter = fixture("snowflake-twitter-snowflake.json");
      expect(twitter.epoch).toBe(TWITTER_EPOCH);
      for (const { text, timeField, worker: w, sequence: s } of twitter.ids) {
        expect([snowflake.decodeTime(text) - TWITTER_EPOCH, worker(text), sequence(text)]).toEqual([timeField, w, s]);
      }
      // Twitter's worker field is datacenter (5 bits) then worker (5 bits): a worker option of 1023 sets both.
      const id = snowflake.generate(TWITTER_EPOCH + 1, { worker: twitter.workerMask.worker });
      expect(worker(id)).toBe((twitter.workerMask.datacenterId << 5) | twitter.workerMask.workerId);
      const discord = fixture("snowflake-discord-api-docs.json");
      for (const { text, unixMs, iso, internalWorker, internalProcess, increment } of discord.ids) {
        expect(snowflake.decodeTime(text, { epoch: "discord" })).toBe(unixMs);
        expect(new Date(snowflake.decodeTime(text, { epoch: discord.epoch })).toISOString()).toBe(iso);
        expect([worker(text) >> 5, worker(text) & 31, sequence(text)]).toEqual([internalWorker, internalProcess, increment]);
      }
    });

    it("bulk text: records of varying width, each ended by one separator byte that is not a digit", () => {
      const texts = ["0", "7", "4194304", "175928847299117063", "9223372036854775807"];
      const bytes = snowflake.decodeMany(texts);
      expect(snowflake.encodeManyText(bytes)).toEqual(latin1(`${texts.join("\n")}\n`));
      expect(String.fromCharCode(...snowflake.encodeManyText(bytes, { separator: "," }))).toBe(`${texts.join(",")},`);
      expect(snowflake.encodeMany(bytes)).toEqual(texts);
      for (const separator of ["\n", ",", " ", "a", "\0", "\xff"]) {
        expect(snowflake.decodeMany(latin1(texts.join(separator)))).toEqual(bytes);
        expect(snowflake.decodeMany(latin1(texts.join(separator) + separator))).toEqual(bytes);
      }
      expect(Array.from(snowflake.validateMany(latin1("12\n07\n\n99999999999999999999\n9223372036854775808\n5")))).toEqual([1, 0, 0, 0, 0, 1]);
      expectUlidError(() => snowflake.decodeMany(latin1("12\n34\n056\n7")), "INVALID_CHAR", 2);
      expectUlidError(() => snowflake.encodeManyText(bytes, { separator: "5" }), "INVALID_ARGUMENT");
    });

    it("decodes lines of any width, with format \"snowflake\"", async () => {
      const texts = ["1", "4194304", "1212092628029698048"];
      const out: number[] = [];
      const bad: number[] = [];
      const chunks = [latin1(`${texts[0]}\n${texts[1]}\r\n07\n`), latin1(`12120926280`), latin1(`29698048\n`)];
      for await (const ids of decodeLines(chunks, { format: "snowflake", onInvalid: (error) => bad.push(error.index!) })) out.push(...ids);
      expect(Uint8Array.from(out)).toEqual(snowflake.decodeMany(texts));
      expect(bad).toEqual([2]);
    });

    it("generates with worker and epoch: generate draws the worker and the sequence, 2 bytes each", () => {
      const id = snowflake.generate(1577820376771, { worker: 327, random: scriptedBytes([0, 7]) });
      expect(id).toBe("1212092628029698055");
      expect(snowflake.generate(new Date(1462015105796), { epoch: "discord", random: scriptedBytes([0, 32, 0, 7]) })).toBe("175928847299117063");
      const drawn = snowflake.generate(TWITTER_EPOCH, { random: scriptedBytes([0xff, 0xff, 0xff, 0xff]) });
      expect([worker(drawn), sequence(drawn), snowflake.decodeTime(drawn)]).toEqual([1023, 4095, TWITTER_EPOCH]);
      expect(snowflake.generate(1000, { epoch: 1000, worker: 0, random: scriptedBytes([0, 0]) })).toBe("0");
      expect(snowflake.decodeTime(snowflake.generate(TWITTER_EPOCH + 2 ** 41 - 1))).toBe(TWITTER_EPOCH + 2 ** 41 - 1);
      expectUlidError(() => snowflake.generate(TWITTER_EPOCH - 1), "INVALID_TIME");
      expectUlidError(() => snowflake.generate(TWITTER_EPOCH + 2 ** 41), "INVALID_TIME");
      expectUlidError(() => snowflake.generate(DISCORD_EPOCH - 1, { epoch: "discord" }), "INVALID_TIME");
      for (const w of [1024, -1, 0.5, "1", null]) expectUlidError(() => snowflake.generate(undefined, { worker: w } as never), "INVALID_ARGUMENT");
      expectUlidError(() => snowflake.generate(undefined, { epoch: "x" } as never), "INVALID_ARGUMENT");
      expectUlidError(() => snowflake.monotonicFactory({ worker: 2000 }), "INVALID_ARGUMENT");
    });

    it("a generator: worker drawn once, each millisecond from sequence 0, + 1 within it; past 4095 MONOTONIC_OVERFLOW", () => {
      // The worker's draw (2 bytes, 10 bits kept), and nothing more: a new millisecond starts at 0.
      const next = snowflake.monotonicFactory({ random: scriptedBytes([0xfc, 0x05]) });
      const [a, b, c] = [next(TWITTER_EPOCH + 9), next(TWITTER_EPOCH + 9), next(TWITTER_EPOCH + 10)];
      expect([a, b, c].map((id) => [worker(id), sequence(id)])).toEqual([[5, 0], [5, 1], [5, 0]]);
      expect(valueOf(a!) < valueOf(b!) && valueOf(b!) < valueOf(c!)).toBe(true);
      // The clock going back keeps the last time.
      expect([snowflake.decodeTime(next(TWITTER_EPOCH)), sequence(next(TWITTER_EPOCH))]).toEqual([TWITTER_EPOCH + 10, 2]);
      const batch = snowflake.encodeMany(snowflake.generateMany(4096, { time: TWITTER_EPOCH + 3, worker: 9 }));
      expect([sequence(batch[0]!), sequence(batch[4095]!), new Set(batch.map(worker))]).toEqual([0, 4095, new Set([9])]);
      expectUlidError(() => snowflake.generateMany(4097, { time: TWITTER_EPOCH + 3 }), "MONOTONIC_OVERFLOW", 4096);
      const atTop = snowflake.monotonicFactory({ after: snowflake.max(TWITTER_EPOCH + 3) });
      expectUlidError(() => atTop(TWITTER_EPOCH + 3), "MONOTONIC_OVERFLOW");
      expect(snowflake.decodeTime(atTop(TWITTER_EPOCH + 4))).toBe(TWITTER_EPOCH + 4);
      // On the real clock a batch past 4096 IDs a millisecond waits for the next one.
      const real = snowflake.generateMany(10_000, { worker: 1 });
      const values = snowflake.encodeMany(real).map(valueOf);
      expect(values.every((v, i) => i === 0 || v > values[i - 1]!)).toBe(true);
    });

    it("a sequence continued after an ID keeps that ID's worker (batches chained with `after`, as the command's)", () => {
      // The first batch draws worker 5; a draw for the second would give 7, and none is made.
      const first = snowflake.encodeMany(snowflake.generateMany(3, { time: TWITTER_EPOCH + 9, random: scriptedBytes([0xfc, 0x05]) }));
      const second = snowflake.encodeMany(
        snowflake.generateMany(3, { time: TWITTER_EPOCH + 10, after: first[2]!, random: scriptedBytes([0x00, 0x07, 0, 0]) }),
      );
      expect([...first, ...second].map((id) => [worker(id), sequence(id)])).toEqual([[5, 0], [5, 1], [5, 2], [5, 0], [5, 1], [5, 2]]);
      const next = snowflake.monotonicFactory({ after: snowflake.max(TWITTER_EPOCH + 3), random: scriptedBytes([0x00, 0x07]) });
      expect(worker(next(TWITTER_EPOCH + 4))).toBe(1023);
      // A worker given is the one used, whatever the ID continued.
      expect(worker(snowflake.monotonicFactory({ worker: 9, after: first[2]! })(TWITTER_EPOCH + 20))).toBe(9);
    });

    it("bounds a millisecond: the 22 low bits all zero / all one, as numbers; the epoch moves them", () => {
      expect(snowflake.min(TWITTER_EPOCH)).toBe("0");
      expect(snowflake.max(TWITTER_EPOCH)).toBe("4194303");
      expect(valueOf(snowflake.min(TWITTER_EPOCH + 3))).toBe(3n << 22n);
      expect(valueOf(snowflake.max(TWITTER_EPOCH + 3))).toBe((4n << 22n) - 1n);
      expect(snowflake.min(1462015105796, { epoch: "discord" })).toBe("175928847298985984");
      expect(snowflake.max(new Date(TWITTER_EPOCH + 2 ** 41 - 1))).toBe(String(LARGEST));
      // Text order is not numeric order across widths: compare as numbers.
      expect(snowflake.max(TWITTER_EPOCH) > snowflake.min(TWITTER_EPOCH + 3)).toBe(true);
      expectUlidError(() => snowflake.min(DISCORD_EPOCH - 1, { epoch: "discord" }), "INVALID_TIME");
    });

    it("integers of 63 bits: the sign bit is OVERFLOW in fromBigInt and encode alike", () => {
      expect(snowflake.toBigInt("9223372036854775807")).toBe(LARGEST);
      expect(snowflake.fromBigInt(0n)).toBe("0");
      expectUlidError(() => snowflake.fromBigInt(LARGEST + 1n), "OVERFLOW");
      expectUlidError(() => snowflake.fromBigInt(1n << 64n), "OVERFLOW");
      expectUlidError(() => snowflake.encode(Uint8Array.of(0x80, 0, 0, 0, 0, 0, 0, 0)), "OVERFLOW");
      expectUlidError(() => snowflake.encodeMany(Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 1, 0xff, 0, 0, 0, 0, 0, 0, 0)), "OVERFLOW", 1);
      expectUlidError(() => snowflake.fromBigIntMany([1n, LARGEST + 1n]), "OVERFLOW", 1);
      expect(Array.from(snowflake.toBigIntMany(snowflake.decodeMany(["0", "9223372036854775807"])))).toEqual([0n, LARGEST]);
    });

    it("isValid narrows to Snowflake, and the schema gives the text", () => {
      const value: unknown = "175928847299117063";
      if (snowflake.isValid(value)) {
        const id: Snowflake = value;
        expect(id).toBe("175928847299117063");
      } else expect.unreachable();
      expect(snowflake.schema["~standard"].validate("4194304")).toEqual({ value: "4194304" });
      expect(snowflake.schema["~standard"].validate("07")).toMatchObject({ issues: [{ message: expect.stringContaining("leading zero") }] });
    });

    it("is not scanned for: INVALID_ARGUMENT, saying why", () => {
      expectUlidError(() => scanText("175928847299117063", { format: "snowflake" as never }), "INVALID_ARGUMENT");
      expect(() => scanText("175928847299117063", { format: "snowflake" as never })).toThrow(/Snowflake \(a decimal number of 1 to 19 digits\)/);
    });
  });

  describe("snowflake against @sapphire/snowflake, both ways", () => {
    const peers = [
      { epochName: "twitter", peer: TwitterSnowflake, epoch: TWITTER_EPOCH },
      { epochName: "discord", peer: DiscordSnowflake, epoch: DISCORD_EPOCH },
    ] as const;

    for (const { epochName, peer, epoch } of peers) {
      it(`${epochName}: ours reads its IDs, with its fields and times`, () => {
        const fields = fc.record({
          time: fc.integer({ min: 0, max: 2 ** 41 - 1 }),
          workerId: fc.integer({ min: 0, max: 31 }),
          processId: fc.integer({ min: 0, max: 31 }),
          increment: fc.integer({ min: 0, max: 4095 }),
        });
        fc.assert(
          fc.property(fc.array(fields, { minLength: 1, maxLength: 8 }), (all) => {
            const ids = all.map(({ time, workerId, processId, increment }) =>
              peer.generate({ timestamp: epoch + time, workerId: BigInt(workerId), processId: BigInt(processId), increment: BigInt(increment) }),
            );
            const texts = ids.map(String);
            expect(snowflake.encodeMany(snowflake.decodeMany(latin1(texts.join("\n"))))).toEqual(texts);
            const times = Array.from(snowflake.decodeTimeMany(texts, { epoch: epochName }));
            expect(times).toEqual(ids.map((id) => Number(peer.deconstruct(id).timestamp)));
            ids.forEach((id, i) => {
              expect(snowflake.decodeTime(texts[i]!, { epoch })).toBe(times[i]);
              expect(worker(texts[i]!)).toBe((all[i]!.workerId << 5) | all[i]!.processId);
              if (!sapphireTimestampBug(id)) expect(times[i]).toBe(peer.timestampFrom(id));
            });
          }),
          { numRuns: propertyRuns(2000) },
        );
      });

      it(`${epochName}: it reads ours, made by each call and from any value`, () => {
        fc.assert(
          fc.property(anyValue, (value) => {
            const ours = snowflake.fromBigInt(value);
            const parts = peer.deconstruct(ours);
            expect(parts.id).toBe(value);
            expect(Number(parts.timestamp)).toBe(snowflake.decodeTime(ours, { epoch: epochName }));
            if (!sapphireTimestampBug(value)) expect(peer.timestampFrom(ours)).toBe(snowflake.decodeTime(ours, { epoch: epochName }));
          }),
          { numRuns: propertyRuns(2000) },
        );
        const made = [
          snowflake.generate(undefined, { epoch: epochName }),
          ...snowflake.encodeMany(snowflake.generateMany(50, { epoch: epochName, worker: 513 })),
        ];
        for (const id of made) {
          const parts = peer.deconstruct(id);
          expect(Number(parts.timestamp)).toBe(snowflake.decodeTime(id, { epoch: epochName }));
          if (!sapphireTimestampBug(BigInt(id))) expect(peer.timestampFrom(id)).toBe(snowflake.decodeTime(id, { epoch: epochName }));
        }
        expect(made.slice(1).map((id) => (peer.deconstruct(id).workerId << 5n) | peer.deconstruct(id).processId)).toEqual(made.slice(1).map(() => 513n));
      });
    }

    it("the skipped IDs are exactly @sapphire/snowflake's off-by-one ones", () => {
      // The largest Snowflake is one of them: timestampFrom says one ms past what the time field allows.
      expect(sapphireTimestampBug(LARGEST)).toBe(true);
      expect(TwitterSnowflake.timestampFrom(String(LARGEST))).toBe(TWITTER_EPOCH + 2 ** 41);
      expect(snowflake.decodeTime(String(LARGEST))).toBe(TWITTER_EPOCH + 2 ** 41 - 1);
      expect(sapphireTimestampBug(2n ** 53n - 1n)).toBe(false);
    });
  });
});

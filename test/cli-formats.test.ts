/**
 * `--type` with every format of the registry but ULID (and Ulid-Flake's --sid, --epoch, --scalable, TypeID's --prefix,
 * XID's --machine and --pid, TSID's --epoch, --node and --node-bits, Snowflake's --epoch and --worker) on the built
 * `ulid` bin, run as real processes: every command that makes or reads IDs speaks each format, with the library's
 * semantics and errors, and each format's own options are usage errors (status 2) out of range or for another type.
 */
import { describe, expect, it } from "vitest";
import { baseuid, flake, ksuid, objectid, snowflake, tsid, typeid, uuidv7, xid } from "../src/index.js";
import { WITHOUT_WASM, lines, runCli, runCliBytes } from "./helpers/cli.js";
import { typeIdWithPrefix } from "./helpers/format-reference.js";
import { BASEUID_DOCUMENT, FLAKE_README, KSUID_SEGMENT_INSPECT, OBJECTID_MANUAL, RFC9562_V7, SNOWFLAKE_TEXTS, TSID_README_FIELDS, XID_README, TYPEID_SPEC_VECTOR } from "./format-vectors.js";

const FORMATS = [
  { type: "flake", api: flake, bytes: 8, sample: FLAKE_README.text, sampleMs: FLAKE_README.unixMs },
  { type: "baseuid", api: baseuid, bytes: 15, sample: BASEUID_DOCUMENT.text, sampleMs: BASEUID_DOCUMENT.unixMs },
  { type: "uuidv7", api: uuidv7, bytes: 16, sample: RFC9562_V7.text, sampleMs: RFC9562_V7.unixMs },
  { type: "ksuid", api: ksuid, bytes: 20, sample: KSUID_SEGMENT_INSPECT.text, sampleMs: KSUID_SEGMENT_INSPECT.unixMs },
  { type: "objectid", api: objectid, bytes: 12, sample: OBJECTID_MANUAL.text, sampleMs: OBJECTID_MANUAL.unixMs },
  { type: "xid", api: xid, bytes: 12, sample: XID_README.text, sampleMs: XID_README.seconds * 1000 },
  { type: "tsid", api: tsid, bytes: 8, sample: TSID_README_FIELDS.text, sampleMs: 1586982127665 },
  // 19 digits; the Snowflakes made now are 19 digits too, so their text order is their numeric order.
  { type: "snowflake", api: snowflake, bytes: 8, sample: SNOWFLAKE_TEXTS[1].text, sampleMs: SNOWFLAKE_TEXTS[1].twitterMs },
  // TypeID with --prefix user on every command: `api` is the namespace with that prefix bound.
  { type: "typeid", api: typeIdWithPrefix("user"), bytes: 16, sample: `user_${TYPEID_SPEC_VECTOR.suffix}`, sampleMs: TYPEID_SPEC_VECTOR.unixMs },
] as const;

/** `--type` and the format's own options. */
const typeArgs = (type: string): string[] => (type === "typeid" ? ["--type", type, "--prefix", "user"] : ["--type", type]);

/** 2026-04-15T00:00:00.000Z. */
const T = 1776211200000;

describe.each(FORMATS)("--type $type", ({ type, api, bytes, sample, sampleMs }) => {
  it("new, monotonic, from-time and generate make valid IDs (monotonic ones in order)", async () => {
    const runs = await Promise.all([
      runCli(["new", "3", ...typeArgs(type)]),
      runCli(["monotonic", "50", ...typeArgs(type)]),
      runCli(["from-time", "2026-04-15", "2", ...typeArgs(type)]),
      runCli(["generate", "20000", ...typeArgs(type)]),
    ]);
    for (const { status, stderr } of runs) expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    const [made, monotonic, pinned, generated] = runs.map(({ stdout }) => lines(stdout));
    expect([made!.length, monotonic!.length, pinned!.length, generated!.length]).toEqual([3, 50, 2, 20000]);
    expect([...made!, ...monotonic!, ...pinned!].every((id) => api.isValid(id))).toBe(true);
    for (const run of [monotonic!, generated!]) expect(run.every((id, i) => i === 0 || run[i - 1]! < id)).toBe(true);
    expect(pinned!.map((id) => Math.floor(api.decodeTime(id)))).toEqual([T, T]);
  });

  it(`generate --binary writes ${bytes}-byte records`, async () => {
    const { status, stdout } = await runCliBytes(["generate", "1000", "--binary", ...typeArgs(type)]);
    expect(status).toBe(0);
    expect(stdout.length).toBe(1000 * bytes);
    expect(api.validateMany(api.encodeMany(new Uint8Array(stdout))).every((flag) => flag === 1)).toBe(true);
  });

  it("decode prints ID, whole Unix ms and ISO; reports a bad line by number and exits 1", async () => {
    const input = `${sample}\r\nnot an id\n${sample}`;
    const { status, stdout, stderr } = await runCli(["decode", ...typeArgs(type)], input);
    const row = `${api.encode(api.decode(sample))}\t${sampleMs}\t${new Date(sampleMs).toISOString()}`;
    expect({ status, rows: lines(stdout) }).toEqual({ status: 1, rows: [row, row] });
    // A TypeID line without the required prefix is refused for its prefix first.
    // A Snowflake may have 9 characters: "not an id" is refused for its first one.
    const refusal = { typeid: /^line 2: .*has no prefix, expected the prefix "user"/, snowflake: /^line 2: invalid character "n" \(U\+006E\) at position 0/ };
    expect(stderr).toMatch(refusal[type as keyof typeof refusal] ?? /^line 2: .*has \d+ characters, got 9/);
    const json = await runCli(["decode", "--json", "--strict", ...typeArgs(type)], `${sample}\nx\n${sample}\n`);
    expect(json.status).toBe(1);
    expect(lines(json.stdout).map((l) => JSON.parse(l))).toEqual([{ [type]: api.encode(api.decode(sample)), time: sampleMs, iso: new Date(sampleMs).toISOString() }]);
  });

  it("parse - prints what parse of the same IDs as arguments prints, in text and JSON, and names a bad line", async () => {
    const ids = lines((await runCli(["new", "3", ...typeArgs(type)])).stdout);
    // As a user may type them: TypeID is lower case only, the others read either case.
    const typed = type === "typeid" || type === "baseuid" || type === "ksuid" ? ids : ids.map((id) => id.toLowerCase());
    for (const format of ["text", "json"]) {
      const read = await runCli(["parse", "-", "--format", format, ...typeArgs(type)], `${typed.join("\n")}\nnot an id\n`);
      const given = await runCli(["parse", "--format", format, ...typeArgs(type), ...typed]);
      expect({ status: given.status, stderr: given.stderr }).toEqual({ status: 0, stderr: "" });
      expect(read.stdout, format).toBe(given.stdout);
      expect({ status: read.status, stderr: read.stderr }).toMatchObject({ status: 1, stderr: expect.stringMatching(/^line 4: /) });
    }
  });

  it("validate names each bad ID; '-' reads lines", async () => {
    const bad = `${sample.slice(0, 5)}!${sample.slice(6)}`;
    const args = await runCli(["validate", ...typeArgs(type), sample, bad]);
    expect(args.status).toBe(1);
    expect(args.stderr).toContain('invalid character "!" (U+0021) at position 5');
    expect((await runCli(["validate", ...typeArgs(type), "-"], `${sample}\n${sample}\n`)).status).toBe(0);
  });
});

describe("format-specific options", () => {
  it("parse shows each format's fields, as text and JSON", async () => {
    const text = await runCli(["parse", "--type", "flake", "--scalable", FLAKE_README.text]);
    expect(lines(text.stdout)).toEqual([
      FLAKE_README.text,
      `  time    ${FLAKE_README.unixMs}`,
      `  iso     ${new Date(FLAKE_README.unixMs).toISOString()}`,
      `  integer ${FLAKE_README.integer}`,
      `  random  ${FLAKE_README.scalableRandom}`,
      `  sid     ${FLAKE_README.scalableSid}`,
      "  bytes   003bf26618b218a0",
    ]);
    const json = await runCli(["parse", "--format", "json", "--type", "baseuid", BASEUID_DOCUMENT.text]);
    expect(JSON.parse(json.stdout)).toMatchObject({ baseuid: BASEUID_DOCUMENT.text, time: BASEUID_DOCUMENT.unixMs, uuid: BASEUID_DOCUMENT.uuid });
    const v7 = await runCli(["parse", "--format", "json", "--type", "uuidv7", RFC9562_V7.text.toUpperCase()]);
    expect(JSON.parse(v7.stdout)).toMatchObject({ uuidv7: RFC9562_V7.text, time: RFC9562_V7.unixMs, ulid: RFC9562_V7.ulid });
    // KSUID: the fields of Segment's `ksuid -f inspect` (timestamp, payload), as its README prints them.
    const k = KSUID_SEGMENT_INSPECT;
    // Every value starts in one column, past the longest key ("timestamp").
    const block = lines((await runCli(["parse", "--type", "ksuid", k.text])).stdout);
    expect(block.slice(1).map((line) => line.search(/(?<=\S\s+)\S/))).toEqual([12, 12, 12, 12, 12]);
    const inspected = await runCli(["parse", "--format", "json", "--type", "ksuid", k.text]);
    expect(JSON.parse(inspected.stdout)).toEqual({
      ksuid: k.text,
      time: k.unixMs,
      iso: "2017-10-10T04:00:47.000Z",
      timestamp: k.timeField,
      payload: k.payload.toLowerCase(),
      bytes: k.raw.toLowerCase(),
    });
  });

  it("TypeID: --prefix is written, required when given and any without it; parse shows prefix and UUID", async () => {
    const v = TYPEID_SPEC_VECTOR;
    const parsed = await runCli(["parse", "--format", "json", "--type", "typeid", v.text]);
    expect(JSON.parse(parsed.stdout)).toEqual({
      typeid: v.text,
      prefix: v.prefix,
      uuid: v.uuid,
      time: v.unixMs,
      iso: new Date(v.unixMs).toISOString(),
      bytes: v.uuid.replaceAll("-", ""),
    });
    const bare = await runCli(["new", "2", "--type", "typeid"]);
    expect(lines(bare.stdout).every((id) => /^[0-7][0-9a-hjkmnp-tv-z]{25}$/.test(id))).toBe(true);
    const mixed = `user_${v.suffix}\n${v.suffix}\npre_fix_${v.suffix}\n`;
    expect((await runCli(["validate", "--type", "typeid", "-"], mixed)).status).toBe(0);
    const required = await runCli(["validate", "--type", "typeid", "--prefix", "user", "-"], mixed);
    expect(required.status).toBe(1);
    expect(required.stderr).toContain('expected the prefix "user"');
    const decoded = await runCli(["decode", "--type", "typeid", "--json"], mixed);
    expect(lines(decoded.stdout).map((line) => JSON.parse(line).time)).toEqual([v.unixMs, v.unixMs, v.unixMs]);
    // Without --prefix each line is printed as it is, prefix and all, among lines of the stream's width.
    expect(lines(decoded.stdout).map((line) => JSON.parse(line).typeid)).toEqual(lines(mixed));
    const plain = await runCli(["decode", "--type", "typeid"], `${mixed}${v.suffix.toUpperCase()}\n${mixed}`);
    expect(plain.status).toBe(1);
    expect(plain.stderr).toMatch(/^line 4: /);
    expect(lines(plain.stdout).map((line) => line.split("\t")[0])).toEqual([...lines(mixed), ...lines(mixed)]);
    const badPrefix = await runCli(["new", "--type", "typeid", "--prefix", "User"]);
    expect({ status: badPrefix.status, stdout: badPrefix.stdout }).toEqual({ status: 2, stdout: "" });
    expect(badPrefix.stderr).toContain('--prefix: invalid character "U" (U+0055) at position 0 in "User"');
    expect(typeid.decodeTime((await runCli(["from-time", "2026-04-15", "--type", "typeid", "--prefix", "a_b"])).stdout.trim())).toBe(T);
  });

  it("TypeID: parse - shows each line's own prefix, as parse of the same IDs as arguments does, in text and JSON, on both engines", async () => {
    const v = TYPEID_SPEC_VECTOR;
    const mixed = [`user_${v.suffix}`, v.suffix, `pre_fix_${v.suffix}`, `${"a".repeat(63)}_${v.suffix}`];
    for (const format of ["text", "json"]) {
      const given = await runCli(["parse", "--format", format, "--type", "typeid", ...mixed]);
      for (const node of [[], WITHOUT_WASM]) {
        const read = await runCli(["parse", "-", "--format", format, "--type", "typeid"], `${mixed.join("\n")}\n`, undefined, node);
        expect({ status: read.status, stderr: read.stderr }).toEqual({ status: 0, stderr: "" });
        expect(read.stdout, `${format} ${node.join(" ")}`).toBe(given.stdout);
      }
    }
    const json = await runCli(["parse", "-", "--format", "json", "--type", "typeid"], `${mixed.join("\n")}\n`);
    expect(lines(json.stdout).map((line) => JSON.parse(line).prefix)).toEqual(["user", "", "pre_fix", "a".repeat(63)]);
  });

  it("an invalid --prefix is a usage error (status 2) on every command that takes one, whatever is wrong with it", async () => {
    const id = `user_${TYPEID_SPEC_VECTOR.suffix}`;
    const commands = [["new"], ["monotonic", "2"], ["from-time", "2026-04-15"], ["generate", "2"], ["parse", id], ["decode"], ["validate", id]];
    const runs = commands.flatMap((command) =>
      ["User", "a".repeat(64), "_a"].map(async (prefix) => ({
        command: command[0],
        prefix,
        run: await runCli([...command, "--type", "typeid", "--prefix", prefix], `${id}\n`),
      })),
    );
    for (const { command, prefix, run } of await Promise.all(runs)) {
      expect({ command, prefix, status: run.status, stdout: run.stdout }).toEqual({ command, prefix, status: 2, stdout: "" });
      expect(run.stderr).toMatch(new RegExp(`^ulid ${command}: --prefix: .*\nUsage: ulid ${command} `));
    }
  });

  it("Ulid-Flake's --sid and --epoch shape what is made and read", async () => {
    const made = await runCli(["generate", "300", "--type", "flake", "--sid", "29", "--epoch", "2026-01-01"]);
    const epoch = Date.parse("2026-01-01T00:00:00Z");
    const ids = lines(made.stdout);
    expect(new Set(ids.map((id) => flake.fields(id, { scalable: true }).sid))).toEqual(new Set([29]));
    const now = Date.now();
    expect(ids.every((id) => Math.abs(flake.decodeTime(id, { epoch }) - now) < 60_000)).toBe(true);
    const decoded = await runCli(["decode", "--type", "flake", "--epoch", "2026-01-01"], `${ids[0]}\n`);
    expect(Number(decoded.stdout.split("\t")[1])).toBe(flake.decodeTime(ids[0]!, { epoch }));
  });

  it.each([
    [["new", "--type", "nanoid"], "--type must be one of ulid, flake, baseuid, uuidv7, ksuid"],
    [["new", "--sid", "3"], "--sid is an option of Ulid-Flake: add --type flake"],
    [["new", "--prefix", "user"], "--prefix is an option of TypeID: add --type typeid"],
    [["parse", "--scalable", FLAKE_README.text], "--scalable is an option of Ulid-Flake"],
    [["generate", "3", "--type", "flake", "--sid", "32"], "--sid must be 0-31"],
    [["generate", "3", "--type", "flake", "--epoch", "x"], '--epoch: time "x" is neither Unix ms nor ISO-8601'],
    [["decode", "--epoch", "2020-01-01"], "--epoch is an option of Ulid-Flake, TSID and Snowflake: add --type flake, tsid or snowflake"],
    [["new", "--type", "xid", "--machine", "16777216"], "--machine must be 0-16777215, got 16777216"],
    [["new", "--type", "xid", "--pid", "65536"], "--pid must be 0-65535, got 65536"],
    [["new", "--type", "tsid", "--pid", "3"], "--pid is an option of XID: add --type xid"],
    [["new", "--machine", "3"], "--machine is an option of XID: add --type xid"],
    [["new", "--type", "tsid", "--node-bits", "21"], "--node-bits must be 0-20, got 21"],
    [["new", "--type", "tsid", "--node", "1024"], "--node must be 0-1023, got 1024"],
    [["new", "--type", "tsid", "--node-bits", "4", "--node", "16"], "--node must be 0-15, got 16"],
    [["new", "--type", "tsid", "--epoch", "discord"], '--epoch: time "discord" is neither'],
    [["new", "--type", "snowflake", "--node", "1"], "--node is an option of TSID: add --type tsid"],
    [["new", "--type", "snowflake", "--node-bits", "1"], "--node-bits is an option of TSID: add --type tsid"],
    [["new", "--type", "snowflake", "--worker", "1024"], "--worker must be 0-1023, got 1024"],
    [["new", "--type", "snowflake", "--worker", "1.5"], '--worker must be a non-negative integer, got "1.5"'],
    [["new", "--type", "snowflake", "--epoch", "Twitter"], '--epoch must be twitter, discord or a TIME (Unix ms or ISO-8601), got "Twitter"'],
    [["new", "--type", "tsid", "--worker", "1"], "--worker is an option of Snowflake: add --type snowflake"],
    [["decode", "--type", "snowflake", "--worker", "1"], "--worker"],
  ])("refuses %j as a usage error", async (args, message) => {
    const { status, stderr } = await runCli(args);
    expect(status).toBe(2);
    expect(stderr).toContain(message);
  });

  it("XID's --machine and --pid, TSID's --epoch, --node-bits and --node, Snowflake's --epoch and --worker are written, and read back", async () => {
    const [x, t, s, pinned] = await Promise.all([
      runCli(["new", "2", "--type", "xid", "--machine", "11259375", "--pid", "4660"]),
      runCli(["generate", "5", "--type", "tsid", "--epoch", "2026-01-01", "--node-bits", "4", "--node", "9"]),
      runCli(["monotonic", "5", "--type", "snowflake", "--epoch", "discord", "--worker", "1023"]),
      runCli(["from-time", "2026-04-15", "3", "--type", "snowflake", "--epoch", "1000", "--worker", "0"]),
    ]);
    for (const { status, stderr } of [x, t, s, pinned]) expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(lines(x.stdout).map((id) => Buffer.from(xid.decode(id).subarray(4, 9)).toString("hex"))).toEqual(["abcdef1234", "abcdef1234"]);
    const epoch = Date.UTC(2026, 0, 1);
    const now = Date.now();
    for (const id of lines(t.stdout)) {
      expect(Number((tsid.toBigInt(id) >> 18n) & 15n)).toBe(9);
      expect(Math.abs(tsid.decodeTime(id, { epoch }) - now)).toBeLessThan(60_000);
    }
    for (const id of lines(s.stdout)) {
      expect(Number((snowflake.toBigInt(id) >> 12n) & 1023n)).toBe(1023);
      expect(Math.abs(snowflake.decodeTime(id, { epoch: "discord" }) - now)).toBeLessThan(60_000);
    }
    // From epoch 1000, 2026-04-15 is a time field of T - 1000; the sequence is drawn, the worker given.
    expect(lines(pinned.stdout).map((id) => [snowflake.toBigInt(id) >> 22n, (snowflake.toBigInt(id) >> 12n) & 1023n])).toEqual([0, 1, 2].map(() => [BigInt(T - 1000), 0n]));
    const decoded = await runCli(["decode", "--type", "tsid", "--epoch", "2026-01-01"], t.stdout);
    expect(lines(decoded.stdout).map((line) => Number(line.split("\t")[1]))).toEqual(lines(t.stdout).map((id) => tsid.decodeTime(id, { epoch })));
    const discord = SNOWFLAKE_TEXTS[0];
    const parsed = await runCli(["parse", "--format", "json", "--type", "snowflake", "--epoch", "discord", discord.text]);
    expect(JSON.parse(parsed.stdout)).toEqual({
      snowflake: discord.text,
      time: discord.discordMs,
      iso: new Date(discord.discordMs).toISOString(),
      worker: discord.worker,
      sequence: discord.sequence,
      bytes: snowflake.decode(discord.text).reduce((hex, byte) => hex + byte.toString(16).padStart(2, "0"), ""),
    });
    // Lines of every width, each read by its own value.
    const widths = await runCli(["decode", "--type", "snowflake", "--epoch", "discord"], SNOWFLAKE_TEXTS.map((v) => v.text).join("\n"));
    expect(lines(widths.stdout).map((line) => line.split("\t").slice(0, 2))).toEqual(SNOWFLAKE_TEXTS.map((v) => [v.text, String(v.discordMs)]));
  });

  it("new and from-time make ObjectIds, XIDs, TSIDs and Snowflakes with one generator per run: one worker, no repeats", async () => {
    // Their IDs hold a counter, not randomness: drawn afresh per ID, a Snowflake of one worker repeated two IDs in
    // five of a pinned millisecond, and `new` drew a worker, node or machine per ID.
    const perRun: Record<string, (id: string) => string> = {
      objectid: (id) => Buffer.from(objectid.decode(id).subarray(4, 9)).toString("hex"),
      xid: (id) => Buffer.from(xid.decode(id).subarray(4, 9)).toString("hex"),
      tsid: (id) => String((tsid.toBigInt(id) >> 12n) & 1023n),
      snowflake: (id) => String((snowflake.toBigInt(id) >> 12n) & 1023n),
    };
    for (const [type, field] of Object.entries(perRun)) {
      for (const args of [["new", "2000"], ["from-time", "2026-04-15", "2000"]]) {
        const { status, stdout } = await runCli([...args, "--type", type]);
        const ids = lines(stdout);
        expect({ type, args, status, ids: ids.length, distinct: new Set(ids).size, fields: new Set(ids.map(field)).size }).toEqual({
          type, args, status: 0, ids: 2000, distinct: 2000, fields: 1,
        });
      }
    }
    // A pinned millisecond of one worker holds 4,096 Snowflakes: more are bad data, not repeats. Counted over the
    // run (chunks of 8,192 IDs: the first is whole), said without the library's "try a later millisecond".
    const over = await runCli(["from-time", "2026-04-15", "5000", "--type", "snowflake", "--worker", "1"]);
    expect({ status: over.status, stdout: over.stdout }).toEqual({ status: 1, stdout: "" });
    expect(over.stderr).toBe(
      "ulid from-time: the TIME given held 4096 Snowflakes of this run and no more (each one steps a counter, which ran out; 0 were written): ask for fewer, or for several times\n",
    );
    const later = await runCli(["generate", "20000", "--type", "tsid", "--node-bits", "10", "--node", "1", "--time", "2026-04-15"]);
    expect(later.status).toBe(1);
    expect(later.stderr).toMatch(/^ulid generate: the TIME given held (\d+) TSIDs of this run/);
    expect(Number(/held (\d+)/.exec(later.stderr)![1])).toBeGreaterThan(2048);
  });

  it("refuses a time outside the format's range as bad data", async () => {
    const { status, stderr } = await runCli(["from-time", "2020-01-01", "--type", "flake"]);
    expect(status).toBe(1);
    expect(stderr).toContain("from its epoch 1704067200000");
  });
});

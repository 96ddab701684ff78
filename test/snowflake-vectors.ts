/** The Snowflake vectors of docs/formats.md, as named constants (computed independently with BigInt). */

export const TWITTER_EPOCH = 1288834974657;
export const DISCORD_EPOCH = 1420070400000;

export const SNOWFLAKE_TEXTS = [
  // Discord's docs, "Snowflakes": worker 32 is internal worker 1, process 0.
  { text: "175928847299117063", timeField: 41944705796, worker: 32, sequence: 7, twitterMs: 1330779680453, discordMs: 1462015105796 },
  // Twitter API docs' example Tweet (created_at 2019-12-31T19:26:16.000Z).
  { text: "1212092628029698048", timeField: 288985402114, worker: 327, sequence: 0, twitterMs: 1577820376771, discordMs: 1709055802114 },
  // IdWorkerSpec: `id >> 22` is 1, sequence 0.
  { text: "4194304", timeField: 1, worker: 0, sequence: 0, twitterMs: 1288834974658, discordMs: 1420070400001 },
  { text: "0", timeField: 0, worker: 0, sequence: 0, twitterMs: 1288834974657, discordMs: 1420070400000 },
  { text: "9223372036854775807", timeField: 2 ** 41 - 1, worker: 1023, sequence: 4095, twitterMs: 3487858230208, discordMs: 3619093655551 },
] as const;

export const SNOWFLAKE_INVALID = [
  { text: "9223372036854775808", code: "OVERFLOW" },
  { text: "0175928847299117063", code: "INVALID_CHAR", position: 0 },
  { text: "18446744073709551615", code: "INVALID_LENGTH" },
  { text: "07", code: "INVALID_CHAR", position: 0 },
  { text: "", code: "INVALID_LENGTH" },
] as const;

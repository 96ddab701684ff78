// A CommonJS user: the same types through the package's `require` entry (dist/index.d.cts).
import ulidWasm = require("ulid-wasm");

const id: ulidWasm.Ulid = ulidWasm.ulid();
// @ts-expect-error a string is not a Ulid
const unchecked: ulidWasm.Ulid = String(id);
const schema: ulidWasm.IdSchema<ulidWasm.UuidV7> = ulidWasm.uuidv7.schema;
function check(value: unknown): ulidWasm.FlakeId | undefined {
  return ulidWasm.flake.isValid(value) ? value : undefined;
}

export = { id, unchecked, schema, check };

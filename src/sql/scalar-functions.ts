/**
 * Every format's scalar functions, registered on a connection: `F_valid`, `F_timestamp`, `F_to_blob`,
 * `F_from_blob`, for 16-byte formats `F_to_uuid` and `F_from_uuid`, `F_min`, `F_max` and `F_generate`, for each
 * format `F` of the registry (`formats`), so a format added there gets its functions here. Each is a C API scalar
 * function whose main function gets a whole vector (format-kernels.ts).
 */
import type { DuckDBConnection, DuckDBType } from "@duckdb/node-api";
import { api, bindings, type Vector } from "./duckdb-bindings.js";
import { FormatKernels, SqlFunctionError } from "./format-kernels.js";
import { idFormats } from "./id-format.js";

type Main = (fn: string, kernels: FormatKernels, input: Vector, output: Vector, count: number) => void;

interface ScalarFunction {
  /** The name after the format's: `valid` for `ulid_valid`. */
  readonly suffix: string;
  readonly parameters: readonly DuckDBType[];
  readonly returns: DuckDBType;
  /** A new result per row (generate): never folded into a constant. */
  readonly volatile?: boolean;
  /** Only for formats of 16 bytes, the width of a UUID. */
  readonly uuidWidth?: boolean;
  readonly main: Main;
}

const UUID_WIDTH = 16;

function functions(): readonly ScalarFunction[] {
  const { VARCHAR, BOOLEAN, BLOB, UUID, TIMESTAMPTZ } = api;
  return [
    { suffix: "valid", parameters: [VARCHAR], returns: BOOLEAN, main: (_fn, k, input, output, n) => k.valid(input, output, n) },
    { suffix: "timestamp", parameters: [VARCHAR], returns: TIMESTAMPTZ, main: (fn, k, input, output, n) => k.timestamp(fn, input, output, n) },
    { suffix: "to_blob", parameters: [VARCHAR], returns: BLOB, main: (fn, k, input, output, n) => k.toBlob(fn, input, output, n) },
    { suffix: "from_blob", parameters: [BLOB], returns: VARCHAR, main: (fn, k, input, output, n) => k.fromBlob(fn, input, output, n) },
    { suffix: "to_uuid", parameters: [VARCHAR], returns: UUID, uuidWidth: true, main: (fn, k, input, output, n) => k.toUuid(fn, input, output, n) },
    { suffix: "from_uuid", parameters: [UUID], returns: VARCHAR, uuidWidth: true, main: (fn, k, input, output, n) => k.fromUuid(fn, input, output, n) },
    { suffix: "min", parameters: [TIMESTAMPTZ], returns: VARCHAR, main: (fn, k, input, output, n) => k.bound(fn, false, input, output, n) },
    { suffix: "max", parameters: [TIMESTAMPTZ], returns: VARCHAR, main: (fn, k, input, output, n) => k.bound(fn, true, input, output, n) },
    { suffix: "generate", parameters: [], returns: VARCHAR, volatile: true, main: (fn, k, _input, output, n) => k.generate(fn, output, n) },
  ];
}

/** Registers every format's scalar functions on `connection`, each name after `prefix`; returns their names. */
export function registerScalarFunctions(connection: DuckDBConnection, prefix: string): string[] {
  const names: string[] = [];
  for (const { key, format } of idFormats()) {
    // One set of buffers per format, shared by its functions: DuckDB calls them one at a time, on the JS thread.
    const kernels = new FormatKernels(format);
    for (const definition of functions()) {
      if (definition.uuidWidth === true && format.bytes !== UUID_WIDTH) continue;
      const name = `${prefix}${key}_${definition.suffix}`;
      connection.registerScalarFunction(scalarFunction(name, definition, kernels));
      names.push(name);
    }
  }
  return names;
}

function scalarFunction(name: string, definition: ScalarFunction, kernels: FormatKernels) {
  const fn = new api.DuckDBScalarFunction();
  fn.setName(name);
  for (const parameter of definition.parameters) fn.addParameter(parameter);
  fn.setReturnType(definition.returns);
  if (definition.volatile === true) fn.setVolatile();
  // The main function on the bindings directly: node-api's would wrap each vector in objects read row by row.
  bindings.scalar_function_set_function(fn.scalar_function, (info, input, output) => {
    try {
      const count = bindings.data_chunk_get_size(input);
      const column = definition.parameters.length > 0 ? bindings.data_chunk_get_vector(input, 0) : output;
      definition.main(name, kernels, column, output, count);
    } catch (error) {
      bindings.scalar_function_set_error(info, error instanceof SqlFunctionError ? error.message : `${name}: ${String(error)}`);
    }
  });
  return fn;
}

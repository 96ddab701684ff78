/**
 * The entry for Cloudflare workerd (the package's "workerd" export condition). workerd refuses to compile
 * WebAssembly from bytes at run time, so the embedded binaries of the main entry cannot load there. A `.wasm` file
 * imported as a module, though, is compiled when the worker is deployed (wrangler and workerd configs both treat
 * it so): this entry imports the SIMD build that way (workerd's V8 always has SIMD) and hands it to the loader.
 * The build copies the file next to this entry (tsup.config.ts). Everything else is the main entry.
 */
import simdModule from "../build/ulid.simd.wasm";
import { useCompiledModule } from "./wasm/load.js";

useCompiledModule(simdModule, true);

export * from "./index.js";

/** A `.wasm` file imported as a module: compiled by the runtime or its bundler (src/workerd.ts). */
declare module "*.wasm" {
  const compiled: WebAssembly.Module;
  export default compiled;
}

/**
 * Node's built-in module `id`, loaded when first needed instead of imported: `process.getBuiltinModule` (Node 20.16
 * and later), or a dynamic import before it. Not `import()` alone: the command's bundle runs as a vm script
 * (bundle-cache.ts), which has no module loader to import with.
 */
export async function nodeModule<T>(id: string): Promise<T> {
  return (process.getBuiltinModule?.(id) as T | undefined) ?? ((await import(id)) as T);
}

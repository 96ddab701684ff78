/**
 * Web streams in tests: chunks written into a TransformStream, all it gives read back (with a reader: the DOM
 * types lack async iteration of a ReadableStream).
 */

/** Writes `chunks` into `stream` one by one and resolves to everything its readable side gives. */
export async function throughTransform<In, Out>(
  stream: TransformStream<In, Out>,
  chunks: readonly In[],
): Promise<Out[]> {
  const writing = (async () => {
    const writer = stream.writable.getWriter();
    for (const chunk of chunks) await writer.write(chunk);
    await writer.close();
  })();
  const reading = (async () => {
    const reader = stream.readable.getReader();
    const out: Out[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) out.push(next.value);
    return out;
  })();
  const [out] = await Promise.all([reading, writing]);
  return out;
}

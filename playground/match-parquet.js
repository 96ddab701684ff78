// The export of selected matches as Parquet: written in a worker (build/parquet-worker.js, from
// playground/parquet-worker.ts) by the command's own Parquet writer, in the columns of `ulid scan --format parquet`,
// so the page stays responsive however many rows the file takes.

/**
 * The `rows` of `matches` (a Matches) as a Parquet file whose `file` column is `file` (the log's name);
 * `progress(done, total)` is called after each row group. The worker gets a copy of the scan's columns.
 */
export function matchesParquet(matches, rows, file, progress) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./build/parquet-worker.js", import.meta.url), { type: "module" });
    const end = () => worker.terminate();
    worker.onmessage = ({ data }) => {
      if (data.type === "progress") {
        progress(data.rows, rows.length);
        return;
      }
      end();
      if (data.type === "done") resolve(data.parquet);
      else reject(new Error(data.message));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      end();
      reject(new Error(event.message || "the export worker did not start"));
    };
    worker.postMessage({ columns: matches.columns, rows, file });
  });
}

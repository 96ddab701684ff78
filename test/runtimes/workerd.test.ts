// Cloudflare workerd (npm package `workerd`), serving workers on loopback. Bundled with the "workerd" condition
// (as wrangler does), the package's workerd entry hands the runtime's compiled .wasm module to the loader: the
// wasm engine. Bundled without it, the main entry tries to compile its embedded bytes, which workerd refuses:
// the TS engine, with the same results.
import { type ChildProcess, spawn } from "node:child_process";
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { BIN, ROOT, type Report, bundleFixture, expectReport } from "../helpers/runtimes.js";

/** The worker bundled with these export conditions; the .wasm import stays a module for workerd to compile. */
function bundleWorker(conditions: string[]): Promise<string> {
  return bundleFixture("worker.mjs", { platform: "neutral", conditions, external: ["*.wasm"] });
}

/** A port that was free a moment ago (workerd needs one in its config). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/** Two workers, each with its own socket on 127.0.0.1. */
function config(ports: { workerd: number; generic: number }): string {
  const worker = (file: string) => `(
    modules = [ (name = "worker.js", esModule = embed "${file}"), (name = "ulid.simd.wasm", wasm = embed "ulid.simd.wasm") ],
    compatibilityDate = "2025-01-01",
  )`;
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "workerd", worker = ${worker("workerd.js")}), (name = "generic", worker = ${worker("generic.js")}) ],
  sockets = [
    (name = "workerd", address = "127.0.0.1:${ports.workerd}", http = (), service = "workerd"),
    (name = "generic", address = "127.0.0.1:${ports.generic}", http = (), service = "generic"),
  ],
);
`;
}

/** GETs `url` until the server answers (workerd takes a moment to start), for at most 30 s. */
async function fetchReport(url: string): Promise<Report> {
  const deadline = Date.now() + 30_000;
  let response: Response | undefined;
  while (!response) {
    response = await fetch(url).catch(async (error: unknown) => {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
      return undefined;
    });
  }
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}: ${await response.text()}`);
  return (await response.json()) as Report;
}

let dir: string;
let workerd: ChildProcess;
let ports: { workerd: number; generic: number };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "ulid-workerd-"));
  await writeFile(join(dir, "workerd.js"), await bundleWorker(["workerd", "worker", "browser"]));
  await writeFile(join(dir, "generic.js"), await bundleWorker(["worker", "browser"]));
  await copyFile(join(ROOT, "dist/workerd/ulid.simd.wasm"), join(dir, "ulid.simd.wasm"));
  ports = { workerd: await freePort(), generic: await freePort() };
  await writeFile(join(dir, "config.capnp"), config(ports));
  // workerd's own messages (a worker's uncaught error, say) go to the test's output.
  workerd = spawn(`${BIN}workerd`, ["serve", join(dir, "config.capnp")], { stdio: ["ignore", "ignore", "inherit"] });
});

afterAll(async () => {
  workerd?.kill();
  await rm(dir, { recursive: true, force: true });
});

describe("Cloudflare workerd", () => {
  it("with the workerd condition: the compiled .wasm module, the wasm engine, the same results as Node", async () => {
    await expectReport(await fetchReport(`http://127.0.0.1:${ports.workerd}/`), "wasm");
  });

  it("the main entry (wasm from bytes refused): the TS engine, the same results as Node", async () => {
    await expectReport(await fetchReport(`http://127.0.0.1:${ports.generic}/`), "js");
  });
});

// A real browser (Debian's Chromium): the ESM build loaded with no bundler (an import map), the same through an
// esbuild bundle, and pages whose Content-Security-Policy refuses WebAssembly, where the TS engine takes over.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { serve, type Served } from "../../scripts/serve.js";
import { launchChromium } from "../helpers/browser.js";
import { type Report, bundleFixture, expectReport } from "../helpers/runtimes.js";

/** A page that runs one module script; `importMap` maps the package name as a no-bundler app would. */
function page(script: string, importMap?: Record<string, string>): string {
  const map = importMap ? `<script type="importmap">${JSON.stringify({ imports: importMap })}</script>` : "";
  return `<!doctype html><meta charset="utf-8">${map}<script type="module" src="${script}"></script>`;
}

let browser: Browser;
let server: Served;
/** The bundled app: a page and its script. */
let bundled: Record<string, string>;

/** Opens `path` and returns the report the page's script left on `window`. */
async function reportOf(path: string, origin = server.url): Promise<Report> {
  const tab = await browser.newPage();
  try {
    const failed = new Promise<never>((_, reject) => tab.on("pageerror", reject));
    await tab.goto(`${origin}${path}`);
    await Promise.race([tab.waitForFunction(() => "report" in window), failed]);
    return (await tab.evaluate(() => (window as unknown as { report: Report }).report)) as Report;
  } finally {
    await tab.close();
  }
}

beforeAll(async () => {
  browser = await launchChromium();
  const script = await bundleFixture("browser.mjs", { platform: "browser" });
  bundled = { "/bundled.html": page("/bundle.js"), "/bundle.js": script };
  server = await serve({
    routes: {
      "/no-bundler.html": page("/test/runtimes/fixtures/browser.mjs", { "ulid-wasm": "/dist/index.js" }),
      ...bundled,
    },
  });
});

afterAll(async () => {
  await server?.close();
  await browser?.close();
});

describe("Chromium", () => {
  it("the ESM build with no bundler: the wasm engine, the same results as Node", async () => {
    await expectReport(await reportOf("/no-bundler.html"), "wasm");
  });

  it("an esbuild bundle: the wasm engine, the same results as Node", async () => {
    await expectReport(await reportOf("/bundled.html"), "wasm");
  });

  describe("under a Content-Security-Policy", () => {
    let strict: Served;
    let allowing: Served;

    beforeAll(async () => {
      strict = await serve({ routes: bundled, headers: { "content-security-policy": "script-src 'self'" } });
      allowing = await serve({
        routes: bundled,
        headers: { "content-security-policy": "script-src 'self' 'wasm-unsafe-eval'" },
      });
    });

    afterAll(async () => {
      await strict?.close();
      await allowing?.close();
    });

    it("without 'wasm-unsafe-eval': WebAssembly is refused, the TS engine gives the same results", async () => {
      await expectReport(await reportOf("/bundled.html", strict.url), "js");
    });

    it("with 'wasm-unsafe-eval': the wasm engine", async () => {
      await expectReport(await reportOf("/bundled.html", allowing.url), "wasm");
    });
  });
});

/**
 * The playground (playground/index.html) open in a fresh Chromium, served from the repository as `npm run
 * playground` serves it, with the page's uncaught errors collected.
 */
import type { Browser, Page } from "playwright-core";
import { serve, type Served } from "../../scripts/serve.js";
import { launchChromium } from "./browser.js";

export interface OpenPlayground {
  browser: Browser;
  server: Served;
  page: Page;
  /** The messages of the page's uncaught errors, as they come. */
  errors: string[];
  close(): Promise<void>;
}

/** Opens the playground in a 1280x900 view and waits until its decoder has run. */
export async function openPlayground(): Promise<OpenPlayground> {
  const browser = await launchChromium();
  const server = await serve();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${server.url}/playground/`);
  await page.waitForSelector("#decoded tbody tr");
  return {
    browser,
    server,
    page,
    errors,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

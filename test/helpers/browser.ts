/**
 * Debian's Chromium (apt-get install chromium; .ci/run installs it) driven by playwright-core, which never
 * downloads a browser of its own. CHROMIUM_PATH names another Chromium or Chrome binary.
 */
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * Headless, as root (so no sandbox), and with every background service off: this machine has no network beyond
 * the package registries, and Chromium's own connections would otherwise be refused, many at a time.
 */
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A fresh headless browser (playwright gives it a new, empty profile). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

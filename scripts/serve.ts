/**
 * A static file server on 127.0.0.1 for the playground and the browser tests (ES modules do not load from file://
 * URLs). Serves the repository root read-only (under `mount`, a path as a static host may put a site under);
 * `routes` adds files held in memory (a test's pages and bundles), `headers` goes on every response (a
 * Content-Security-Policy, say). `npm run playground` runs it.
 */
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
};

export interface ServeOptions {
  /** URL path -> content, served before any file. */
  routes?: Record<string, string | Uint8Array>;
  headers?: Record<string, string>;
  /** Default 0: any free port. */
  port?: number;
  /** The URL path the repository's root is served at (default "/"; e.g. "/sub/site/"). */
  mount?: string;
}

export interface Served {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** The file under ROOT for a URL path (a folder's index.html for a folder), or null for a path that leaves it. */
function fileFor(pathname: string): string | null {
  const file = normalize(join(ROOT, decodeURIComponent(pathname), pathname.endsWith("/") ? "index.html" : ""));
  return file.startsWith(ROOT) ? file : null;
}

export async function serve({ routes = {}, headers = {}, port = 0, mount = "/" }: ServeOptions = {}): Promise<Served> {
  const server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://localhost");
    const file = pathname.startsWith(mount) ? fileFor(`/${pathname.slice(mount.length)}`) : null;
    const body = routes[pathname] ?? (file ? await readFile(file).catch(() => null) : null);
    if (body === null) {
      response.writeHead(404, headers).end("not found");
      return;
    }
    const type = TYPES[extname(file ?? pathname)] ?? "application/octet-stream";
    response.writeHead(200, { "content-type": type, ...headers });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { url } = await serve({ port: Number(process.env.PORT ?? 8080) });
  console.log(`playground: ${url}/playground/  (Ctrl-C stops)`);
}

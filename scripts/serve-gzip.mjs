// Serves a built dist/ as a static host does, gzip-compressed (level 9) when the browser
// accepts it, for Lighthouse and load-time measurements (scripts/lighthouse.sh):
//
//   node scripts/serve-gzip.mjs [DIR] [PORT] [PREFIX]
//
// DIR defaults to dist, PORT to 8090 (0: any free port; the port is printed), PREFIX to "/":
// the URL path the build is served under (e.g. /toguz/sub/).
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import path from "node:path";

const dir = path.resolve(process.argv[2] ?? "dist");
const port = Number(process.argv[3] ?? 8090);
const prefix = process.argv[4] ?? "/";
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".css": "text/css",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};
const cache = new Map();

const server = createServer(async (req, res) => {
  const url = new URL(req.url, "http://x");
  if (!url.pathname.startsWith(prefix)) {
    res.writeHead(404).end();
    return;
  }
  let rel = decodeURIComponent(url.pathname.slice(prefix.length));
  if (rel === "" || rel.endsWith("/")) rel += "index.html";
  const file = path.join(dir, rel);
  if (!file.startsWith(dir)) {
    res.writeHead(403).end();
    return;
  }
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error("not a file");
    const type = TYPES[path.extname(file)] ?? "application/octet-stream";
    const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "") && !type.startsWith("image/png");
    let body = await readFile(file);
    if (gzip) {
      // A rebuild may keep a file's name and length (index.html): its time tells them apart.
      const key = `${file}:${info.mtimeMs}:${body.length}`;
      if (!cache.has(key)) cache.set(key, gzipSync(body, { level: 9 }));
      body = cache.get(key);
    }
    res.writeHead(200, {
      "content-type": type,
      "content-length": body.length,
      "cache-control": "no-cache",
      ...(gzip ? { "content-encoding": "gzip", vary: "accept-encoding" } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : body);
  } catch {
    res.writeHead(404).end();
  }
});
server.listen(port, "127.0.0.1", () => {
  console.log(`serving ${dir} at http://127.0.0.1:${server.address().port}${prefix} (gzip)`);
});

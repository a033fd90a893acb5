// The service worker: precaches every file of the release build and serves the app from that
// cache, so it works offline after the first visit.
//
// - The list of files and the build id are stamped below by scripts/hooks/finish.mjs (the
//   build's last hook, Trunk.toml): the id hashes every file of the build, including index.html and
//   the AI worker's files (worker_loader.js, worker.js, worker_bg.wasm, not hashed), so any
//   change to the build changes this file and so reaches players as an update.
// - Each build has its own cache, `toguz-<build id>`; older ones are deleted on activate.
// - A new version waits: it never calls skipWaiting on its own. The page shows "A new version
//   is available" and, when the player accepts, posts {type: "SKIP_WAITING"}; it then reloads
//   on `controllerchange`. Until then the page keeps being served by the version it started on.
// - Everything is relative to the registration's scope, so the app works under any sub-path.

const BUILD = { id: "unstamped", files: [] }; // @build: replaced by scripts/hooks/finish.mjs

const PREFIX = "toguz-";
const CACHE = `${PREFIX}${BUILD.id}`;
const INDEX = "index.html";

/** The absolute URL of a build file, from its path relative to the scope. */
const urlOf = (path) => new URL(path, self.registration.scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // A file whose name or folder carries its content's hash (app-<hash>/app_bg.wasm,
      // app-<hash>/split_<part>.wasm) may come from the HTTP cache: the page of this first visit has
      // just downloaded the app's script and wasm, and fetching them again would double the
      // visit's download. Any other file (index.html, the worker's files, the icons: names
      // that never change) bypasses it (`reload`), or it could be cached stale from the last
      // version.
      const hashed = (path) => /-[0-9a-f]{16}[./_]/.test(path);
      await Promise.all(
        BUILD.files.map(async (path) => {
          const request = new Request(urlOf(path), { cache: hashed(path) ? "default" : "reload" });
          const response = await fetch(request);
          if (!response.ok) throw new Error(`precache: ${response.status} for ${path}`);
          await cache.put(request, response);
        }),
      );
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      // Take control of the page of the first visit, so that it works offline without a reload.
      // On an update this runs only after the player accepted it (skipWaiting below).
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // Any page of the app is index.html (the app routes on the client).
      const cached =
        request.mode === "navigate"
          ? await cache.match(urlOf(INDEX))
          : await cache.match(request, { ignoreSearch: true });
      return cached ?? fetch(request);
    })(),
  );
});

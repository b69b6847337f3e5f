/* Inferno Companion's service worker, served at /sw.js (scope /).
 *
 * - Installs the app shell (styles, scripts, icons) and the table-side helper pages, so they open without a
 *   network.
 * - Pages (GET navigations): network first; every page that loads is kept, and offline the last copy is shown
 *   (the page's own script says it is offline). Never a POST: writes are queued by offline.js.
 * - Parts of a page (htmx reads and the sheet's poll, sent with HX-Request): network only; offline they answer
 *   204, "nothing new", and the page keeps what it shows.
 * - Static files: from the cache, refreshed in the background.
 * - A page opened before this worker ran (the first visit) is kept when the page asks ("keep").
 * - Log-out: the logged-out page (static/js/offline.js) says "signed-out"; every kept page goes, and the
 *   helper pages are kept again as anyone sees them. Nothing of the reader who left is shown offline.
 * The cache name carries a version: a new sw.js drops the old caches on activation (v2: the pages kept by
 * versions that did not forget them at log-out).
 */
const VERSION = "v2";
const SHELL = "shell-" + VERSION;
const PAGES = "pages-" + VERSION;
const SHELL_URLS = [
  "/static/css/app.css",
  "/static/js/theme.js",
  "/static/js/offline.js",
  "/static/vendor/htmx.min.js",
  "/static/helpers/helpers.js",
  "/static/campaigns/campaigns.js",
  "/static/manifest.webmanifest",
  "/static/icons/icon.svg",
  "/static/icons/icon-192.png",
];
const HELPER_PAGES = ["/helpers/", "/helpers/dice/", "/helpers/spawn/", "/helpers/death-curses/", "/helpers/monsters/"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    Promise.all([
      caches.open(SHELL).then((cache) => cache.addAll(SHELL_URLS)),
      caches.open(PAGES).then(keepHelperPages),
    ]).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL && k !== PAGES).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

function keepHelperPages(cache) {
  // A helper page that fails to load (throttled, say) must not stop the rest from being kept.
  return Promise.all(HELPER_PAGES.map((url) => cache.add(url).catch(() => null)));
}

function forgetSignedInPages() {
  return caches.delete(PAGES).then(() => caches.open(PAGES)).then(keepHelperPages);
}

// A page opened before this worker ran (a phone's first visit) asks to be kept, as a later visit would be.
function keepPage(address) {
  const url = new URL(address, self.location.origin);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/") || url.pathname.startsWith("/admin/")) {
    return Promise.resolve();
  }
  return fetch(url.href, { credentials: "same-origin" })
    .then((response) => {
      if (response.ok && !response.redirected) return caches.open(PAGES).then((cache) => cache.put(url.href, response));
      return null;
    })
    .catch(() => null);
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "signed-out") event.waitUntil(forgetSignedInPages());
  if (event.data && event.data.type === "keep" && event.data.url) event.waitUntil(keepPage(event.data.url));
});

function fromShell(request) {
  return caches.match(request).then((cached) => {
    const fresh = fetch(request).then((response) => {
      if (response.ok) caches.open(SHELL).then((cache) => cache.put(request, response.clone()));
      return response;
    });
    return cached || fresh;
  });
}

function networkFirst(request) {
  return fetch(request)
    .then((response) => {
      // Only whole, successful pages are kept (not redirects to the log-in, not errors); parts of a page
      // (HX-Request) never come here.
      if (response.ok && response.type === "basic") {
        const copy = response.clone();
        caches.open(PAGES).then((cache) => cache.put(request, copy));
      }
      return response;
    })
    .catch(() =>
      caches.match(request, { ignoreVary: true }).then(
        (cached) => cached || caches.match(new URL(request.url).pathname, { ignoreSearch: true, ignoreVary: true })
      ).then((cached) => cached || Response.error())
    );
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/admin/")) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(fromShell(request));
    return;
  }
  // A part a page asks for (htmx, or the sheet's poll) is never answered with a page kept from an earlier
  // visit: offline it answers "nothing new", so the page keeps what it shows (an old copy would undo the
  // table's latest taps on screen).
  if (request.headers.get("HX-Request")) {
    event.respondWith(fetch(request).catch(() => new Response("", { status: 204 })));
    return;
  }
  event.respondWith(networkFirst(request));
});

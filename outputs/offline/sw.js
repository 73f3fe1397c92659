// Rulebook KB's service worker (written by kb build from outputs/offline/sw.js): on its first visit a
// browser keeps every page, style, script and the search index, so that later the site opens and
// searches without a network. Pages are asked of the network first (a new build shows at once when
// online) and come from the cache when it fails; everything else comes from the cache first. A new
// build is a new VERSION: its worker keeps the new files, then drops the old cache.
"use strict";

const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `rulebook-kb-${VERSION}`;
const ROOT = new URL("./", self.location).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (let i = 0; i < FILES.length; i += 20) {  // in batches: a phone on a slow line still finishes
      await cache.addAll(FILES.slice(i, i + 20).map((f) => ROOT + f));
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("rulebook-kb-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function cacheKey(request) {  // a page asked for with ?hl= (a search result) is the page kept without it
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  return url.href;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(ROOT)) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(async () =>
      (await caches.match(cacheKey(request), { cacheName: CACHE })) || Response.error()));
    return;
  }
  event.respondWith((async () =>
    (await caches.match(cacheKey(request), { cacheName: CACHE })) || fetch(request))());
});

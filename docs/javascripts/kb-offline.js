// Keeping the site for later: where the browser allows it (an http or https address), register the
// service worker (sw.js at the site's root, written by kb build), which keeps every page and the search
// index on this first visit so that the site opens and searches without a network afterwards.
"use strict";

(function () {
  if (!("serviceWorker" in navigator) || !location.protocol.startsWith("http")) return;
  const worker = new URL("../sw.js", document.currentScript.src);  // this file is <site>/javascripts/kb-offline.js
  // Registered a few seconds after the page has loaded: on a first visit its keeping of every page
  // would otherwise compete with the page's own requests (the search index above all).
  window.addEventListener("load", () => setTimeout(() => {
    navigator.serviceWorker.register(worker.href, { scope: new URL("./", worker).pathname }).catch(() => {
      // no worker (a private window, a browser that refuses it): the site still works online
    });
  }, 3000));
})();

/* Offline at the table: the service worker, the offline banner and the queue of campaign writes.
 *
 * Registers /sw.js (pages and helpers readable offline). When the connection drops, the banner in base.html
 * says so and the page stays as it was. A campaign write (an htmx form posting to /campaigns/<id>/do/...) that
 * cannot reach the server is queued in localStorage with the form's fields, its revision included; when the
 * connection is back the queue is replayed in order. A 409 (someone changed the campaign meanwhile) asks the
 * player whether to look at the current sheet; anything else refused is reported, never retried blindly.
 * On the logged-out page the queue is emptied and the service worker forgets the pages it kept.
 */
(function () {
  "use strict";
  var KEY = "inferno-companion:queued-writes";
  var banner = document.getElementById("offline-banner");

  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
  }

  function queue() {
    try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { return []; }
  }
  function save(items) { localStorage.setItem(KEY, JSON.stringify(items)); }
  function text(name) { return banner ? banner.getAttribute("data-" + name) || "" : ""; }

  function show() {
    if (!banner) return;
    var waiting = queue().length;
    var offline = !navigator.onLine;
    banner.hidden = !offline && !waiting;
    var message = banner.querySelector("[data-offline-message]");
    var count = banner.querySelector("[data-offline-queued]");
    if (message) message.hidden = !offline;
    if (count) {
      count.hidden = !waiting;
      count.textContent = waiting ? text(waiting === 1 ? "queued-one" : "queued-many").replace("{n}", String(waiting)) : "";
    }
  }

  function isCampaignWrite(form) {
    var url = form && (form.getAttribute("hx-post") || form.getAttribute("action") || "");
    return /^\/campaigns\/\d+\/do\/[\w-]+\/$/.test(url) ? url : null;
  }

  // htmx could not reach the server: keep the write for later, with the revision it was made on.
  document.addEventListener("htmx:sendError", function (event) {
    var form = event.detail && event.detail.elt && event.detail.elt.closest("form");
    var url = isCampaignWrite(form);
    if (!url) return;
    var fields = new URLSearchParams(new FormData(form)).toString();
    var items = queue();
    items.push({ url: url, body: fields, at: Date.now() });
    save(items);
    show();
  });

  var replaying = false;
  function replay() {
    var items = queue();
    if (replaying || !items.length || !navigator.onLine) return;
    replaying = true;
    var item = items[0];
    fetch(item.url, {
      method: "POST",
      body: item.body,
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true" },
    }).then(function (response) {
      save(queue().slice(1));
      replaying = false;
      // An htmx answer is always 200; X-Write names how the write went (campaigns/pages/views.py).
      var outcome = response.headers.get("X-Write") || "";
      if (response.status === 409 || outcome === "conflict") {
        if (window.confirm(text("conflict"))) { window.location.reload(); return; }
      } else if (!response.ok || outcome === "refused" || outcome === "forbidden") {
        window.alert(text("refused"));
      }
      if (queue().length) { replay(); } else { window.location.reload(); }
    }).catch(function () { replaying = false; show(); });
  }

  // The logged-out page (registration/logged_out.html): nothing of the reader who left stays on this device,
  // neither the pages the service worker kept for them nor their writes waiting to be sent (the log-out's
  // Clear-Site-Data says the same to browsers that honour it).
  function forgetTheReader() {
    if (!document.querySelector("[data-signed-out]")) return;
    try { localStorage.removeItem(KEY); } catch (e) { /* no storage: nothing was kept */ }
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ type: "signed-out" });
    });
  }
  forgetTheReader();

  window.addEventListener("online", function () { show(); replay(); });
  // The phone's Wi-Fi may stay up while the laptop serving the table is away: try the queue now and then too.
  setInterval(function () { if (queue().length) replay(); }, 15000);
  window.addEventListener("offline", show);
  document.addEventListener("DOMContentLoaded", function () { show(); replay(); });
  show();
})();

/* Offline at the table: the service worker, the offline banner and the queue of campaign writes.
 *
 * Registers /sw.js (pages and helpers readable offline). When the connection drops, the banner in base.html
 * says so and the page stays as it was. A campaign write (an htmx form posting to /campaigns/<id>/do/...) that
 * cannot reach the server is queued in localStorage with the form's fields, its revision included; when the
 * connection is back the queue is replayed in order, each write on the revision the one before it brought
 * (the answer's form for the same thing), so a player's own waiting changes never conflict with each other.
 * A counter's taps (a change by so many) refused because another phone changed the guild meanwhile are sent
 * once more on the new revision; any other conflict asks the player whether to look at the current sheet,
 * and anything refused is reported, never retried blindly.
 * The first page a phone opens is kept for offline too, though the service worker was not yet running.
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
  function save(items) {
    localStorage.setItem(KEY, JSON.stringify(items));
    window.dispatchEvent(new Event("inferno:queue-changed"));  // counters show what waits (live.js)
  }
  window.InfernoQueue = { items: queue };
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
      return response.text().then(function (html) { answered(item, response, html); });
    }).catch(function () { replaying = false; show(); });
  }

  function answered(item, response, html) {
    replaying = false;
    // An htmx answer is always 200; X-Write names how the write went (campaigns/pages/views.py).
    var outcome = response.headers.get("X-Write") || "";
    var forms = new DOMParser().parseFromString(html, "text/html").querySelectorAll("form");
    var sent = new URLSearchParams(item.body).get("revision");
    var rest = queue().slice(1);
    if (outcome === "conflict" && isTally(item.body) && !item.retried) {
      item.body = onRevision(item, forms, null) || item.body;
      item.retried = true;
      rest.unshift(item);
    } else if (response.status === 409 || outcome === "conflict") {
      if (window.confirm(text("conflict"))) { save(rest); window.location.reload(); return; }
    } else if (!response.ok || outcome === "refused" || outcome === "forbidden") {
      window.alert(text("refused"));
    } else {
      // Saved: the writes made on the same revision go on from the one this answer brought.
      rest.forEach(function (next) { next.body = onRevision(next, forms, sent) || next.body; });
    }
    save(rest);
    if (rest.length) { replay(); } else { window.location.reload(); }
  }

  function isTally(body) {
    return new URLSearchParams(body).has("delta");
  }

  // `item`'s body on the revision its form has in an answer (`forms`), when it was made on revision `was`
  // (any revision for a tap, which changes a counter by so many); null when the answer has no such form.
  function onRevision(item, forms, was) {
    var fields = new URLSearchParams(item.body);
    if (was !== null && !isTally(item.body) && fields.get("revision") !== was) return null;
    for (var i = 0; i < forms.length; i++) {
      var form = forms[i];
      var url = form.getAttribute("hx-post") || form.getAttribute("action");
      var revision = form.querySelector('input[name="revision"]');
      if (url !== item.url || !revision || !sameThing(form, fields)) continue;
      fields.set("revision", revision.value);
      return fields.toString();
    }
    return null;
  }

  // A form names what it changes by its hidden fields (the guild, the hero, the counter...).
  function sameThing(form, fields) {
    var hidden = form.querySelectorAll('input[type="hidden"]');
    for (var i = 0; i < hidden.length; i++) {
      var name = hidden[i].name;
      if (!name || name === "revision" || name === "csrfmiddlewaretoken" || name === "delta") continue;
      if (fields.get(name) !== hidden[i].value) return false;
    }
    return true;
  }

  // The first visit is made before the service worker runs, so it kept nothing: ask it to keep this page.
  function keepThisPage() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext || navigator.serviceWorker.controller) return;
    if (document.querySelector("[data-signed-out]")) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ type: "keep", url: window.location.href });
    });
  }
  keepThisPage();

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

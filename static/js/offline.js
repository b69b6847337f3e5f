/* Offline at the table: the service worker, the offline banner and the queue of campaign writes.
 *
 * Registers /sw.js (pages and helpers readable offline). When the connection drops, the banner in base.html
 * says so and the page stays as it was. A campaign write (an htmx form posting to /campaigns/<id>/do/...) that
 * cannot reach the server is queued in localStorage with the form's fields, its revision included; when the
 * connection is back the queue is replayed in order, each write on the revision the one before it brought
 * (the answer's form for the same thing), so a player's own waiting changes never conflict with each other.
 * A counter's taps (a change by so many) refused because another phone changed something else of the guild
 * meanwhile are sent once more on the new revision. A true conflict (another phone changed that very counter,
 * or any other write refused as stale) is said in a note in the page (#offline-conflict in base.html): what
 * changed and who changed it, the value now, and the player's choice, "Make my change again" (on the new
 * revision) or "Drop it". Anything refused is reported, never retried blindly.
 * The first page a phone opens is kept for offline too, though the service worker was not yet running.
 * On the logged-out page the queue is emptied and the service worker forgets the pages it kept.
 */
(function () {
  "use strict";
  var KEY = "inferno-companion:queued-writes";
  // A waiting write the server refused on replay: said in the banner of the page that loads next.
  var REFUSED = "inferno-companion:refused-write";
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
    var refused = banner.querySelector("[data-offline-refused]");
    var told = refusedNote();
    banner.hidden = banner.hidden && !told;
    if (refused) { refused.hidden = !told; refused.textContent = told; }
    if (message) message.hidden = !offline;
    if (count) {
      count.hidden = !waiting;
      count.textContent = waiting ? text(waiting === 1 ? "queued-one" : "queued-many").replace("{n}", String(waiting)) : "";
    }
  }

  // The refusal is read once: the page that shows it forgets it, so a later page does not say it again.
  var refusedText = null;
  function refusedNote() {
    if (refusedText === null) {
      try { refusedText = sessionStorage.getItem(REFUSED) || ""; sessionStorage.removeItem(REFUSED); }
      catch (e) { refusedText = ""; }
    }
    return refusedText;
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
    var item = { url: url, body: fields, at: Date.now() };
    var seen = counterValue(form);
    if (seen !== null) item.seen = seen;  // to tell, on replay, whether another phone changed this counter
    var label = labelOf(form, event.detail.requestConfig);
    if (label) item.label = label;  // what the note names as the player's change
    var items = queue();
    items.push(item);
    save(items);
    show();
  });

  // A counter's value saved when it was tapped (live.js shows the taps not yet saved on top of it), as text;
  // null for a form that is not a counter's.
  function counterValue(form) {
    var tap = form.closest(".tap");
    var output = tap && tap.querySelector("output.tap-value");
    if (!output) return null;
    var saved = output.dataset && output.dataset.saved;
    return (saved !== undefined ? saved : output.textContent).trim();
  }

  // The tapped control's name ("Teal completes: Kill a hero"), or its fieldset's, for the note.
  function labelOf(form, config) {
    var tap = form.closest(".tap");
    if (tap && tap.getAttribute("data-what")) return tap.getAttribute("data-what");
    var submitter = config && config.triggeringEvent && config.triggeringEvent.submitter;
    var named = submitter && submitter.getAttribute("aria-label");
    if (named) return named;
    var legend = form.querySelector("legend") || (form.closest("fieldset") || form).querySelector("legend");
    if (legend) return legend.textContent.trim();
    return submitter ? submitter.textContent.trim() : "";
  }

  var replaying = false;
  var held = false;  // the player closed the note without choosing: the change waits until the next try
  function replay() {
    var items = queue();
    if (replaying || held || !items.length || !navigator.onLine) return;
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
    // An htmx answer is always 200; X-Write names how the write went (campaigns/pages/views.py). A stale write
    // is answered with the current page, its conflict note naming the change it ran into.
    var outcome = response.headers.get("X-Write") || "";
    var answer = new DOMParser().parseFromString(html, "text/html");
    var forms = answer.querySelectorAll("form");
    var sent = new URLSearchParams(item.body).get("revision");
    var rest = queue().slice(1);
    if (response.status === 409 || outcome === "conflict") {
      var now = counterIn(item, forms);
      var again = onRevision(item, forms, null);
      // A tap is a change by so many: when another phone changed something else of the guild, the taps are
      // sent once more on the new revision. When it changed this very counter (both phones may have counted
      // the same coin), or the write is not a tap, the player decides.
      var untouched = item.seen === undefined || now === null || now === item.seen;
      if (isTally(item.body) && !item.retried && untouched && again) {
        item.body = again;
        item.retried = true;
        save([item].concat(rest));
        replaying = false;
        replay();
      } else {
        ask(item, answer, now, again);  // the queue waits (`replaying` stays set) until the player chooses
      }
      return;
    }
    replaying = false;
    if (!response.ok || outcome === "refused" || outcome === "forbidden") {
      // No native dialog: the banner says it (role="alert"), on this page while other writes still wait,
      // else on the page reloaded below.
      if (rest.length) {
        refusedText = text("refused");
      } else {
        try { sessionStorage.setItem(REFUSED, text("refused")); } catch (e) { /* the reloaded sheet shows the truth */ }
      }
    } else {
      // Saved: the writes made on the same revision go on from the one this answer brought.
      rest.forEach(function (next) { carryOn(next, item, forms, sent); });
    }
    save(rest);
    if (rest.length) { replay(); } else { window.location.reload(); }
  }

  // A waiting write after `saved` was saved: on the revision the answer brought, unless it is a tap on a
  // counter that moved since it was tapped by anything but the write just saved (that counter's own taps, or a
  // quest or a kill of the same guild, which may add coins): another phone changed it, and the tap stays on its
  // revision, to be refused and said to the player.
  function carryOn(next, saved, forms, sent) {
    var now = counterIn(next, forms);
    if (next.seen !== undefined && now !== null && now !== next.seen) {
      if (!movedBy(saved, next)) return;
      next.seen = now;
    }
    next.body = onRevision(next, forms, sent) || next.body;
  }

  function movedBy(saved, next) {
    var made = new URLSearchParams(saved.body);
    var waiting = new URLSearchParams(next.body);
    if (made.get("guild") !== waiting.get("guild")) return false;
    if (!isTally(saved.body)) return true;
    return saved.url === next.url && made.get("hero") === waiting.get("hero") && made.get("counter") === waiting.get("counter");
  }

  function isTally(body) {
    return new URLSearchParams(body).has("delta");
  }

  // The form in an answer (`forms`) for the same thing as `item`, or null.
  function formFor(item, forms) {
    var fields = new URLSearchParams(item.body);
    for (var i = 0; i < forms.length; i++) {
      var form = forms[i];
      var url = form.getAttribute("hx-post") || form.getAttribute("action");
      if (url === item.url && form.querySelector('input[name="revision"]') && sameThing(form, fields)) return form;
    }
    return null;
  }

  // `item`'s body on the revision its form has in an answer (`forms`), when it was made on revision `was`
  // (any revision for a tap, which changes a counter by so many); null when the answer has no such form.
  function onRevision(item, forms, was) {
    var fields = new URLSearchParams(item.body);
    if (was !== null && !isTally(item.body) && fields.get("revision") !== was) return null;
    var form = formFor(item, forms);
    if (!form) return null;
    fields.set("revision", form.querySelector('input[name="revision"]').value);
    return fields.toString();
  }

  // The value an answer shows for a tap's counter, as text; null for any other write.
  function counterIn(item, forms) {
    if (!isTally(item.body)) return null;
    var form = formFor(item, forms);
    var output = form && form.closest(".tap") && form.closest(".tap").querySelector("output.tap-value");
    return output ? output.textContent.trim() : null;
  }

  // --- A true conflict, said in the page -----------------------------------------------------------------

  var note = document.getElementById("offline-conflict");
  var asking = null;  // {again: the body on the new revision or null, now: the counter's value now}

  function fill(name, values) {
    var template = note.getAttribute("data-" + name) || "";
    return template.replace(/\{(\w+)\}/g, function (all, key) { return key in values ? values[key] : all; });
  }

  function line(selector, words) {
    var p = note.querySelector(selector);
    p.textContent = words;
    p.hidden = !words;
  }

  function ask(item, answer, now, again) {
    if (!note || typeof note.showModal !== "function") {
      // No note on this page: the change keeps waiting, counted in the banner, until a page that has one.
      replaying = false;
      held = true;
      show();
      return;
    }
    var told = answer.querySelector(".note.conflict[data-who]");
    var form = formFor(item, answer.querySelectorAll("form"));
    var tap = form && form.closest(".tap");
    var what = (tap && tap.getAttribute("data-what")) || item.label || "";
    var fields = new URLSearchParams(item.body);
    line("[data-conflict-changed]", told
      ? fill("changed", { who: told.getAttribute("data-who"), change: told.getAttribute("data-change") })
      : fill("changed-someone", {}));
    if (isTally(item.body)) {
      var delta = parseInt(fields.get("delta"), 10) || 0;
      line("[data-conflict-mine]", what ? fill("mine-tap", { what: what, delta: (delta > 0 ? "+" : "") + delta }) : "");
      line("[data-conflict-now]", what && now !== null ? fill("now", { what: what, value: now }) : "");
    } else {
      line("[data-conflict-mine]", what ? fill("mine", { what: what }) : "");
      line("[data-conflict-now]", "");
    }
    // Without its form in the answer (the scenario ended meanwhile), the change cannot be made again.
    note.querySelector("[data-conflict-again]").hidden = !again;
    asking = { again: again, now: now };
    note.showModal();
  }

  function decided(makeAgain) {
    var choice = asking;
    asking = null;
    note.close();
    var items = queue();
    var item = items[0];
    var rest = items.slice(1);
    if (makeAgain && item && choice.again) {
      item.body = choice.again;
      if (choice.now !== null) item.seen = choice.now;  // the player saw the value now and chose anyway
      item.retried = false;
      rest.unshift(item);
    }
    save(rest);
    replaying = false;
    show();
    if (rest.length) { replay(); } else { window.location.reload(); }
  }

  if (note) {
    note.querySelector("[data-conflict-again]").addEventListener("click", function () { decided(true); });
    note.querySelector("[data-conflict-drop]").addEventListener("click", function () { decided(false); });
    // Closed without a choice (Escape): the change keeps waiting (the banner counts it) and is asked about
    // again when the connection comes back or a page loads.
    note.addEventListener("close", function () {
      if (!asking) return;
      asking = null;
      replaying = false;
      held = true;
      show();
    });
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

  window.addEventListener("online", function () { held = false; show(); replay(); });
  // The phone's Wi-Fi may stay up while the laptop serving the table is away: try the queue now and then too.
  setInterval(function () { if (queue().length) replay(); }, 15000);
  window.addEventListener("offline", show);
  document.addEventListener("DOMContentLoaded", function () { show(); replay(); });
  show();
})();

// The campaign pages at the table: a tap swaps only the panels it changed, keeps the tapped control
// where the thumb is, says "saving…" then "saved" (or why not) beside it, and the sheet follows other
// phones' taps by polling its ETag. Every form still works without this script (plain posts).
(function () {
  "use strict";

  var gettext = window.gettext || function (text) { return text; };
  var interpolate = window.interpolate || function (format, values) { return format.replace("%s", values[0]); };
  var POLL_MS = 1500;
  var SAVED_MS = 2500;
  var CSRF = /name="csrfmiddlewaretoken" value="[^"]*"/g;

  // --- Which control a write came from, found again in the new page ---------------------------------

  // A control is named by its form's action and hidden values (not the revision, which changes with
  // every write, nor the CSRF token), its own name and value, or its id or data-key.
  function keyOf(el) {
    if (!el) return null;
    if (el.dataset && el.dataset.key) return "k:" + el.dataset.key;
    if (el.id) return "#" + el.id;
    var form = el.form || el.closest("form");
    if (!form) return null;
    // A counter's form is named by its step (+1 or -1), not by the taps it is about to send.
    var parts = [form.getAttribute("action") || "", form.dataset.tally || ""];
    Array.prototype.forEach.call(form.elements, function (field) {
      if (form.dataset.tally && field.name === "delta") return;
      if (field.type === "hidden" && field.name && field.name !== "revision" && field.name !== "csrfmiddlewaretoken") {
        parts.push(field.name + "=" + field.value);
      }
    });
    if (el.name) parts.push("@" + el.name + "=" + el.value);
    return "f:" + parts.join("&");
  }

  function findByKey(key) {
    if (!key) return null;
    if (key.charAt(0) === "#") return document.getElementById(key.slice(1));
    var selector = key.slice(0, 2) === "k:" ? "[data-key]" : "form button, form input[type=submit]";
    var found = document.querySelectorAll(selector);
    for (var i = 0; i < found.length; i++) {
      if (keyOf(found[i]) === key) return found[i];
    }
    return null;
  }

  // What to keep still on screen: the tapped control, else the named thing nearest the thumb.
  function anchorNear() {
    var el = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 3);
    while (el && el !== document.body) {
      if (el.id || el.matches("form button")) return el;
      el = el.parentElement;
    }
    return null;
  }

  // The control, and the panel around it for when the write takes the control away (a started scenario).
  // A control inside a [data-keep] block (a guild's card on the live tracker: a done quest's button becomes
  // a line) keeps that block still instead, as a notice may have grown above it in the same panel.
  function pin(el) {
    var key = keyOf(el);
    if (!key) return null;
    var panel = el.closest("[data-sections] > [id]") || el.closest("[data-sections]");
    var kept = el.closest("[data-keep]");
    return {
      key: key,
      top: el.getBoundingClientRect().top,
      panel: panel ? panel.id : null,
      panelTop: panel ? panel.getBoundingClientRect().top : 0,
      kept: kept ? kept.dataset.keep : null,
      keptTop: kept ? kept.getBoundingClientRect().top : 0,
    };
  }

  function restore(pinned) {
    if (!pinned) return null;
    var el = findByKey(pinned.key);
    if (el) {
      window.scrollBy(0, el.getBoundingClientRect().top - pinned.top);
      return el;
    }
    var kept = pinned.kept && document.querySelector('[data-keep="' + pinned.kept + '"]');
    if (kept) {
      window.scrollBy(0, kept.getBoundingClientRect().top - pinned.keptTop);
      return null;
    }
    var panel = pinned.panel && document.getElementById(pinned.panel);
    if (panel) {
      window.scrollBy(0, panel.getBoundingClientRect().top - pinned.panelTop);
      // The panel shrank under the thumb (a hand of cards became one line, or the arranging of what was
      // bought) and ends above the middle of the screen, where the next panel now sits: show it from its
      // heading, where what it now says begins.
      var box = panel.getBoundingClientRect();
      var ended = box.top < 0 && box.bottom < window.innerHeight / 2;
      if (ended || box.top > window.innerHeight) panel.scrollIntoView({block: "start"});
    }
    return null;
  }

  // --- Swapping only what changed --------------------------------------------------------------------

  // Each part remembers the HTML it was served as: what this script adds (a status line, a disabled
  // button, an open <details>) is not a change from the server.
  function served(el) {
    return el.outerHTML.replace(CSRF, "");
  }

  function same(old, fresh) {
    if (old.servedAs === undefined) old.servedAs = served(old);
    return old.servedAs === served(fresh);
  }

  function remember(root) {
    Array.prototype.forEach.call(root.children, function (part) { part.servedAs = served(part); });
  }

  // A panel with an answer the player is still typing waits for them (unless they wrote from it).
  function busy(panel, own) {
    if (panel === own) return false;
    var active = document.activeElement;
    if (active && panel.contains(active) && active.matches("input, select, textarea")) return true;
    return Boolean(panel.querySelector("form[data-dirty]"));
  }

  // A <details> is known by its id, else by its summary: a card's tools stay open after the card moved
  // (its options changed, its name did not), so the "Saved." beside them is seen.
  function detailsKey(d) {
    var summary = d.querySelector("summary");
    return d.id || (summary || d).textContent.trim().slice(0, 80);
  }

  function keepOpen(old, fresh) {
    var open = {};
    old.querySelectorAll("details[open]").forEach(function (d) { open[detailsKey(d)] = true; });
    fresh.querySelectorAll("details").forEach(function (d) {
      if (open[detailsKey(d)]) d.open = true;
    });
  }

  // Replace, one by one, the parts of `root` that differ from `incoming`'s (parts with an id are matched
  // by id, the others by position); the panel the write came from is always brought up to date.
  function merge(root, incoming, own) {
    var waiting = false;
    var oldParts = Array.prototype.slice.call(root.children);
    var newParts = Array.prototype.slice.call(incoming.children);
    var byId = {};
    oldParts.forEach(function (p) { if (p.id) byId[p.id] = p; });
    var plain = oldParts.filter(function (p) { return !p.id; });
    var plainIndex = 0;
    var previous = null;
    var kept = [];
    newParts.forEach(function (part) {
      var old = part.id ? byId[part.id] : plain[plainIndex++];
      if (old && same(old, part)) {
        kept.push(old);
        previous = old;
        return;
      }
      if (old && busy(old, own)) {
        waiting = true;
        kept.push(old);
        previous = old;
        return;
      }
      part.servedAs = served(part);
      if (old) {
        keepOpen(old, part);
        old.replaceWith(part);
      } else if (previous) {
        previous.after(part);
      } else {
        root.prepend(part);
      }
      kept.push(part);
      previous = part;
      if (window.htmx) window.htmx.process(part);
    });
    oldParts.forEach(function (p) { if (kept.indexOf(p) < 0) p.remove(); });
    return waiting;
  }

  function parse(html, id) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    return doc.getElementById(id);
  }

  // --- Feedback beside the control -------------------------------------------------------------------

  function statusFor(control) {
    var host = control.closest("form") || control;
    var next = host.nextElementSibling;
    if (next && next.classList.contains("write-status")) return next;
    var status = document.createElement("span");
    status.className = "write-status";
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    host.after(status);
    return status;
  }

  function say(control, state, text, retry) {
    if (!control) return;
    var status = statusFor(control);
    status.dataset.state = state;
    status.textContent = text;
    if (retry) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "linkish retry";
      button.textContent = gettext("Try again");
      button.addEventListener("click", function () {
        var again = findByKey(retry);
        if (again && again.form) again.form.requestSubmit(again.matches("button, input[type=submit]") ? again : null);
      });
      status.append(" ", button);
    }
    if (state === "saved") {
      window.setTimeout(function () { if (status.dataset.state === "saved") status.remove(); }, SAVED_MS);
    }
  }

  var MESSAGES = {
    saved: function () { return gettext("Saved."); },
    conflict: function () { return gettext("Someone changed this meanwhile. This panel is up to date now; check it."); },
    refused: function () { return gettext("Not saved: see the message."); },
    forbidden: function () { return gettext("Not saved: you may not change that."); },
    confirm: function () { return gettext("Please confirm."); },
  };

  // What the line beside the control says. A refusal names its reasons there too: the panel's message
  // sits under the panel's heading, often above the top of the screen while the thumb is at the button.
  function told(outcome, alert) {
    var text = (MESSAGES[outcome] || MESSAGES.saved)();
    if (outcome === "conflict") {
      // The server names the change the write ran into (who, and what): say that where the thumb is.
      var note = document.querySelector(".note.conflict[role=alert]");
      return (note && note.textContent.trim()) || text;
    }
    if (outcome !== "refused" || !alert) return text;
    var reasons = [];
    alert.querySelectorAll("li").forEach(function (item) {
      var reason = item.textContent.trim();
      if (reason) reasons.push(reason);
    });
    return reasons.length ? interpolate(gettext("Not saved: %s"), [reasons.join(" ")]) : text;
  }

  // --- Writes through htmx ---------------------------------------------------------------------------

  var writing = 0;
  var lastWrite = 0;
  var tapped = null;

  document.addEventListener("click", function (event) {
    var control = event.target.closest && event.target.closest("button, input[type=submit]");
    if (control) tapped = control;
  }, true);

  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (form && form.closest("[data-sections]")) form.dataset.dirty = "";
  });

  function controlOf(detail) {
    var elt = requester(detail);
    var submitter = detail.requestConfig && detail.requestConfig.triggeringEvent && detail.requestConfig.triggeringEvent.submitter;
    if (submitter) return submitter;
    if (tapped && elt.contains(tapped)) return tapped;
    return elt.querySelector("button[type=submit], button:not([type])") || elt;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var detail = event.detail;
    detail.xhr.sentAt = Date.now();
    if (!isWrite(detail)) return;
    var control = controlOf(detail);
    requester(detail).dataset.pin = JSON.stringify(pin(control));
    writing += 1;
    say(control, "pending", gettext("Saving…"));
  });

  // A write of the campaign: a POST answered with the sections it changed. A POST with a target of its own
  // (the print panel's status) says its progress there, so no "Saving…" line would ever be cleared.
  function isWrite(detail) {
    return detail.requestConfig.verb === "post" && !!detail.target && detail.target.matches("[data-sections]");
  }

  document.addEventListener("htmx:afterRequest", function (event) {
    if (!isWrite(event.detail)) return;
    writing = Math.max(0, writing - 1);
    lastWrite = Date.now();
  });

  // The element that made the request (htmx names the swap target as `elt` in the swap's events).
  function requester(detail) {
    return (detail.requestConfig && detail.requestConfig.elt) || detail.elt;
  }

  function pinnedOf(elt) {
    try { return JSON.parse(elt.dataset.pin || "null"); } catch (e) { return null; }
  }

  // A write that never reached the server (no connection, server down): say so where the thumb is.
  function failed(event, text) {
    var pinned = pinnedOf(requester(event.detail));
    if (!pinned) return;
    var control = findByKey(pinned.key);
    say(control, "error", text, pinned.key);
  }

  // A phase page's own part (the hero draft's, the upgrade phase's), fetched because its status said it
  // changed, did not come (the server busy, the connection gone): the status already holds the new state,
  // so it would never ask again. Ask again after a poll's wait.
  function refetchPart(event) {
    var elt = requester(event.detail);
    var verb = event.detail.requestConfig && event.detail.requestConfig.verb;
    if (verb !== "get" || !elt || !elt.matches || !elt.matches("[data-refetch]")) return;
    window.setTimeout(function () {
      if (window.htmx) window.htmx.trigger(document.body, "phase-changed");
    }, POLL_MS);
  }
  document.addEventListener("htmx:responseError", refetchPart);
  document.addEventListener("htmx:sendError", refetchPart);

  document.addEventListener("htmx:sendError", function (event) {
    // static/js/offline.js keeps a campaign write made offline and sends it when the connection is back:
    // say so, and offer no retry (it would be written twice).
    var form = requester(event.detail);
    var url = (form && (form.getAttribute("hx-post") || form.getAttribute("action"))) || "";
    if (document.getElementById("offline-banner") && /^\/campaigns\/\d+\/do\/[\w-]+\/$/.test(url)) {
      var pinned = pinnedOf(form);
      say(pinned && findByKey(pinned.key), "error", gettext("No connection: kept on this phone, sent when the connection is back."));
      return;
    }
    failed(event, gettext("No connection: not saved."));
  });

  document.addEventListener("htmx:responseError", function (event) {
    failed(event, gettext("The server could not save this."));
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail;
    var root = detail.target;
    if (!root || !root.matches("[data-sections]") || !detail.shouldSwap) return;
    // A read sent before a write was answered, or while one is on its way, may show the campaign from
    // before the write, whose own answer is newer: it is not swapped in (as the sheet's poll, `refresh`).
    var verb = detail.requestConfig && detail.requestConfig.verb;
    if (verb === "get" && (writing || lastWrite > (detail.xhr.sentAt || 0))) {
      detail.shouldSwap = false;
      return;
    }
    var incoming = parse(detail.serverResponse, root.id);
    if (!incoming) return;
    detail.shouldSwap = false;
    var pinned = pinnedOf(requester(detail)) || pin(anchorNear());
    var outcome = detail.xhr.getResponseHeader("X-Write") || "";
    var own = pinned && findByKey(pinned.key);
    own = own && own.closest("[data-sections] > *");
    merge(root, incoming, own);
    var control = restore(pinned);
    var alert = root.querySelector(".errors[role=alert]");
    var kept = !control && pinned && pinned.kept && document.querySelector('[data-keep="' + pinned.kept + '"]');
    var panel = kept || (!control && pinned && pinned.panel && document.getElementById(pinned.panel));
    if (!control && panel && outcome) {
      // The control is gone with the write (a scenario started, a guild claimed, a quest done): speak from
      // the block kept still around it, else from its panel.
      var heading = panel.querySelector("h2, h3");
      if (heading) {
        heading.setAttribute("tabindex", "-1");
        heading.focus({preventScroll: true});
        say(heading, outcome === "saved" ? "saved" : "error", told(outcome, alert));
      }
    }
    var resent = outcome === "conflict" && tallyOf(requester(detail)) && !tallyOf(requester(detail)).tally.retried;
    if (resent) outcome = "pending";
    if (control && outcome) {
      control.focus({preventScroll: true});
      var retry = outcome === "conflict" ? pinned.key : null;
      if (outcome === "pending") say(control, "pending", gettext("Saving…"));
      else say(control, outcome === "saved" ? "saved" : "error", told(outcome, alert), retry);
    }
    showAllPending();
    if (alert && outcome && outcome !== "saved" && outcome !== "pending") alert.focus({preventScroll: true});
  });

  // --- Quick taps on a counter, added up ----------------------------------------------------------------

  // Taps on a counter's + and − are added up on the phone and sent as one write once the thumb rests
  // (TALLY_MS), or once the write on its way is answered: never dropped, never two writes racing on one
  // revision. The counter shows the value with the taps not yet saved ("3 · waiting" while they wait for the
  // connection). A tap is a change by so many, so a write refused because another phone changed the guild
  // meanwhile is sent once more on the revision its answer brought.
  var TALLY_MS = 350;
  var MOST_PER_WRITE = 10;  // the server's bound (campaigns/pages/forms.py TallyForm.delta)
  var tallies = {};

  function tallyKey(form) {
    var f = form.elements;
    return [form.getAttribute("action"), f.guild.value, f.hero.value, f.counter.value].join("|");
  }

  function tallyForms(key) {
    return Array.prototype.filter.call(document.querySelectorAll("form[data-tally]"), function (form) {
      return tallyKey(form) === key;
    });
  }

  function counterOf(key) {
    var forms = tallyForms(key);
    var tap = forms.length && forms[0].closest(".tap");
    return tap ? tap.querySelector("output.tap-value") : null;
  }

  // What waits in offline.js's queue for this counter.
  function queuedFor(key) {
    var queued = (window.InfernoQueue && window.InfernoQueue.items()) || [];
    return queued.reduce(function (sum, item) {
      var fields = new URLSearchParams(item.body);
      var same = [item.url, fields.get("guild"), fields.get("hero"), fields.get("counter")].join("|") === key;
      return same && fields.get("delta") ? sum + parseInt(fields.get("delta"), 10) : sum;
    }, 0);
  }

  function showPending(key) {
    var output = counterOf(key);
    if (!output) return;
    if (output.dataset.saved === undefined) output.dataset.saved = output.textContent.trim();
    var tally = tallies[key];
    var queued = queuedFor(key);
    var pending = (tally ? tally.delta : 0) + queued;
    var saved = parseInt(output.dataset.saved, 10) || 0;
    if (!pending) {
      output.textContent = output.dataset.saved;
      delete output.dataset.pending;
      return;
    }
    output.dataset.pending = "";
    output.textContent = queued ? interpolate(gettext("%s · waiting"), [String(saved + pending)]) : String(saved + pending);
  }

  function showAllPending() {
    var keys = {};
    document.querySelectorAll("form[data-tally]").forEach(function (form) { keys[tallyKey(form)] = true; });
    Object.keys(keys).forEach(showPending);
  }
  window.addEventListener("inferno:queue-changed", showAllPending);

  function sendTally(key) {
    var tally = tallies[key];
    if (!tally || tally.flying) return;
    window.clearTimeout(tally.timer);
    var delta = Math.max(-MOST_PER_WRITE, Math.min(MOST_PER_WRITE, tally.delta));
    var forms = tallyForms(key);
    if (!delta || !forms.length) {
      delete tallies[key];
      showPending(key);
      return;
    }
    var form = forms.filter(function (f) { return (f.dataset.tally === "1") === (delta > 0); })[0] || forms[0];
    tally.flying = form;
    tally.sent = delta;
    form.elements.delta.value = String(delta);
    form.requestSubmit();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("form[data-tally] button[type=submit]");
    if (!button || !window.htmx) return;  // without htmx each tap is its own plain post
    event.preventDefault();
    var form = button.form;
    var key = tallyKey(form);
    var tally = tallies[key] || (tallies[key] = {delta: 0, timer: null, flying: null, retried: false});
    var output = counterOf(key);
    var step = parseInt(form.dataset.tally, 10);
    var shown = output ? parseInt(output.dataset.saved || output.textContent, 10) || 0 : 0;
    if (shown + tally.delta + queuedFor(key) + step < 0) return;  // below none: nothing to take away
    tally.delta += step;
    tapped = button;
    showPending(key);
    window.clearTimeout(tally.timer);
    if (!tally.flying) tally.timer = window.setTimeout(function () { sendTally(key); }, TALLY_MS);
  }, true);

  function tallyOf(form) {
    if (!form || !form.matches || !form.matches("form[data-tally]")) return null;
    var key = tallyKey(form);
    var tally = tallies[key];
    return tally && tally.flying === form ? {key: key, tally: tally} : null;
  }

  // The answer to a tally's write (its panel already merged, the counter showing the saved value).
  document.addEventListener("htmx:afterRequest", function (event) {
    var found = tallyOf(requester(event.detail));
    if (!found) return;
    var tally = found.tally;
    var xhr = event.detail.xhr;
    var outcome = (xhr && xhr.getResponseHeader("X-Write")) || "";
    tally.flying = null;
    if (outcome === "conflict" && !tally.retried) {
      tally.retried = true;  // the same taps once more, on the revision the answer brought
    } else if (outcome === "saved" || !xhr || !xhr.status) {
      tally.delta -= tally.sent;  // saved, or (no connection) kept by offline.js to be sent later
      tally.retried = false;
    } else {
      tally.delta = 0;  // refused: the reason is said beside the counter
    }
    tally.sent = 0;
    if (tally.delta) {
      sendTally(found.key);
    } else {
      delete tallies[found.key];
    }
    showPending(found.key);
  });

  // --- Opening a heavy panel (a guild's editing tools, the results form) on demand --------------------

  var opened = {};

  function openPanels() {
    return Object.keys(opened).join(",");
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var panels = openPanels();
    if (panels) event.detail.headers["X-Open-Panels"] = panels;
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-open-panel], a[data-close-panel]");
    if (!link) return;
    var root = link.closest("[data-poll]");
    if (!root) return;
    event.preventDefault();
    var name = link.dataset.openPanel || link.dataset.closePanel;
    if (link.dataset.openPanel) opened[name] = true;
    else delete opened[name];
    var hash = link.hash && link.hash.slice(1);
    var reveal = link.dataset.openPanel && !link.hasAttribute("data-stay") ? hash : "";
    refresh(root, {key: "k:panel-" + name, top: link.getBoundingClientRect().top}, reveal);
  });

  // --- Following the other phones --------------------------------------------------------------------

  var etags = {};
  var waitingParts = false;

  function refresh(root, pinned, reveal) {
    var url = root.dataset.poll;
    var headers = {"HX-Request": "true"};
    var panels = openPanels();
    if (panels) headers["X-Open-Panels"] = panels;
    var forced = Boolean(pinned) || waitingParts;
    if (etags[url + panels] && !forced) headers["If-None-Match"] = etags[url + panels];
    var started = Date.now();
    return fetch(url, {headers: headers, cache: "no-store", credentials: "same-origin"})
      .then(function (response) {
        if (response.status !== 200) return null;
        etags[url + panels] = response.headers.get("ETag");
        return response.text();
      })
      .then(function (html) {
        // A write answered meanwhile: its answer is newer than this one.
        if (!html || (!pinned && (writing || lastWrite > started))) return;
        var incoming = parse(html, root.id);
        if (!incoming) return;
        var keep = pinned || pin(anchorNear());
        waitingParts = merge(root, incoming, null);
        showAllPending();
        var control = restore(keep);
        if (reveal) {
          var target = document.getElementById(reveal);
          if (target) target.scrollIntoView({block: "start"});
        } else if (pinned && control) {
          control.focus({preventScroll: true});
        }
      })
      .catch(function () { /* offline: the next round tries again */ });
  }

  function poll() {
    var root = document.querySelector("[data-sections][data-poll]");
    if (root && !document.hidden && !writing) refresh(root, null, "").finally(schedule);
    else schedule();
  }

  function schedule() {
    window.setTimeout(poll, POLL_MS);
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-sections]").forEach(remember);
    var root = document.querySelector("[data-sections][data-poll]");
    if (!root) return;
    (root.dataset.open || "").split(",").forEach(function (name) { if (name) opened[name] = true; });
    schedule();
  });
})();

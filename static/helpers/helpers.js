// Progressive enhancement for the helper pages: every form also works as a plain post-back without this.
(function () {
  "use strict";

  // Keep the phone awake while a helper is open; browsers without the Wake Lock API just sleep as usual.
  var lock = null;
  function keepAwake() {
    var root = document.documentElement;
    if (!("wakeLock" in navigator)) { root.dataset.wakeLock = "unsupported"; return; }
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      root.dataset.wakeLock = "on";
      sentinel.addEventListener("release", function () { root.dataset.wakeLock = "released"; });
    }).catch(function () { root.dataset.wakeLock = "refused"; });
  }
  // The browser drops the lock whenever the page is hidden, so take it again on return.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && (lock === null || lock.released)) keepAwake();
  });
  keepAwake();

  // + and - buttons beside a number field, clamped to the field's own min and max.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-step]");
    if (!button) return;
    var input = document.getElementById(button.getAttribute("aria-controls"));
    if (!input) return;
    var value = (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10);
    var min = input.min === "" ? -Infinity : Number(input.min);
    var max = input.max === "" ? Infinity : Number(input.max);
    input.value = String(Math.min(max, Math.max(min, value)));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });

  // The server rolls, draws and looks up. Without a connection nothing is rolled: the result goes, and
  // "Not rolled: no connection" stands where it was, so an old result is never read under new settings.
  function notDone(target) {
    if (!target || !target.hasAttribute("data-offline-note")) return false;
    var note = document.createElement("p");
    note.className = "offline-note";
    note.setAttribute("role", "alert");
    note.textContent = target.getAttribute("data-offline-note");
    target.replaceChildren(note);
    return true;
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!navigator.onLine && notDone(event.detail.target)) event.preventDefault();
  });
  document.addEventListener("htmx:sendError", function (event) { notDone(event.detail.target); });
  // Offline, the service worker answers a lookup "nothing new" (204): that is not a result either.
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status === 204) notDone(event.detail.target);
  });

  // Spawn: the Ticket Scalper's choices only matter in "choose" mode.
  function showChoices() {
    var choices = document.querySelector("[data-choose-only]");
    var chosen = document.querySelector('input[name="mode"]:checked');
    if (choices) choices.hidden = !chosen || chosen.value !== "choose";
  }
  document.addEventListener("change", function (event) {
    if (event.target.name === "mode") showChoices();
  });
  showChoices();

  // Death Curses: add a hero row from the formset's empty form instead of posting back.
  var add = document.querySelector("[data-add-hero]");
  if (add) {
    add.addEventListener("click", function (event) {
      event.preventDefault();
      var total = document.getElementById("id_heroes-TOTAL_FORMS");
      var max = Number(document.getElementById("id_heroes-MAX_NUM_FORMS").value);
      var count = Number(total.value);
      if (count >= max) return;
      var html = document.getElementById("hero-row-template").innerHTML
        .replace(/__prefix__/g, String(count)).replace(/__number__/g, String(count + 1));
      document.getElementById("hero-rows").insertAdjacentHTML("beforeend", html);
      total.value = String(count + 1);
      document.getElementById("id_heroes-" + count + "-hero").focus();
      add.disabled = count + 1 >= max;
    });
  }
})();

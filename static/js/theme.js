// Dark by default (dim tables); the light choice is remembered on this device only.
(function () {
  var KEY = "theme";
  var root = document.documentElement;

  function stored() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }
  }

  function apply(theme) {
    root.dataset.theme = theme === "light" ? "light" : "dark";
    var meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.content = theme === "light" ? "#fbf8f3" : "#15121a";
  }

  apply(stored());

  document.addEventListener("DOMContentLoaded", function () {
    var button = document.querySelector("[data-theme-toggle]");
    if (!button) return;
    function show() {
      var light = root.dataset.theme === "light";
      button.setAttribute("aria-pressed", light ? "true" : "false");
    }
    button.hidden = false;
    show();
    button.addEventListener("click", function () {
      var next = root.dataset.theme === "light" ? "dark" : "light";
      try { localStorage.setItem(KEY, next); } catch (e) { /* private mode: still switch for this page */ }
      apply(next);
      show();
    });
  });
})();

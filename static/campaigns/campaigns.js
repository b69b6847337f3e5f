// Small helps on the campaign pages; every form also works without this script.
(function () {
  "use strict";

  // + and - beside a number field (the results form), clamped to the field's min and max.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-step][aria-controls]");
    if (!button) return;
    var input = document.getElementById(button.getAttribute("aria-controls"));
    if (!input) return;
    var value = (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10);
    var min = input.min === "" ? -Infinity : Number(input.min);
    var max = input.max === "" ? Infinity : Number(input.max);
    input.value = String(Math.min(max, Math.max(min, value)));
  });

  // Upgrade purchase: show what the chosen cards cost and what would be saved, before buying.
  function purchaseSummary(form) {
    var coins = Number(form.dataset.coins || 0);
    var chosen = form.querySelectorAll('input[name="cards"]:checked');
    var spent = 0;
    chosen.forEach(function (box) { spent += Number(box.dataset.cost || 0); });
    var left = coins - spent;
    var line = form.querySelector("[data-buy-summary]");
    if (!line) return;
    if (chosen.length > 3) line.textContent = "Buy at most 3 cards.";
    else if (left < 0) line.textContent = "Costs " + spent + "; you have only " + coins + ".";
    else line.textContent = chosen.length + " card" + (chosen.length === 1 ? "" : "s") + " for " + spent +
      " of " + coins + " coins; " + Math.min(left, 1) + " coin saved" + (left > 1 ? ", " + (left - 1) + " lost" : "") + ".";
  }

  // Upgrade pick: say how many cards are still to tap.
  function pickCount(form) {
    var line = form.querySelector("[data-pick-count]");
    if (!line) return;
    var n = form.querySelectorAll('input[name="cards"]:checked').length;
    var want = Number(form.dataset.pick);
    line.textContent = n === want ? "Ready to keep." : (n < want ? "Tap " + (want - n) + " more." : "Keep only " + want + ".");
  }

  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (!form) return;
    if (form.hasAttribute("data-buy")) purchaseSummary(form);
    if (form.hasAttribute("data-pick")) pickCount(form);
  });

  // The share link selects itself so it can be copied with one tap.
  document.addEventListener("focusin", function (event) {
    if (event.target.matches("[data-select-on-focus]")) event.target.select();
  });

  // After a swap, put keyboard focus on an error so it is read out and seen.
  document.addEventListener("htmx:afterSwap", function () {
    var alert = document.querySelector(".errors[role=alert]");
    if (alert) alert.focus();
  });
})();

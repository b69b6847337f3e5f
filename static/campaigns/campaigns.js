// Small helps on the campaign pages; every form also works without this script.
(function () {
  "use strict";

  // Words come from Django's JavaScript catalogue (loaded before this script); without it, English.
  var gettext = window.gettext || function (text) { return text; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var interpolate = window.interpolate || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return String(values[key]); });
  };

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
    if (chosen.length > 3) line.textContent = gettext("Buy at most 3 cards.");
    else if (left < 0) {
      line.textContent = interpolate(gettext("Costs %(spent)s; you have only %(coins)s."), {spent: spent, coins: coins}, true);
    } else {
      var values = {cards: chosen.length, spent: spent, coins: coins, saved: Math.min(left, 1), lost: left - 1};
      var text = interpolate(ngettext("%(cards)s card for %(spent)s of %(coins)s coins", "%(cards)s cards for %(spent)s of %(coins)s coins", chosen.length), values, true);
      text += "; " + interpolate(ngettext("%(saved)s coin saved", "%(saved)s coins saved", values.saved), values, true);
      if (left > 1) text += ", " + interpolate(ngettext("%(lost)s lost", "%(lost)s lost", values.lost), values, true);
      line.textContent = text + ".";
    }
  }

  // Upgrade pick: say how many cards are still to tap.
  function pickCount(form) {
    var line = form.querySelector("[data-pick-count]");
    if (!line) return;
    var n = form.querySelectorAll('input[name="cards"]:checked').length;
    var want = Number(form.dataset.pick);
    if (n === want) line.textContent = gettext("Ready to keep.");
    else if (n < want) line.textContent = interpolate(gettext("Tap %(count)s more."), {count: want - n}, true);
    else line.textContent = interpolate(gettext("Keep only %(count)s."), {count: want}, true);
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

"""The review screen before a scenario's results are written: what will be recorded, and what looks wrong.

Posting the results form (or opening the review from the live tracker) shows this screen and writes
nothing; its "Record these results" button posts the same values again with confirm=1, and only that post
reaches the service. Only formats: the values come from the validated form, the names from the sheet.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from campaigns.pages.context import badge


def result_warnings(results: list[dict[str, Any]], names: dict[str, str]) -> list[str]:
    """What a player should look at twice before recording: nothing counted, no winner, no Death tokens."""
    warnings = []
    counted = [
        line["coins"] + line["treasure"] + sum(h["deaths"] + h["damnation"] for h in line["heroes"])
        for line in results
    ]
    if not any(counted):
        warnings.append(_("Every coin, treasure, Death token and Damnation is 0. Were the results entered?"))
    if not any(line["winner"] for line in results):
        warnings.append(_("No winner is chosen: exactly one guild wins a scenario. Choose it below."))
    if any(counted):
        without = [names[line["guild"]] for line in results if not sum(h["deaths"] for h in line["heroes"])]
        if len(without) == len(results):
            warnings.append(_("No hero has a Death token. Is that right?"))
        elif without:
            message = _("No Death tokens for: %(guilds)s. Is that right?")
            warnings.append(message % {"guilds": ", ".join(without)})
    return warnings


def review_rows(
    results: list[dict[str, Any]], guilds: list[dict[str, Any]], cards: dict[str, str]
) -> list[dict[str, Any]]:
    by_colour = {g["colour"]: g for g in guilds}
    rows = []
    for line in results:
        guild = by_colour[line["guild"]]
        heroes = {h["hero"]: h.get("shown_name") or h["name"] for h in guild["heroes"]}
        rows.append(
            {
                **line,
                "badge": badge(guild),
                "deaths": sum(h["deaths"] for h in line["heroes"]),
                "damnation": sum(h["damnation"] for h in line["heroes"]),
                "hero_lines": [{**h, "name": heroes.get(h["hero"], h["hero"])} for h in line["heroes"]],
                "rewards": [
                    {"card": cards.get(r["card"], r["card"]), "hero": heroes.get(r["hero"], r["hero"])}
                    for r in line["reward_cards"]
                ],
            }
        )
    return rows


def live_quest_labels(live: dict[str, Any] | None) -> dict[str, list[str]]:
    """Per guild, the quests the live tracker ticked, by their labels: recording keeps them with the results
    (`services.scenarios`), so the review shows them too."""
    if not live:
        return {}
    return {line["guild"]: [q["label"] for q in line["quest_list"] if q["done"]] for line in live["guilds"]}


def render_review(request: HttpRequest, context: dict[str, Any], form: Any) -> HttpResponse:
    """The review page for a validated results form (nothing is written here)."""
    args = form.service_args()
    guilds = context["sheet"]["guilds"]
    names = {g["colour"]: g.get("shown_name") or g["name"] for g in guilds}
    scenario = next((s for s in context["next"]["allowed"] if s["slug"] == args["scenario"]), None)
    rows = review_rows(args["results"], guilds, dict(context["reward_cards"]))
    quests = live_quest_labels(context.get("live"))
    for row in rows:
        row["quest_labels"] = quests.get(row["guild"], [])
    context.update(
        {
            "form": form,
            "scenario": scenario or {"slug": args["scenario"], "name": args["scenario"]},
            "rows": rows,
            "warnings": result_warnings(args["results"], names),
            "has_winner": bool(form.cleaned_data.get("winner")),
            "winner_choices": [badge(g) for g in guilds],
        }
    )
    return render(request, "campaigns/record_review.html", context)

"""One group's phone for the scripted campaigns: every call through the API, with the revision of the last
sheet it read. The Upgrade Phase's draft is checked to pass each hand left as the scenario seated the table
(RB:511-512 "sit around the table in the same order as their starting areas"; RB:1633 pass to the left)."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import Any


class Table:
    def __init__(self, api: Any, campaign_id: int) -> None:
        self.api, self.id = api, campaign_id
        self.sheet = self.get("")
        # Each Upgrade Phase's curse draws and deck note, in order.
        self.phases: list[dict[str, Any]] = []

    def url(self, path: str) -> str:
        return f"/api/v1/campaigns/{self.id}/{path}"

    def get(self, path: str, **params: Any) -> dict[str, Any]:
        response = self.api.get(self.url(path), params)
        assert response.status_code == 200, response.content[:500]
        return response.json()

    def post(self, path: str, body: dict[str, Any], *, guild: str | None = None) -> dict[str, Any]:
        if guild is not None:
            revision = next(g["revision"] for g in self.sheet["guilds"] if g["colour"] == guild)
            path = f"guilds/{guild}/{path}"
        else:
            revision = self.sheet["revision"]
        response = self.api.post(self.url(path), {**body, "revision": revision}, format="json")
        assert response.status_code in (200, 201), (path, response.content[:800])
        answer = response.json()
        # A live tap answers with what it changed; the sheet is then read as the phones' poll reads it.
        self.sheet = self.get("") if "guild_revision" in answer else answer
        return self.sheet

    def record(self, scenario: str, results: list[dict[str, Any]], **extra: Any) -> None:
        self.post("plays/", {"scenario": scenario, "results": results, **extra})

    def seat(self, areas: dict[str, int] | None = None) -> dict[str, Any]:
        """The next scenario's Starting Areas: drawn in the app, or as the table drew the tokens."""
        return self.post("seating/", {} if areas is None else {"areas": areas})["seating"]

    def play_upgrade_phase(self) -> dict[str, Any]:
        """Every guild drafts the first cards of its hand, buys nothing and confirms (BR:230-233); each
        round's hands are checked to have passed left in the seating of the scenario just played."""
        colours = [g["colour"] for g in self.sheet["guilds"]]
        view = self.get("upgrade-phase/")
        if view["draft_mode"] == "manual":
            for n, colour in enumerate(colours):
                level = view["level"]
                cards = [
                    {"name": f"Dealt L{level} {colour} {k}", "code": f"L{level}-{n}{k}", "cost": 1}
                    for k in range(6)
                ]
                self.post("upgrade-phase/enter/", {"cards": cards}, guild=colour)
        rounds: list[dict[str, list[str]]] = []
        while not self.get("upgrade-phase/")["draft_complete"]:
            hands = {c: self.get("upgrade-phase/", guild=c)["mine"]["hand"] for c in colours}
            rounds.append(hands)
            for colour in colours:
                self.post("upgrade-phase/pick/", {"cards": hands[colour][:2]}, guild=colour)
        if view["draft_mode"] == "app":
            check_passed_left(rounds, self.sheet["plays"][-1]["seating"]["order"])
        review = self.get("upgrade-phase/")
        self.phases.append(review)
        for colour in colours:
            self.post("upgrade-phase/buy/", {"cards": []}, guild=colour)
            self.post("upgrade-phase/confirm/", {}, guild=colour)
        return review


def check_passed_left(rounds: list[dict[str, list[str]]], order: list[str]) -> None:
    """What a guild did not keep is the next hand of the guild on its left, the next Starting Area (RB:1633,
    `rules_helpers.seating`): never of the guild added after it."""
    assert len(rounds) == 3  # BR:230-231 keep 2, pass, keep 2, pass, keep the last 2
    for before, after in pairwise(rounds):
        for seat, colour in enumerate(order):
            left = order[(seat + 1) % len(order)]
            assert Counter(after[left]) == Counter(before[colour][2:]), (colour, left)


def line(colour: str, *, winner: bool = False, coins: int = 0, **extra: Any) -> dict[str, Any]:
    return {"guild": colour, "winner": winner, "coins": coins, **extra}


def create(api: Any, name: str, edition: str, rosters: dict[str, list[str]], mode: str = "campaign") -> Table:
    response = api.post("/api/v1/campaigns/", {"name": name, "edition": edition, "mode": mode}, format="json")
    assert response.status_code == 201, response.content[:300]
    table = Table(api, response.json()["id"])
    owner = table.sheet["owner"]
    for colour, heroes in rosters.items():
        table.post("guilds/", {"colour": colour, "player": owner})
        table.post("heroes/", {"heroes": heroes}, guild=colour)
    return table

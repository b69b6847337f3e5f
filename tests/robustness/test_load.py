"""Load: gunicorn on loopback against the test database, 50 clients for 10 seconds reading sheets, rolling
dice and drafting upgrade cards. Zero errors, and every accepted pick is in the drafted cards exactly once."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any
from urllib.parse import quote

import pytest
from django.db import connection
from rest_framework.authtoken.models import Token

from bench.load import hammer, request, serve
from campaigns.models import UpgradeCard
from tests.factories import COLOURS, UserFactory, build_campaign, level_one_deck, record, result_line

pytestmark = [pytest.mark.slow, pytest.mark.services, pytest.mark.django_db(transaction=True)]

SECONDS, READERS, ROLLERS = 10, 23, 23  # and one drafting client per guild: 50 clients
ROLL = {"attack_dice": 5, "kind": "melee", "defense_dice": 3, "attack_rerolls": 1}


class Draft:
    """The players' side of the draft: who picked what in which cycle (a cycle ends with a restart)."""

    def __init__(self, port: int, campaign_id: int, tokens: dict[str, str]) -> None:
        self.port, self.campaign_id, self.tokens = port, campaign_id, tokens
        self.cycle, self.lock = 0, threading.Lock()
        # Picks sent and not yet answered: the owner's check waits for them (their answers are recorded).
        self.in_flight = 0
        self.settled = threading.Condition(self.lock)
        self.accepted: dict[int, dict[str, Counter]] = {}
        self.problems: list[str] = []

    def get(self, colour: str, path: str) -> Any:
        status, body = request(self.port, "GET", path, headers=self.auth(colour))
        if status != 200:
            self.problems.append(f"{colour} GET {path}: {status} {body}")
        return body

    def auth(self, colour: str) -> dict[str, str]:
        return {"Authorization": f"Token {self.tokens[colour]}"}

    def turn(self, colour: str) -> int:
        """One look at the phase and, when it is this guild's turn, one pick of 2 cards."""
        base = f"/api/v1/campaigns/{self.campaign_id}/"
        view = self.get(colour, f"{base}upgrade-phase/?guild={quote(colour)}")
        cycle = self.cycle
        if view is None:
            return 500
        if view["draft_complete"]:
            return self.restart(base) if colour == "yellow" else 200
        if colour not in view["waiting_for"]:
            return 200
        sheet = self.get(colour, base)
        revision = next(g["revision"] for g in sheet["guilds"] if g["colour"] == colour)
        cards = view["mine"]["hand"][:2]
        with self.lock:
            self.in_flight += 1
        status, body = 0, None
        try:
            status, body = request(
                self.port,
                "POST",
                f"{base}guilds/{colour}/upgrade-phase/pick/",
                {"cards": cards, "revision": revision},
                self.auth(colour),
            )
        finally:
            with self.lock:
                if status == 200:
                    self.accepted.setdefault(cycle, {}).setdefault(colour, Counter()).update(cards)
                self.in_flight -= 1
                self.settled.notify_all()
        if status != 200:
            self.problems.append(f"{colour} pick {cards}: {status} {body}")
        return status

    def check(self, base: str) -> None:
        """Every guild's drafted cards are the picks accepted in this cycle, exactly."""
        with self.lock:
            # The last pick's client records its answer (a fixed wait was too short on a busy machine).
            self.settled.wait_for(lambda: self.in_flight == 0, timeout=30)
            picks = self.accepted.get(self.cycle, {})
        for colour in COLOURS:
            drafted = self.get("yellow", f"{base}upgrade-phase/?guild={colour}")["mine"]["drafted"]
            if Counter(drafted) != picks.get(colour, Counter()):
                self.problems.append(f"cycle {self.cycle} {colour}: drafted {drafted} != picked {picks}")

    def restart(self, base: str) -> int:
        """The owner checks the finished draft against the accepted picks, then starts a new one."""
        self.check(base)
        revision = self.get("yellow", base)["revision"]
        with self.lock:
            # Before the new phase exists, so every pick in it is counted in the new cycle.
            self.cycle += 1
        status, body = request(
            self.port, "POST", f"{base}upgrade-phase/restart/", {"revision": revision}, self.auth("yellow")
        )
        if status != 200:
            self.problems.append(f"restart: {status} {body}")
        return status


def _table() -> tuple[int, dict[str, str]]:
    level_one_deck(cards=8, copies=3)  # 24 cards: 6 for each of the 4 guilds
    players = {c: UserFactory(username=f"load-{c}") for c in COLOURS}
    campaign = build_campaign(players["yellow"], guilds=players)
    lines = [result_line(c, winner=c == "yellow", coins=3) for c in COLOURS]
    campaign = record(players["yellow"], campaign, "ferry-of-the-dead", lines, upgrade_on_paper=False)
    tokens = {c: Token.objects.create(user=user).key for c, user in players.items()}
    return campaign.pk, tokens


def test_fifty_clients_for_ten_seconds_lose_nothing(postgres, live_server_env):
    campaign_id, tokens = _table()
    deck = Counter({card.slug: card.copies for card in UpgradeCard.objects.filter(deck="level-1")})
    with serve(live_server_env, workers=3, threads=8) as port:
        draft = Draft(port, campaign_id, tokens)
        sheet_path = f"/api/v1/campaigns/{campaign_id}/"
        yellow = draft.auth("yellow")
        calls = [lambda: request(port, "GET", sheet_path, headers=yellow)[0]] * READERS
        calls += [lambda: request(port, "POST", "/api/v1/helpers/roll/", ROLL, yellow)[0]] * ROLLERS
        calls += [lambda c=c: draft.turn(c) for c in COLOURS]
        results = _run_all(calls)
        # The draft the run ended in, finished or not, is checked the same way.
        draft.check(f"/api/v1/campaigns/{campaign_id}/")
    failures = [f for figures in results for f in figures.failures]
    assert failures == [] and draft.problems == [], (failures[:10], draft.problems[:10])
    picked = sum(sum(c.values()) for cycle in draft.accepted.values() for c in cycle.values())
    # On a slow machine a whole draft (12 picks, each after two reads) can take longer than the run.
    assert picked >= 8, f"only {picked} cards picked in {SECONDS} seconds"
    for picks in draft.accepted.values():
        drafted = sum(picks.values(), Counter())
        assert not drafted - deck, f"more copies drafted than the deck holds: {drafted - deck}"
    requests = sum(len(f.latencies) for f in results)
    print(f"{requests} requests, {picked} cards picked, {draft.cycle} drafts finished and restarted")
    assert requests > 30 * SECONDS, f"only {requests} requests answered in {SECONDS} seconds"


def _run_all(calls: list) -> list:
    """Every call in its own client thread, all at once, for SECONDS."""
    results: list = [None] * len(calls)

    def run(index: int) -> None:
        results[index] = hammer(calls[index], clients=1, seconds=SECONDS)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=SECONDS + 60)
    return results


@pytest.fixture
def live_server_env() -> dict[str, str]:
    """The subprocess serves the database this test run uses."""
    settings = connection.settings_dict
    url = f"postgres://{settings['USER']}@{settings['HOST'] or '127.0.0.1'}:{settings['PORT'] or 5432}"
    if settings.get("PASSWORD"):
        url = url.replace("://", f"://{settings['USER']}:{settings['PASSWORD']}@", 1).replace(
            f"@{settings['USER']}@", "@", 1
        )
    return {
        "DJANGO_SETTINGS_MODULE": "companion.settings.test",
        "DATABASE_URL": f"{url}/{settings['NAME']}",
        "DATABASE_CONN_MAX_AGE": "0",
    }

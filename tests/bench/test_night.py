"""The game night's phones, taps and figures (bench/night.py), against a pool that answers from a script:
no server, no network."""

import asyncio
import json

import pytest

from bench import night
from bench.client import Answer

SHEET = {"guilds": [{"colour": "purple", "revision": 9}, {"colour": "yellow", "revision": 4}]}


class Scripted:
    """Stands in for bench.client.Pool: records what is sent, answers the next scripted answer."""

    def __init__(self, *answers: Answer) -> None:
        self.answers = list(answers)
        self.sent: list[tuple[str, str, dict, bytes]] = []

    async def send(self, method: str, path: str, headers: dict, body: bytes = b"") -> Answer:
        self.sent.append((method, path, headers, body))
        return self.answers.pop(0)


def json_answer(data: object, status: int = 200) -> Answer:
    return Answer(status, {"content-type": "application/json"}, {}, json.dumps(data).encode())


def page(status: int, etag: str = "", csrf: str = "") -> Answer:
    return Answer(status, {"etag": etag} if etag else {}, {"csrftoken": csrf} if csrf else {}, b"")


@pytest.mark.parametrize(("pct", "value"), [(50, 5.0), (95, 10.0), (99, 10.0), (10, 1.0), (100, 10.0)])
def test_percentiles_are_nearest_rank(pct: int, value: float) -> None:
    assert night.percentile([float(n) for n in range(10, 0, -1)], pct) == value


def test_no_values_have_no_percentile() -> None:
    assert night.percentile([], 95) is None


def test_a_series_counts_answers_and_calls_an_unexpected_status_an_error() -> None:
    series = night.Series(expected=(200, 304))
    series.asked = 4
    series.answered(304, 3.0)
    series.answered(200, 9.0)
    series.answered(500, 20.0)
    series.failed("timeout")
    summary = series.summary()
    assert (summary["asked"], summary["done"], summary["errors"]) == (4, 3, 2)
    assert summary["statuses"] == {"200": 1, "304": 1, "500": 1}
    assert summary["error_kinds"] == {"status 500": 1, "timeout": 1}
    assert (summary["p50_ms"], summary["max_ms"]) == (9.0, 20.0)


def test_a_guilds_revision_is_read_from_the_sheet_or_a_refusals_current_sheet() -> None:
    assert night.guild_revision(SHEET, "yellow") == 4
    assert night.revision_in(json_answer(SHEET), "purple") == 9
    tapped = {"guild": "yellow", "guild_revision": 12, "counter": "coins", "value": 3}
    assert night.revision_in(json_answer(tapped), "yellow") == 12
    assert night.revision_in(json_answer(tapped), "purple") is None
    assert night.revision_in(json_answer({"detail": "stale", "current": SHEET}, 409), "yellow") == 4
    assert night.revision_in(json_answer({"revision": ["Send the revision"]}, 400), "yellow") is None
    assert night.revision_in(Answer(502, {"content-type": "text/html"}, {}, b"<p>"), "yellow") is None


def test_a_tap_alternates_plus_and_minus_and_sends_the_revision_last_answered() -> None:
    moved = {"guild": "yellow", "guild_revision": 5, "counter": "coins", "value": 1}
    pool = Scripted(json_answer(SHEET), json_answer(moved), json_answer({**moved, "guild_revision": 6}))
    tap = night.Tap(7, "tok", "yellow")

    async def three() -> list[int]:
        await tap.start(pool)
        return [await tap.tap(pool), await tap.tap(pool)]

    assert asyncio.run(three()) == [200, 200]
    (_, read, headers, _), *writes = pool.sent
    assert read == "/api/v1/campaigns/7/" and headers["Authorization"] == "Token tok"
    bodies = [json.loads(body) for _, _, _, body in writes]
    assert bodies == [
        {"counter": "coins", "delta": 1, "revision": 4},
        {"counter": "coins", "delta": -1, "revision": 5},
    ]
    assert {path for _, path, _, _ in writes} == {"/api/v1/campaigns/7/guilds/yellow/live/tally/"}
    assert tap.revision == 6


def test_a_tap_whose_first_read_failed_reads_the_sheet_before_writing() -> None:
    pool = Scripted(json_answer(SHEET), json_answer(SHEET))
    tap = night.Tap(7, "tok", "yellow")
    assert asyncio.run(tap.tap(pool)) == 200
    assert [method for method, *_ in pool.sent] == ["GET", "POST"]


def test_a_phone_opens_the_page_then_polls_with_its_cookies_and_last_etag() -> None:
    pool = Scripted(
        page(200, csrf="c1"), page(200, etag='"e1"'), page(304, etag='"e1"'), page(200, etag='"e2"')
    )
    phone = night.Phone(3, "s1", {"session": "sessionid", "csrf": "csrftoken"}, "10.0.3.1")

    async def go() -> list[int]:
        return [await phone.open(pool), await phone.poll(pool), await phone.poll(pool)]

    assert asyncio.run(go()) == [200, 304, 200]
    opened, first, second, third = (headers for _, _, headers, _ in pool.sent)
    assert "HX-Request" not in opened and opened["Cookie"] == "sessionid=s1"
    assert first["HX-Request"] == "true" and "If-None-Match" not in first
    assert first["Cookie"] == "sessionid=s1; csrftoken=c1" and first["X-Forwarded-For"] == "10.0.3.1"
    assert second["If-None-Match"] == '"e1"' and third["If-None-Match"] == '"e1"'
    assert phone.etag == '"e2"'


def test_each_phone_has_an_address_of_its_own() -> None:
    addresses = {night.address(table, phone) for table in range(600) for phone in range(4)}
    assert len(addresses) == 2400


def test_every_tick_is_asked_once_and_a_slow_answer_skips_the_ticks_it_outlasts() -> None:
    """Five ticks of 20 ms: each is asked once, and sent or skipped. A send that takes 50 ms outlasts at least
    the two ticks after it, which are asked and never sent."""

    async def count(seconds: float) -> night.Series:
        series = night.Series(expected=(200,))
        sent = []

        async def send() -> int:
            sent.append(1)
            await asyncio.sleep(seconds)
            return 200

        start = asyncio.get_running_loop().time()
        await night.every(send, start, 0.02, start + 0.099, series)
        assert len(sent) == len(series.latencies) == series.asked - series.missed
        return series

    quick = asyncio.run(count(0))
    assert quick.asked == 5 and quick.latencies
    slow = asyncio.run(count(0.05))
    assert slow.asked == 5 and slow.missed >= 2 and slow.latencies


def test_a_failed_request_counts_by_its_kind() -> None:
    async def go() -> night.Series:
        series = night.Series(expected=(200,))

        async def send() -> int:
            raise ConnectionResetError

        start = asyncio.get_running_loop().time()
        await night.every(send, start, 1.0, start + 0.5, series)
        return series

    series = asyncio.run(go())
    assert series.asked == 1 and series.errors == {"ConnectionResetError": 1} and not series.latencies

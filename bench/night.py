"""A game night at scale: many tables at once, each with 4 phones polling their sheet page and one tap now
and then, against the app as the endpoint table serves it.

Each table is a copy of the demo campaign with a scenario being played live, owned by an account of its own
(`bench/tables.py`). Each phone holds a session of its own, polls the sheet page as static/campaigns/live.js
does (the htmx part: `HX-Request`, its cookies, `If-None-Match` with the ETag of its last answer; 304 while
nothing changed) every `POLL_EVERY` seconds, and never has two polls out: a poll due while the last one is
still out is skipped, and counts as asked and not answered. Each table taps once every `TAP_EVERY` seconds:
its guild's coins +1, then -1, and so on (so no counter reaches its cap), through the API with the revision
its last answer gave. Phones and taps start at random points of their period (random.Random(seed)).

The load generator is one asyncio process on 127.0.0.1 (bench/client.py), pooling its connections as the
proxy in front of production does. A latency runs from when the request was due to its answer, so time spent
waiting for a pooled connection counts. The run is bounded: a warm-up (each phone opens the page and polls
it once, each tap reads the sheet), then `seconds` of load, then at most the client's timeout for the answers
still out.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bench.client import TIMEOUT_SECONDS, Answer, Pool

POLL_EVERY = 2.0
TAP_EVERY = 20.0
CONNECTIONS = 64  # the pool's bound, as a proxy's connections to the app
WARMUP_CONNECTIONS = 8  # the app's 2 workers x 4 threads
WARMUP_LIMIT_SECONDS = 300.0
PROXY = {"X-Forwarded-Proto": "https"}
POLL_STATUSES = (200, 304)
TAP_STATUSES = (200,)


def percentile(values: list[float], pct: float) -> float | None:
    """The nearest-rank percentile (None for no values)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * pct // 100))  # ceil without floats
    return ordered[int(rank) - 1]


@dataclass
class Series:
    """What one kind of request saw: how many were due, how many of those were skipped (the last one still
    out), their statuses, latencies (ms) and errors."""

    expected: tuple[int, ...]
    asked: int = 0
    missed: int = 0
    latencies: list[float] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    errors: Counter = field(default_factory=Counter)

    def answered(self, status: int, ms: float) -> None:
        self.statuses[status] += 1
        self.latencies.append(ms)
        if status not in self.expected:
            self.errors[f"status {status}"] += 1

    def failed(self, kind: str) -> None:
        self.errors[kind] += 1

    def summary(self) -> dict[str, Any]:
        return {
            "asked": self.asked,
            "done": len(self.latencies),
            "missed": self.missed,
            "p50_ms": percentile(self.latencies, 50),
            "p95_ms": percentile(self.latencies, 95),
            "p99_ms": percentile(self.latencies, 99),
            "max_ms": max(self.latencies, default=None),
            "statuses": {str(status): count for status, count in sorted(self.statuses.items())},
            "errors": sum(self.errors.values()),
            "error_kinds": dict(self.errors),
        }


def guild_revision(sheet: dict[str, Any], colour: str) -> int:
    """The revision of a guild in a sheet (the one a write to that guild sends)."""
    return next(guild["revision"] for guild in sheet["guilds"] if guild["colour"] == colour)


def revision_in(answer: Answer, colour: str) -> int | None:
    """The guild's revision in a write's answer: a tap's own (`guild_revision`), or the one in the current
    sheet a refusal carries under "current"; None when the answer holds neither."""
    if not answer.headers.get("content-type", "").startswith("application/json"):
        return None
    found = json.loads(answer.body)
    if isinstance(found, dict) and found.get("guild") == colour and "guild_revision" in found:
        return found["guild_revision"]
    sheet = found.get("current", found) if isinstance(found, dict) else None
    if not isinstance(sheet, dict) or not isinstance(sheet.get("guilds"), list):
        return None
    return next((g["revision"] for g in sheet["guilds"] if g.get("colour") == colour), None)


class Phone:
    """One phone at a table: its session, the CSRF cookie and the ETag its last answer gave."""

    def __init__(self, campaign: int, session: str, cookies: dict[str, str], address: str) -> None:
        self.path = f"/campaigns/{campaign}/"
        self.session, self.cookie_names = session, cookies
        self.headers = {**PROXY, "X-Forwarded-For": address, "HX-Request": "true"}
        self.csrf = ""
        self.etag = ""

    async def open(self, pool: Pool) -> int:
        """The page opened, then its first poll: the CSRF cookie the page sets, the ETag the poll answers."""
        page = {key: value for key, value in self.headers.items() if key != "HX-Request"}
        answer = await pool.send("GET", self.path, {**page, "Cookie": self._cookie()})
        self.csrf = answer.cookies.get(self.cookie_names["csrf"], self.csrf)
        return await self.poll(pool)

    async def poll(self, pool: Pool) -> int:
        headers = {**self.headers, "Cookie": self._cookie()}
        if self.etag:
            headers["If-None-Match"] = self.etag
        answer = await pool.send("GET", self.path, headers)
        self.etag = answer.headers.get("etag", self.etag)
        self.csrf = answer.cookies.get(self.cookie_names["csrf"], self.csrf)
        return answer.status

    def _cookie(self) -> str:
        cookie = f"{self.cookie_names['session']}={self.session}"
        return f"{cookie}; {self.cookie_names['csrf']}={self.csrf}" if self.csrf else cookie


class Tap:
    """A table's tapping phone: its guild's coins +1, then -1, ..., each sent with the revision the last
    answer gave (a tap answers with its guild's new revision; a refused one carries the current sheet)."""

    def __init__(self, campaign: int, token: str, guild: str) -> None:
        self.sheet_path = f"/api/v1/campaigns/{campaign}/"
        self.path = f"{self.sheet_path}guilds/{guild}/live/tally/"
        self.guild = guild
        self.headers = {**PROXY, "Authorization": f"Token {token}"}
        self.revision = 0
        self.taps = 0

    async def start(self, pool: Pool) -> int:
        answer = await pool.send("GET", self.sheet_path, self.headers)
        self.revision = guild_revision(json.loads(answer.body), self.guild)
        return answer.status

    async def send(self, pool: Pool) -> Answer:
        if not self.revision:  # its first read failed: read the sheet now, as the phone would reload
            await self.start(pool)
        self.taps += 1
        body = {"counter": "coins", "delta": 1 if self.taps % 2 else -1, "revision": self.revision}
        headers = {**self.headers, "Content-Type": "application/json"}
        answer = await pool.send("POST", self.path, headers, json.dumps(body).encode())
        self.revision = revision_in(answer, self.guild) or self.revision
        return answer

    async def tap(self, pool: Pool) -> int:
        return (await self.send(pool)).status


async def every(
    send: Callable[[], Awaitable[int]], first: float, period: float, stop: float, series: Series
) -> None:
    """`send` at `first`, `first + period`, ... until `stop` (loop time), one at a time: a tick that passes
    while the last request is still out is asked and skipped."""
    loop = asyncio.get_running_loop()
    tick = first
    while tick < stop:
        await asyncio.sleep(max(0.0, tick - loop.time()))
        series.asked += 1
        try:
            status = await send()
        except TimeoutError:
            series.failed("timeout")
        except Exception as exc:  # a socket error, a broken answer: each counts as an error
            series.failed(type(exc).__name__)
        else:
            series.answered(status, (loop.time() - tick) * 1000)
        tick += period
        while tick < min(loop.time(), stop):
            series.asked += 1
            series.missed += 1
            tick += period


def cpu_times() -> tuple[float, float]:
    """The machine's busy and total CPU time so far (/proc/stat; zeros where there is none)."""
    try:
        with open("/proc/stat") as stat:
            fields = [float(value) for value in stat.readline().split()[1:]]
    except OSError:
        return 0.0, 0.0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0.0)
    return sum(fields) - idle, sum(fields)


def address(table: int, phone: int) -> str:
    """The address the proxy would give a phone (its own, so nothing counts two phones as one)."""
    return f"10.{table // 250 % 250}.{table % 250}.{phone + 1}"


async def game_night(
    port: int, data: dict[str, Any], *, tables: int, seconds: float, seed: int = 0
) -> dict[str, Any]:
    """The run; its figures (`targets.night_markdown` draws them)."""
    chosen = data["tables"][:tables]
    phones = [
        Phone(table["campaign"], session, data["cookies"], address(t, p))
        for t, table in enumerate(chosen)
        for p, session in enumerate(table["sessions"])
    ]
    taps = [Tap(table["campaign"], table["token"], table["guild"]) for table in chosen]
    began = time.monotonic()
    failures = await _warm_up(port, phones, taps)
    warmup = time.monotonic() - began
    pool = Pool(port, CONNECTIONS)
    try:
        cpu, machine, wall = time.process_time(), cpu_times(), time.monotonic()
        polls, tapped = await _load(pool, phones, taps, seconds, random.Random(seed))
        cpu, wall = time.process_time() - cpu, time.monotonic() - wall
        busy, total = (now - then for now, then in zip(cpu_times(), machine, strict=True))
    finally:
        pool.close()
    return {
        "tables": len(chosen),
        "phones_per_table": len(chosen[0]["sessions"]) if chosen else 0,
        "poll_every": POLL_EVERY,
        "tap_every": TAP_EVERY,
        "seconds": seconds,
        "warmup_seconds": round(warmup, 1),
        # A phone whose first load failed polls without an ETag; a tap without its revision reads it first.
        "warmup_failures": failures,
        "connections": pool.opened,
        "polls": polls.summary(),
        "taps": tapped.summary(),
        "generator_cpu": cpu / wall,
        "machine_busy": busy / total if total else 0.0,
        "cpus": os.cpu_count() or 1,
    }


async def _warm_up(port: int, phones: list[Phone], taps: list[Tap]) -> int:
    """Each phone opens its page and polls it once, each tap reads its sheet: not measured, as many at once as
    the server has threads, each given a minute (the tables' first sheets are computed here), all of them at
    most WARMUP_LIMIT_SECONDS; how many failed or did not finish."""
    pool = Pool(port, WARMUP_CONNECTIONS, timeout=60)
    tasks = [asyncio.ensure_future(phone.open(pool)) for phone in phones]
    tasks += [asyncio.ensure_future(tap.start(pool)) for tap in taps]
    try:
        done, pending = await asyncio.wait(tasks, timeout=WARMUP_LIMIT_SECONDS)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
    finally:
        pool.close()
    return len(pending) + sum(task.exception() is not None for task in done)


async def _load(
    pool: Pool, phones: list[Phone], taps: list[Tap], seconds: float, rng: random.Random
) -> tuple[Series, Series]:
    """Every phone polling and every table tapping from a random point of its period, for `seconds`."""
    polls, tapped = Series(POLL_STATUSES), Series(TAP_STATUSES)
    start = asyncio.get_running_loop().time() + 0.2
    stop = start + seconds
    runs = [
        every(lambda p=phone: p.poll(pool), start + rng.uniform(0, POLL_EVERY), POLL_EVERY, stop, polls)
        for phone in phones
    ]
    runs += [
        every(lambda t=tap: t.tap(pool), start + rng.uniform(0, TAP_EVERY), TAP_EVERY, stop, tapped)
        for tap in taps
    ]
    tasks = [asyncio.ensure_future(run) for run in runs]
    _, pending = await asyncio.wait(tasks, timeout=seconds + TIMEOUT_SECONDS + 5)
    # A box that cannot keep up leaves requests queued for a connection past the run: each is a request
    # asked and never answered, counted as such, and the run still reports what was answered.
    for i, task in enumerate(tasks):
        if task in pending:
            task.cancel()
            (polls if i < len(phones) else tapped).failed("unanswered")
    await asyncio.gather(*pending, return_exceptions=True)
    return polls, tapped

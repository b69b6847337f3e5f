"""Every endpoint against the floor, in one run, under production settings on PostgreSQL and Redis.

Two gunicorn servers on loopback ports (bench/site.py), the real app and the floor (`bench/floor/`: the same
settings and middleware, one DRF view answering a constant JSON object). wrk loads one at a time; at each
concurrency the runs go floor, endpoint, floor, endpoint, ..., floor, and each endpoint is compared with the
mean of the floor runs on either side of it (bench/targets.py). The tap, whose each write sends the revision
the last answer gave, runs one request after another through bench/client.py, and so do its floor runs. The
machine's cores are shared by the load generator, both servers, PostgreSQL and Redis.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import subprocess
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from bench import night, targets, wrk
from bench.client import Answer, Pool
from bench.load import HOST

CONNECTIONS = (8, 64)
SETTLE_SECONDS = 30.0
# 6 Attack dice against 4 Defense dice, one reroll each (companion/helpers/api.py RollSerializer), and the
# same roll from the dice page's form.
ROLL = {"attack_dice": 6, "kind": "melee", "defense_dice": 4, "attack_rerolls": 1, "defense_rerolls": 1}
# Production trusts X-Forwarded-Proto from its TLS proxy (SECURE_PROXY_SSL_HEADER); without it every request
# would be answered by the HTTPS redirect. The Host is the one name allowed, without the port, so a page
# form's Origin (https://127.0.0.1) is the site's own.
PROXY_HEADERS = {"Host": HOST, "X-Forwarded-Proto": "https"}
ORIGIN = f"https://{HOST}"


@dataclass(frozen=True)
class Endpoint:
    key: str
    label: str
    path: str
    method: str = "GET"
    # "token": the demo's owner's API token; "session": the same player signed in; "table": a table's token.
    auth: str = "anonymous"
    body: str | None = None  # "roll": the JSON roll; "dice": the dice form
    htmx: bool = False
    revalidate: bool = False  # sends If-None-Match with the ETag the same request answered just before
    vary_client: bool = False
    connections: tuple[int, ...] = CONNECTIONS  # (1,): one request after another, through bench/client.py
    status: int = 200
    server: str = "app"


FLOOR = Endpoint("floor", "floor", "/floor/", server="floor")
SHEET, PAGE = "/api/v1/campaigns/{id}/", "/campaigns/{id}/"
ENDPOINTS = (
    Endpoint(
        "page_poll",
        "GET /campaigns/{id}/ poll (htmx, If-None-Match)",
        PAGE,
        auth="session",
        htmx=True,
        revalidate=True,
        status=304,
    ),
    Endpoint(
        "dice_page",
        "POST /helpers/dice/ (page form)",
        "/helpers/dice/",
        method="POST",
        auth="session",
        body="dice",
        htmx=True,
    ),
    Endpoint(
        "tap",
        "POST .../guilds/yellow/live/tally/ (a tap)",
        "/api/v1/campaigns/{table}/guilds/{guild}/live/tally/",
        method="POST",
        auth="table",
        connections=(1,),
    ),
    Endpoint("sheet_page", "GET /campaigns/{id}/ (page)", PAGE, auth="session"),
    Endpoint("sheet_api", "GET /api/v1/campaigns/{id}/", SHEET, auth="token"),
    Endpoint(
        "sheet_304",
        "GET /api/v1/campaigns/{id}/ with If-None-Match",
        SHEET,
        auth="token",
        revalidate=True,
        status=304,
    ),
    Endpoint("content", "GET /api/v1/editions/inferno/", "/api/v1/editions/inferno/"),
    Endpoint("campaign_list", "GET /api/v1/campaigns/", "/api/v1/campaigns/", auth="token"),
    Endpoint(
        "roll",
        "POST /api/v1/helpers/roll/",
        "/api/v1/helpers/roll/",
        method="POST",
        body="roll",
        vary_client=True,
    ),
)
LABELS = {endpoint.key: endpoint.label for endpoint in (FLOOR, *ENDPOINTS)}


@dataclass
class Site:
    """The servers' ports, the run's data (bench/tables.py) and what the probes learnt: the CSRF cookie and
    form token a page gave, each revalidating endpoint's ETag, the table's tap."""

    data: dict[str, Any]
    ports: dict[str, int] = field(default_factory=dict)
    csrf: str = ""
    form_token: str = ""
    etags: dict[str, str] = field(default_factory=dict)
    tap: night.Tap | None = None

    @property
    def demo(self) -> dict[str, Any]:
        return self.data["demo"]

    @property
    def table(self) -> dict[str, Any]:
        return self.data["tables"][0]


# A gunicorn worker's first request imports the views: a minute on a busy machine, not the 10 s of a run's.
FIRST_ANSWER_SECONDS = 120.0


def once(port: int, method: str, path: str, headers: dict[str, str], body: bytes = b"") -> Answer:
    """One request on a connection of its own."""

    async def send() -> Answer:
        pool = Pool(port, 1, timeout=FIRST_ANSWER_SECONDS)
        try:
            return await pool.send(method, path, headers, body)
        finally:
            pool.close()

    return asyncio.run(send())


def warmed(port: int, rounds: int = 20) -> None:
    """Until 16 requests at once, each on a connection of its own, are all answered within a second: then
    both workers have imported the views, which a worker does on its first request."""

    async def all_at_once() -> float:
        pool, began = Pool(port, 16, timeout=FIRST_ANSWER_SECONDS), time.monotonic()
        try:
            await asyncio.gather(
                *(pool.send("GET", "/api/v1/editions/inferno/", PROXY_HEADERS) for _ in range(16))
            )
        finally:
            pool.close()
        return time.monotonic() - began

    for _ in range(rounds):
        if asyncio.run(all_at_once()) < 1.0:
            return


def path_of(endpoint: Endpoint, site: Site) -> str:
    return endpoint.path.format(
        id=site.demo["campaign"], table=site.table["campaign"], guild=site.table["guild"]
    )


def request_headers(endpoint: Endpoint, site: Site) -> dict[str, str]:
    headers = dict(PROXY_HEADERS)
    cookies = site.data["cookies"]
    if endpoint.auth == "token":
        headers["Authorization"] = f"Token {site.demo['token']}"
    elif endpoint.auth == "table":
        headers["Authorization"] = f"Token {site.table['token']}"
    elif endpoint.auth == "session":
        # The CSRF cookie too, as a browser sends it: a page's ETag names the CSRF secret its forms carry.
        jar = {
            cookies["session"]: site.demo["session"],
            **({cookies["csrf"]: site.csrf} if site.csrf else {}),
        }
        headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in jar.items())
    if endpoint.htmx:
        headers["HX-Request"] = "true"
    if endpoint.body == "roll":
        headers["Content-Type"] = "application/json"
    elif endpoint.body == "dice":
        headers.update({"Content-Type": "application/x-www-form-urlencoded", "Origin": ORIGIN})
    if endpoint.revalidate and endpoint.key in site.etags:
        headers["If-None-Match"] = site.etags[endpoint.key]
    return headers


def request_body(endpoint: Endpoint, site: Site) -> str | None:
    if endpoint.body == "roll":
        return json.dumps(ROLL)
    if endpoint.body == "dice":
        return urlencode({**ROLL, "csrfmiddlewaretoken": site.form_token})
    return None


def signed_in(site: Site) -> None:
    """The CSRF cookie and form token the dice page gives the demo's owner, as a browser keeps them."""
    page = Endpoint("dice_form", "", "/helpers/dice/", auth="session")
    answer = once(site.ports["app"], "GET", page.path, request_headers(page, site))
    site.csrf = answer.cookies.get(site.data["cookies"]["csrf"], site.csrf)
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', answer.body)
    if answer.status != 200 or not site.csrf or not token:
        raise RuntimeError(f"the dice page answered {answer.status} without a CSRF cookie and token")
    site.form_token = token[1].decode()


def probe(endpoint: Endpoint, site: Site) -> dict[str, Any]:
    """One request before the runs: the status, size and validators a client sees. A revalidating endpoint
    is asked once without If-None-Match first, for the ETag its runs send back."""
    if endpoint.key == "tap":
        return _probe_tap(site)
    port, path = site.ports[endpoint.server], path_of(endpoint, site)
    body = (request_body(endpoint, site) or "").encode()
    if endpoint.revalidate:
        first = once(port, endpoint.method, path, request_headers(endpoint, site), body)
        site.etags[endpoint.key] = first.headers.get("etag", '"no-etag"')
    answer = once(port, endpoint.method, path, request_headers(endpoint, site), body)
    # A revalidation answered in full is measured all the same: its row says it missed its 304.
    if answer.status not in {endpoint.status, 200 if endpoint.revalidate else endpoint.status}:
        raise RuntimeError(
            f"{endpoint.label} answered {answer.status}, not {endpoint.status}: {answer.body[:300]!r}"
        )
    return _seen(answer)


def _probe_tap(site: Site) -> dict[str, Any]:
    site.tap = night.Tap(site.table["campaign"], site.table["token"], site.table["guild"])

    async def first() -> Answer:
        pool = Pool(site.ports["app"], 1, timeout=FIRST_ANSWER_SECONDS)
        try:
            await site.tap.start(pool)
            return await site.tap.send(pool)
        finally:
            pool.close()

    answer = asyncio.run(first())
    if answer.status != 200:
        raise RuntimeError(f"the tap answered {answer.status}: {answer.body[:300]!r}")
    return _seen(answer)


def _seen(answer: Answer) -> dict[str, Any]:
    return {
        "status": answer.status,
        "bytes": len(answer.body),
        "etag": answer.headers.get("etag"),
        "cache_control": answer.headers.get("cache-control"),
    }


def settle(port: int, path: str) -> None:
    """Wait until the server just loaded has worked through the requests still queued when wrk stopped."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while time.monotonic() < deadline:
        started = time.perf_counter()
        once(port, "GET", path, PROXY_HEADERS)
        if time.perf_counter() - started < 0.1:
            break
    time.sleep(0.5)


# The kernel hands wrk's connections to whichever gunicorn worker accepts first, and they stay there (keep-
# alive): a run can put all 8 on one worker and measure one core instead of two (seen: the floor at 542 req/s
# with 8/0, 1,422 with 4/4). Such a run is started again, for the floor and the endpoints alike, so that both
# sides of a ratio are measured with the load on both workers; the split each run had is recorded.
WORKERS = 2
SPLIT_ATTEMPTS = 12
SPLIT_AFTER_SECONDS = 0.5


def worker_split(port: int) -> list[int] | None:
    """Established connections per worker on `port`, busiest first (None: `ss` cannot tell)."""
    if not shutil.which("ss"):
        return None
    done = subprocess.run(
        ["ss", "-Htnp", "state", "established", f"( sport = :{port} )"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        return None
    per_worker: dict[str, int] = {}
    for line in done.stdout.splitlines():
        for pid in set(re.findall(r"pid=(\d+)", line)):
            per_worker[pid] = per_worker.get(pid, 0) + 1
    counts = sorted(per_worker.values(), reverse=True)
    return (counts + [0] * WORKERS)[:WORKERS]


def even(split: list[int] | None, connections: int) -> bool:
    """Each worker holds its share, give or take an eighth of the connections (at 8: 5/3 is even)."""
    if split is None:
        return True
    return min(split) >= connections // WORKERS - max(1, connections // 8)


def run(
    endpoint: Endpoint, site: Site, *, connections: int, seconds: float, scripts: Path, balance: bool = True
) -> dict[str, Any]:
    """One run of one endpoint: wrk with its connections spread over both workers (`even`), or at one
    connection one request after another; its figures."""
    port = site.ports[endpoint.server]
    if connections > 1:
        figures, split, attempts = _wrk(endpoint, site, connections, seconds, scripts, balance)
    else:
        figures = one_after_another(port, _sender(endpoint, site), seconds, endpoint.status)
        split, attempts = None, 1
    settle(port, _settle_path(endpoint))
    return {
        "endpoint": endpoint.key,
        "connections": connections,
        "figures": figures,
        "split": split,
        "attempts": attempts,
    }


def _settle_path(endpoint: Endpoint) -> str:
    return "/floor/" if endpoint.server == "floor" else "/api/v1/editions/inferno/"


def _wrk(
    endpoint: Endpoint, site: Site, connections: int, seconds: float, scripts: Path, balance: bool
) -> tuple[dict[str, Any], list[int] | None, int]:
    script = scripts / f"{endpoint.key}.lua"
    script.write_text(
        wrk.lua_script(
            method=endpoint.method,
            headers=request_headers(endpoint, site),
            body=request_body(endpoint, site),
            vary_client=endpoint.vary_client,
        )
    )
    port = site.ports[endpoint.server]
    command = wrk.command(
        f"http://{HOST}:{port}{path_of(endpoint, site)}",
        str(script),
        connections=connections,
        seconds=seconds,
    )
    for attempt in range(1, SPLIT_ATTEMPTS + 1):
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        split = None
        if balance:
            time.sleep(SPLIT_AFTER_SECONDS)
            split = worker_split(port)
            if not even(split, connections) and attempt < SPLIT_ATTEMPTS:
                process.kill()
                process.communicate()
                settle(port, _settle_path(endpoint))
                continue
        stdout, stderr = process.communicate(timeout=seconds + 60)
        break
    if process.returncode != 0:
        raise RuntimeError(f"wrk failed ({process.returncode}): {stderr or stdout}")
    return wrk.parse(stdout).as_dict(), split, attempt


def _sender(endpoint: Endpoint, site: Site) -> Callable[[Pool], Awaitable[int]]:
    """What one request of a one-after-another run sends: the tap (with its last revision), or the request."""
    if endpoint.key == "tap":
        assert site.tap is not None, "the tap is probed first"
        return site.tap.tap
    path, headers = path_of(endpoint, site), request_headers(endpoint, site)
    body = (request_body(endpoint, site) or "").encode()

    async def send(pool: Pool) -> int:
        return (await pool.send(endpoint.method, path, headers, body)).status

    return send


def one_after_another(
    port: int, send: Callable[[Pool], Awaitable[int]], seconds: float, expected: int
) -> dict[str, Any]:
    """Requests on one kept connection, each sent when the last is answered, for `seconds`; the figures wrk
    would give (an answer other than `expected`, or none, is an error)."""

    async def go() -> dict[str, Any]:
        pool, latencies, statuses, errors = Pool(port, 1), [], Counter(), 0
        began = time.perf_counter()
        try:
            while time.perf_counter() - began < seconds:
                sent = time.perf_counter()
                try:
                    status = await send(pool)
                except Exception:  # a socket error or a timeout: an error, as wrk counts one
                    errors += 1
                    continue
                latencies.append((time.perf_counter() - sent) * 1000)
                statuses[status] += 1
                errors += status != expected
        finally:
            pool.close()
        elapsed = time.perf_counter() - began
        return {
            "requests": len(latencies),
            "seconds": elapsed,
            "rps": len(latencies) / elapsed,
            **{f"p{p}_ms": night.percentile(latencies, p) for p in (50, 95, 99)},
            "max_ms": max(latencies, default=None),
            "errors": errors,
            "statuses": {str(status): count for status, count in statuses.items()},
        }

    return asyncio.run(go())


def measure(
    site: Site, *, seconds: float, scripts: Path, endpoints: tuple[Endpoint, ...], rounds: int = 1
) -> list[dict[str, Any]]:
    """Warm every endpoint, then per concurrency: floor, endpoint, floor, ..., floor, every endpoint once
    per round."""
    levels = sorted({c for endpoint in endpoints for c in endpoint.connections})
    for endpoint in endpoints:
        run(endpoint, site, connections=endpoint.connections[0], seconds=1, scripts=scripts, balance=False)
    for conns in levels:
        run(FLOOR, site, connections=conns, seconds=1, scripts=scripts, balance=False)
    runs = []
    for conns in levels:
        chosen = [endpoint for endpoint in endpoints if conns in endpoint.connections]
        for _ in range(rounds):
            for endpoint in chosen:
                runs.append(run(FLOOR, site, connections=conns, seconds=seconds, scripts=scripts))
                runs.append(run(endpoint, site, connections=conns, seconds=seconds, scripts=scripts))
                _progress(runs[-2:])
        runs.append(run(FLOOR, site, connections=conns, seconds=seconds, scripts=scripts))
    return runs


def _progress(pair: list[dict[str, Any]]) -> None:
    floor, endpoint = (run["figures"] for run in pair)
    print(
        f"  -c{pair[1]['connections']:<3} {LABELS[pair[1]['endpoint']]:<48} {endpoint['rps']:8.0f} req/s "
        f"p50 {endpoint['p50_ms'] or 0:7.1f} ms, {endpoint['errors']:g} errors (floor before: "
        f"{floor['rps']:.0f} req/s, p50 {floor['p50_ms'] or 0:.1f} ms; split {pair[1].get('split')})",
        flush=True,
    )


def tables(runs: list[dict[str, Any]], probes: dict[str, dict[str, Any]]) -> dict[int, dict[str, Any]]:
    out = {}
    for conns in sorted({run["connections"] for run in runs}):
        series = [
            {**run, "status": probes[run["endpoint"]]["status"]}
            for run in runs
            if run["connections"] == conns
        ]
        rows = targets.combined(targets.interleaved_rows(series))
        out[conns] = {"floor": targets.floor_row(series), "rows": rows}
    return out

"""Every endpoint against the floor, in one run, under production settings on PostgreSQL and Redis.

Two gunicorn servers on loopback ports (2 workers x 4 threads, gthread), both `companion.settings.production`
with the same environment: the real app and the floor (`bench/floor/`: the same settings and middleware,
one DRF view answering a constant JSON object). wrk loads one at a time; at each concurrency the runs go
floor, endpoint, floor, endpoint, ..., floor, and each endpoint is compared with the mean of the floor runs
on either side of it. The machine's cores are shared by wrk, both servers, PostgreSQL and Redis.

Data: the PostgreSQL database `bench` on 127.0.0.1:5432 (user postgres, created when missing; `--fresh`
drops it first), migrated, with the content packs and the demo campaign (`seed_demo`, once), and Redis
db 5 (emptied at the start). Player ana (the demo's owner) reads with an API token and, for the sheet page,
a session from the login form.

`python -m bench` prints the markdown table, writes bench/results.json and puts the table in
bench/README.md. BENCH_SECONDS sets each run's length (default 5), BENCH_ROUNDS the runs of each
endpoint (default 3; about 10 minutes in all).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from bench import targets, wrk
from bench.load import HOST, ROOT, free_port

DATABASE = "bench"
DATABASE_URL = f"postgres://postgres@{HOST}:5432/{DATABASE}"
REDIS_URL = f"redis://{HOST}:6379/5"
CONNECTIONS = (8, 64)
DEFAULT_SECONDS = 5.0
DEFAULT_ROUNDS = 3
SETTLE_SECONDS = 30.0
RESULTS = ROOT / "bench" / "results.json"
README = ROOT / "bench" / "README.md"
# The project's README shows the latest table too (its "Benchmarks" section), between the same markers.
READMES = (README, ROOT / "README.md")
TABLE_START, TABLE_END = "<!-- bench-table:start -->", "<!-- bench-table:end -->"
DEMO_NAME = "Demo: Road to Rock Bottom"
DEMO_OWNER, DEMO_PASSWORD = "ana", "arcadia-demo"  # campaigns/management/commands/seed_demo.py
# 6 Attack dice against 4 Defense dice, one reroll each (companion/helpers/api.py RollSerializer).
ROLL = {"attack_dice": 6, "kind": "melee", "defense_dice": 4, "attack_rerolls": 1, "defense_rerolls": 1}
# Production trusts this header from its TLS proxy (SECURE_PROXY_SSL_HEADER); without it every request
# would be answered by the HTTPS redirect.
PROXY_HEADERS = {"X-Forwarded-Proto": "https"}

# Run in the bench site's settings: the demo campaign (None until seeded) and the owner's API token.
PREPARE = f"""
import json
from rest_framework.authtoken.models import Token
from campaigns.models import Campaign
demo = Campaign.objects.filter(name={DEMO_NAME!r}, owner__username={DEMO_OWNER!r}).order_by("-pk").first()
token = Token.objects.get_or_create(user=demo.owner)[0].key if demo else None
print(json.dumps({{"campaign": demo.pk if demo else None, "token": token}}))
"""


@dataclass(frozen=True)
class Endpoint:
    key: str
    label: str
    path: str
    method: str = "GET"
    auth: str = "anonymous"  # or "token", "session"
    body: Any = None
    vary_client: bool = False
    revalidate: bool = False
    server: str = "app"


FLOOR = Endpoint("floor", "floor", "/floor/", server="floor")
ENDPOINTS = (
    Endpoint(
        "roll", "POST /api/v1/helpers/roll/", "/api/v1/helpers/roll/", "POST", body=ROLL, vary_client=True
    ),
    Endpoint("content", "GET /api/v1/editions/inferno/", "/api/v1/editions/inferno/"),
    Endpoint("campaign_list", "GET /api/v1/campaigns/", "/api/v1/campaigns/", auth="token"),
    Endpoint("sheet_api", "GET /api/v1/campaigns/{id}/", "/api/v1/campaigns/{id}/", auth="token"),
    Endpoint(
        "sheet_304",
        "GET /api/v1/campaigns/{id}/ with If-None-Match",
        "/api/v1/campaigns/{id}/",
        auth="token",
        revalidate=True,
    ),
    Endpoint("sheet_page", "GET /campaigns/{id}/ (page)", "/campaigns/{id}/", auth="session"),
)
LABELS = {endpoint.key: endpoint.label for endpoint in (FLOOR, *ENDPOINTS)}


@dataclass
class Site:
    env: dict[str, str]
    campaign: int
    token: str
    ports: dict[str, int] = field(default_factory=dict)
    session: str = ""
    etag: str | None = None


def site_env() -> dict[str, str]:
    """What production needs to start (a random secret, the host) and the bench's database and Redis."""
    return {
        "DJANGO_SETTINGS_MODULE": "companion.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(60),
        "DJANGO_ALLOWED_HOSTS": HOST,
        "DATABASE_URL": DATABASE_URL,
        "REDIS_URL": REDIS_URL,
        "MEDIA_ROOT": str(ROOT / "var" / "bench-media"),
        # As behind one reverse proxy: each phone's address arrives in X-Forwarded-For (the runner sends one
        # per simulated phone), so the anonymous throttle counts phones, not the proxy.
        "TRUSTED_PROXY_COUNT": "1",
    }


def database_ready(*, fresh: bool) -> None:
    """The `bench` database exists (created when missing; dropped first with `fresh`)."""
    import psycopg

    with psycopg.connect(host=HOST, port=5432, user="postgres", dbname="postgres", autocommit=True) as db:
        if fresh:
            db.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
        if not db.execute("SELECT 1 FROM pg_database WHERE datname = %s", [DATABASE]).fetchone():
            db.execute(f"CREATE DATABASE {DATABASE}")


def server_versions() -> dict[str, str]:
    import psycopg
    import redis

    with psycopg.connect(host=HOST, port=5432, user="postgres", dbname=DATABASE) as db:
        postgres = db.execute("SHOW server_version").fetchone()[0]
    client = redis.Redis.from_url(REDIS_URL)
    version = client.info("server")["redis_version"]
    client.flushdb()  # db 5 is the bench's own: throttle counts and caches of earlier runs go
    return {"postgresql": postgres, "redis": version}


def data_ready(env: dict[str, str]) -> tuple[int, str]:
    """Migrated, content loaded, the demo campaign seeded once; its id and its owner's API token."""
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "load_content", "-v0")
    found = _prepare(env)
    if found["campaign"] is None:
        print(manage(env, "seed_demo").strip())
        found = _prepare(env)
    return found["campaign"], found["token"]


def manage(env: dict[str, str], *args: str) -> str:
    """manage.py in the bench's environment; its output, or its error shown whole."""
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


def _prepare(env: dict[str, str]) -> dict[str, Any]:
    return json.loads(manage(env, "shell", "-c", PREPARE).strip().splitlines()[-1])


@contextmanager
def gunicorn(env: dict[str, str], settings: str, logs: Path) -> Iterator[int]:
    """gunicorn (2 workers x 4 threads, gthread) on a free loopback port; stopped by its process id."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "companion.wsgi", "--bind", f"{HOST}:{port}"]
    command += ["--worker-class", "gthread", "--workers", "2", "--threads", "4", "--log-level", "warning"]
    log = (logs / f"{settings.replace('.', '-')}.log").open("w")
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env={**os.environ, **env, "DJANGO_SETTINGS_MODULE": settings},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        _wait_until_up(port, process, log.name)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)
        log.close()


def _wait_until_up(port: int, process: subprocess.Popen, log: str, timeout: float = 120) -> None:
    """Until the server answers; a busy machine can take a minute to start both servers' workers."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {process.returncode}:\n{_tail(log)}")
        try:
            call(port, "GET", "/", timeout=5)
            return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"gunicorn did not answer within {timeout:.0f} s:\n{_tail(log)}")


def _tail(log: str, lines: int = 30) -> str:
    return "\n".join(Path(log).read_text(errors="replace").splitlines()[-lines:])


def call(
    port: int,
    method: str,
    path: str,
    *,
    headers: dict[str, str] | None = None,
    body: bytes | None = None,
    timeout: float = 30,
) -> http.client.HTTPResponse:
    """One request on its own connection, through the proxy headers; the response, already read."""
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        sent = {"Host": HOST, **PROXY_HEADERS, **(headers or {})}
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        response.data = response.read()  # type: ignore[attr-defined]
        return response
    finally:
        connection.close()


def log_in(port: int, username: str, password: str) -> str:
    """A session through the login form, as a browser gets it; the session cookie's value."""
    form = call(port, "GET", "/accounts/login/")
    csrf = _cookies(form)["csrftoken"]
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', form.data)  # type: ignore[attr-defined]
    if form.status != 200 or not token:
        raise RuntimeError(f"the login form answered {form.status} without a CSRF token")
    answer = call(
        port,
        "POST",
        "/accounts/login/",
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={csrf}",
            "Origin": f"https://{HOST}",
            "Referer": f"https://{HOST}/accounts/login/",
        },
        body=urlencode(
            {"username": username, "password": password, "csrfmiddlewaretoken": token[1].decode()}
        ).encode(),
    )
    session = _cookies(answer).get("sessionid")
    if answer.status != 302 or not session:
        raise RuntimeError(f"logging in as {username} answered {answer.status} without a session")
    return session


def _cookies(response: http.client.HTTPResponse) -> dict[str, str]:
    jar: SimpleCookie = SimpleCookie()
    for header in response.headers.get_all("Set-Cookie") or []:
        jar.load(header)
    return {name: morsel.value for name, morsel in jar.items()}


def request_headers(endpoint: Endpoint, site: Site) -> dict[str, str]:
    headers = dict(PROXY_HEADERS)
    if endpoint.auth == "token":
        headers["Authorization"] = f"Token {site.token}"
    elif endpoint.auth == "session":
        headers["Cookie"] = f"sessionid={site.session}"
    if endpoint.revalidate:
        # With no ETag to send back the run still measures the read, and the row says "no ETag".
        headers["If-None-Match"] = site.etag or '"no-etag"'
    return headers


def probe(endpoint: Endpoint, site: Site) -> dict[str, Any]:
    """One request before the runs: the status, size and validators a client sees."""
    path = endpoint.path.format(id=site.campaign)
    body = None if endpoint.body is None else json.dumps(endpoint.body).encode()
    headers = request_headers(endpoint, site)
    if body is not None:
        headers["Content-Type"] = "application/json"
    answer = call(site.ports[endpoint.server], endpoint.method, path, headers=headers, body=body)
    expected = (200, 304) if endpoint.revalidate else (200,)
    if answer.status not in expected:
        raise RuntimeError(f"{endpoint.label} answered {answer.status}: {answer.data[:300]!r}")  # type: ignore[attr-defined]
    return {
        "status": answer.status,
        "bytes": len(answer.data),  # type: ignore[attr-defined]
        "content_type": answer.getheader("Content-Type"),
        "etag": answer.getheader("ETag"),
        "cache_control": answer.getheader("Cache-Control"),
    }


def settle(port: int, path: str) -> None:
    """Wait until the server just loaded has worked through the requests still queued when wrk stopped."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while time.monotonic() < deadline:
        started = time.perf_counter()
        call(port, "GET", path, timeout=SETTLE_SECONDS)
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
    """One wrk run of one endpoint with its connections spread over both workers (`even`); its figures."""
    script = scripts / f"{endpoint.key}.lua"
    script.write_text(
        wrk.lua_script(
            method=endpoint.method,
            headers=request_headers(endpoint, site),
            body=endpoint.body,
            vary_client=endpoint.vary_client,
        )
    )
    port = site.ports[endpoint.server]
    url = f"http://{HOST}:{port}{endpoint.path.format(id=site.campaign)}"
    command = wrk.command(url, str(script), connections=connections, seconds=seconds)
    settle_path = "/floor/" if endpoint.server == "floor" else "/api/v1/editions/inferno/"
    for attempt in range(1, SPLIT_ATTEMPTS + 1):
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        split = None
        if balance:
            time.sleep(SPLIT_AFTER_SECONDS)
            split = worker_split(port)
            if not even(split, connections) and attempt < SPLIT_ATTEMPTS:
                process.kill()
                process.communicate()
                settle(port, settle_path)
                continue
        stdout, stderr = process.communicate(timeout=seconds + 60)
        break
    if process.returncode != 0:
        raise RuntimeError(f"wrk failed ({process.returncode}): {stderr or stdout}")
    figures = wrk.parse(stdout)
    settle(port, settle_path)
    return {
        "endpoint": endpoint.key,
        "connections": connections,
        "figures": figures.as_dict(),
        "split": split,
        "attempts": attempt,
    }


def measure(
    site: Site,
    *,
    seconds: float,
    connections: tuple[int, ...],
    scripts: Path,
    endpoints: tuple[Endpoint, ...] = ENDPOINTS,
    rounds: int = 1,
) -> list[dict[str, Any]]:
    """Warm every endpoint, then per concurrency: floor, endpoint, floor, ..., floor, every endpoint once
    per round."""
    for endpoint in (FLOOR, *endpoints):
        run(endpoint, site, connections=connections[0], seconds=1, scripts=scripts, balance=False)
    runs = []
    for conns in connections:
        for _ in range(rounds):
            for endpoint in endpoints:
                runs.append(run(FLOOR, site, connections=conns, seconds=seconds, scripts=scripts))
                runs.append(run(endpoint, site, connections=conns, seconds=seconds, scripts=scripts))
                _progress(runs[-2:])
        runs.append(run(FLOOR, site, connections=conns, seconds=seconds, scripts=scripts))
    return runs


def _progress(pair: list[dict[str, Any]]) -> None:
    floor, endpoint = (run["figures"] for run in pair)
    print(
        f"  -c{pair[1]['connections']:<3} {LABELS[pair[1]['endpoint']]:<48} {endpoint['rps']:8.0f} req/s "
        f"p95 {endpoint['p95_ms']:8.1f} ms   (floor before: {floor['rps']:.0f} req/s; "
        f"split {pair[1].get('split')} and {pair[0].get('split')})",
        flush=True,
    )


def tables(runs: list[dict[str, Any]], probes: dict[str, dict[str, Any]]) -> dict[int, dict[str, Any]]:
    out = {}
    for conns in sorted({run["connections"] for run in runs}):
        series = [{**run, "status": _status(run, probes)} for run in runs if run["connections"] == conns]
        rows = targets.combined(targets.interleaved_rows(series))
        for row in rows:
            if row["endpoint"] == "sheet_304" and not probes["sheet_api"]["etag"]:
                row["misses"].append("no ETag")
        out[conns] = {"floor": targets.floor_row(series), "rows": rows}
    return out


def _status(run: dict[str, Any], probes: dict[str, dict[str, Any]]) -> int:
    return probes[run["endpoint"]]["status"]


def probe_table(probes: dict[str, dict[str, Any]]) -> str:
    lines = ["| endpoint | status | body bytes | ETag | Cache-Control |", "|---|---|---|---|---|"]
    for key, seen in probes.items():
        lines.append(
            f"| {LABELS[key]} | {seen['status']} | {seen['bytes']:,} | {seen['etag'] or 'no ETag'} "
            f"| {seen['cache_control'] or '-'} |"
        )
    return "\n".join(lines)


def readme_with(text: str, block: str) -> str:
    """The README with the block between the table markers replaced."""
    start, end = text.index(TABLE_START) + len(TABLE_START), text.index(TABLE_END)
    return text[:start] + "\n" + block.strip() + "\n" + text[end:]


def machine() -> dict[str, Any]:
    version = subprocess.run(["wrk", "--version"], capture_output=True, text=True, check=False)
    return {
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "wrk": (version.stdout or version.stderr).splitlines()[0]
        if (version.stdout or version.stderr)
        else "",
        "note": "wrk (2 threads), both gunicorn servers, PostgreSQL and Redis share the machine's cores",
    }


def report(results: dict[str, Any]) -> str:
    """The README's block for a run, from its results alone (so it can be drawn again from the JSON)."""
    by_conns = {int(conns): table for conns, table in results["tables"].items()}
    machine, seconds = results["machine"], results["seconds_per_run"]
    return "\n\n".join(
        [
            f"Run of {results['when']}: {seconds:g} s per run{_rounds(results)}, "
            f"{machine['cpus']} cores shared by wrk and the "
            f"servers, PostgreSQL {machine['postgresql']}, Redis {machine['redis']}, Python "
            f"{machine['python']}; load average {results['load_average']['before']:.1f} as it began, "
            f"{results['load_average']['after']:.1f} as it ended. "
            f"Every target met: **{'yes' if results['all_targets_met'] else 'no'}**.",
            targets.markdown(by_conns, LABELS),
            "What one request answers (probed once before the runs):",
            probe_table(results["probes"]),
        ]
    )


def _rounds(results: dict[str, Any]) -> str:
    rounds = results.get("rounds", 1)
    return f", each endpoint in {rounds} rounds (ratios: all rounds, then each)" if rounds > 1 else ""


def write_readme(block: str) -> None:
    for readme in READMES:
        text = readme.read_text()
        if TABLE_START in text:
            readme.write_text(readme_with(text, block))
            print(f"updated the table in {readme.relative_to(ROOT)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--fresh", action="store_true", help="drop and recreate the bench database first")
    parser.add_argument(
        "--seconds", type=float, default=float(os.environ.get("BENCH_SECONDS", DEFAULT_SECONDS))
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=int(os.environ.get("BENCH_ROUNDS", DEFAULT_ROUNDS)),
        help="runs of each endpoint (each between two floors) per concurrency",
    )
    parser.add_argument("--no-readme", action="store_true", help="leave the READMEs' tables as they are")
    parser.add_argument(
        "--readme-only",
        action="store_true",
        help="measure nothing: draw the README's table from results.json",
    )
    parser.add_argument(
        "--only",
        action="append",
        choices=[endpoint.key for endpoint in ENDPOINTS],
        help="measure only this endpoint (repeatable), at -c8, against the floor; "
        "prints the table and writes neither results.json nor the README",
    )
    options = parser.parse_args(argv)
    if options.readme_only:
        write_readme(report(json.loads(RESULTS.read_text())))
        return 0
    if not shutil.which("wrk"):
        print(
            "The benchmark needs wrk (Debian: apt-get install wrk); `make bench` installs it.",
            file=sys.stderr,
        )
        return 2
    began, load_before = time.monotonic(), os.getloadavg()
    if load_before[0] > (os.cpu_count() or 1) / 2:
        print(f"note: load average {load_before[0]:.1f} before the run: other work shares the cores")
    database_ready(fresh=options.fresh)
    env = site_env()
    campaign, token = data_ready(env)
    versions = server_versions()
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as tmp, ExitStack() as stack:
        site = Site(env=env, campaign=campaign, token=token)
        site.ports["app"] = stack.enter_context(gunicorn(env, "companion.settings.production", Path(tmp)))
        site.ports["floor"] = stack.enter_context(gunicorn(env, "bench.floor.settings", Path(tmp)))
        site.session = log_in(site.ports["app"], DEMO_OWNER, DEMO_PASSWORD)
        probes = {FLOOR.key: probe(FLOOR, site)}
        probes.update({e.key: probe(e, site) for e in ENDPOINTS if not e.revalidate})
        site.etag = probes["sheet_api"]["etag"]
        probes.update({e.key: probe(e, site) for e in ENDPOINTS if e.revalidate})
        print(
            f"campaign #{campaign}; {options.seconds:g} s per run; -c{' and -c'.join(map(str, CONNECTIONS))}"
        )
        chosen = tuple(e for e in ENDPOINTS if not options.only or e.key in options.only)
        runs = measure(
            site,
            seconds=options.seconds,
            connections=CONNECTIONS[:1] if options.only else CONNECTIONS,
            scripts=Path(tmp),
            endpoints=chosen,
            rounds=max(1, options.rounds),
        )
    if options.only:
        # A quick look at a few endpoints while working on them: the record and the README stay as they are.
        print(targets.markdown(tables(runs, probes), LABELS))
        return 0
    by_conns = tables(runs, probes)
    results = {
        "when": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "seconds_per_run": options.seconds,
        "rounds": max(1, options.rounds),
        "total_seconds": round(time.monotonic() - began),
        "machine": {**machine(), **versions},
        # 1-minute load average (runnable processes, these servers included) as the run began and ended.
        "load_average": {"before": round(load_before[0], 2), "after": round(os.getloadavg()[0], 2)},
        "servers": "gunicorn companion.wsgi, --worker-class gthread --workers 2 --threads 4, "
        "companion.settings.production (app) and bench.floor.settings (floor)",
        "campaign": campaign,
        "probes": probes,
        "runs": runs,
        "tables": {str(c): t for c, t in by_conns.items()},
        "all_targets_met": targets.all_met(by_conns),
    }
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")
    block = report(results)
    print()
    print(block)
    print(f"\nwrote {RESULTS.relative_to(ROOT)} ({results['total_seconds']} s in all)")
    if not options.no_readme:
        write_readme(block)
    return 0


if __name__ == "__main__":
    sys.exit(main())

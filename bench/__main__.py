"""`make bench`: every endpoint against the floor (bench/endpoints.py), then a game night at scale
(bench/night.py), under production settings; prints the markdown tables and writes them to var/bench/table.md,
the whole run to var/bench/results.json.

`python -m bench odds pdf pdf_workers` runs the other benchmarks by name instead (each prints its figure and a
ratio to a baseline of its own); `python -m bench all` runs the tables and then all of them. Each of those
runs in a process of its own: they set Django up with a throwaway database of their own.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

OTHERS = ("bench.odds", "bench.pdf", "bench.pdf_workers")
DEFAULT_SECONDS = 5.0
DEFAULT_ROUNDS = 3
DEFAULT_TABLES = 500
DEFAULT_NIGHT_SECONDS = 30.0


def options_from(argv: list[str]) -> argparse.Namespace:
    from bench.endpoints import ENDPOINTS

    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--fresh", action="store_true", help="drop and recreate the bench database first")
    parser.add_argument(
        "--seconds",
        type=float,
        default=float(os.environ.get("BENCH_SECONDS", DEFAULT_SECONDS)),
        help="length of each endpoint run",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=int(os.environ.get("BENCH_ROUNDS", DEFAULT_ROUNDS)),
        help="runs of each endpoint (each between two floors) per concurrency",
    )
    parser.add_argument(
        "--tables",
        type=int,
        default=int(os.environ.get("BENCH_TABLES", DEFAULT_TABLES)),
        help="tables at the game night (made once in the bench database, kept for later runs)",
    )
    parser.add_argument(
        "--night-seconds",
        type=float,
        default=float(os.environ.get("BENCH_NIGHT_SECONDS", DEFAULT_NIGHT_SECONDS)),
        help="length of the game night's load, after its warm-up",
    )
    parser.add_argument(
        "--only",
        action="append",
        choices=[endpoint.key for endpoint in ENDPOINTS] + ["night"],
        help="measure only this endpoint or the game night (repeatable); prints without writing var/bench/",
    )
    return parser.parse_args(argv)


def run_tables(options: argparse.Namespace) -> dict[str, Any]:
    """Servers up, the chosen endpoints measured and the game night played; the run's results."""
    from bench import night, site, targets
    from bench.endpoints import ENDPOINTS, FLOOR, Site, measure, probe, signed_in, tables, warmed

    chosen = tuple(e for e in ENDPOINTS if not options.only or e.key in options.only)
    with_night = not options.only or "night" in options.only
    began, load_before = time.monotonic(), os.getloadavg()
    if load_before[0] > (os.cpu_count() or 1) / 2:
        print(f"note: load average {load_before[0]:.1f} before the run: other work shares the cores")
    site.database_ready(fresh=options.fresh)
    env = site.site_env()
    versions = site.server_versions()
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as tmp, ExitStack() as stack:
        bench = Site(data=site.data_ready(env, options.tables if with_night else 1, Path(tmp)))
        bench.ports["app"] = stack.enter_context(
            site.gunicorn(env, "companion.settings.production", Path(tmp))
        )
        bench.ports["floor"] = stack.enter_context(site.gunicorn(env, "bench.floor.settings", Path(tmp)))
        for port in bench.ports.values():
            warmed(port)
        runs, probes, night_figures = [], {}, None
        if chosen:
            signed_in(bench)
            probes = {FLOOR.key: probe(FLOOR, bench), **{e.key: probe(e, bench) for e in chosen}}
            print(f"demo campaign #{bench.demo['campaign']}; {options.seconds:g} s per run", flush=True)
            rounds = max(1, options.rounds)
            runs = measure(bench, seconds=options.seconds, scripts=Path(tmp), endpoints=chosen, rounds=rounds)
        if with_night:
            print(f"game night: {options.tables} tables for {options.night_seconds:g} s", flush=True)
            night_figures = asyncio.run(
                night.game_night(
                    bench.ports["app"], bench.data, tables=options.tables, seconds=options.night_seconds
                )
            )
    by_conns = tables(runs, probes) if runs else {}
    return {
        "when": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "seconds_per_run": options.seconds,
        "rounds": max(1, options.rounds),
        "total_seconds": round(time.monotonic() - began),
        "machine": {**site.machine(), **versions},
        # 1-minute load average (runnable processes, these servers included) as the run began and ended.
        "load_average": {"before": round(load_before[0], 2), "after": round(os.getloadavg()[0], 2)},
        "servers": "gunicorn companion.wsgi, --worker-class gthread --workers 2 --threads 4, "
        "companion.settings.production (app) and bench.floor.settings (floor)",
        "campaign": bench.demo["campaign"],
        "probes": probes,
        "runs": runs,
        "tables": {str(c): t for c, t in by_conns.items()},
        "night": night_figures,
        "all_targets_met": targets.every_target_met(by_conns, night_figures),
    }


def table(argv: list[str]) -> int:
    from bench import targets
    from bench.endpoints import LABELS
    from bench.load import ROOT

    options = options_from(argv)
    if not shutil.which("wrk"):
        print(
            "The benchmark needs wrk (Debian: apt-get install wrk); `make bench` installs it.",
            file=sys.stderr,
        )
        return 2
    results = run_tables(options)
    block = targets.report(results, LABELS)
    print(f"\n{block}")
    if not options.only:
        out = ROOT / "var" / "bench"
        out.mkdir(parents=True, exist_ok=True)
        (out / "results.json").write_text(json.dumps(results, indent=2) + "\n")
        (out / "table.md").write_text(block + "\n")
        print(
            f"\nwrote {(out / 'table.md').relative_to(ROOT)} and {(out / 'results.json').relative_to(ROOT)}"
        )
    return 0


def main(args: list[str]) -> int:
    if not args or args[0].startswith("-"):
        return table(args)
    failed = args == ["all"] and table([]) != 0
    for name in OTHERS if args == ["all"] else args:
        module = name if name.startswith("bench.") else f"bench.{name}"
        print(f"== {module} ==", flush=True)
        run = subprocess.run([sys.executable, "-c", f"import {module} as bench; bench.main()"], check=False)
        failed |= run.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Ratios to the floor, the targets, and the markdown tables of a run. Pure: no I/O.

Every endpoint run sits between two floor runs at the same concurrency; its ratios are taken against the
mean of those two, so a drift of the machine during the run shows in the floors, not in the ratios.
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import fmean
from typing import Any


@dataclass(frozen=True)
class Target:
    """At least `rps` of the floor's requests per second; a median round trip at most 1/`p50` of the floor's
    (the floor's median over the endpoint's at least `p50`); every answer `status` when set; no error."""

    rps: float | None = None
    p50: float | None = None
    status: int | None = None

    def describe(self) -> str:
        parts = [f">={self.rps:g}x req/s"] if self.rps is not None else []
        parts += [f"floor p50 / p50 >={self.p50:g}"] if self.p50 is not None else []
        parts += [f"answers {self.status}"] if self.status is not None else []
        return ", ".join([*parts, "0 errors"])


# Issue 25: the phones' own requests and the endpoints, as shares of the floor measured in the same run; every
# row also needs 0 errors at each concurrency it runs at (-c8 and -c64; the tap one write after another).
TARGETS = {
    "floor": Target(),
    "page_poll": Target(rps=0.3, status=304),
    "dice_page": Target(rps=0.2),
    "tap": Target(p50=0.04),
    "sheet_page": Target(rps=0.3),
    "sheet_api": Target(rps=0.4),
    "sheet_304": Target(rps=0.6, status=304),
    "content": Target(rps=0.5),
    "campaign_list": Target(rps=0.4),
    "roll": Target(rps=0.5),
}


def floor_between(before: dict[str, Any], after: dict[str, Any]) -> dict[str, float]:
    """The floor an endpoint is compared with: the mean of the floor runs just before and just after it."""
    return {"rps": fmean([before["rps"], after["rps"]]), "p50_ms": fmean([before["p50_ms"], after["p50_ms"]])}


def ratios(figures: dict[str, Any], floor: dict[str, float]) -> dict[str, float | None]:
    """Requests per second as a share of the floor's; the floor's median round trip over the endpoint's."""
    return {
        "rps": figures["rps"] / floor["rps"] if floor["rps"] else None,
        "p50": floor["p50_ms"] / figures["p50_ms"] if figures["p50_ms"] else None,
    }


def evaluate(
    target: Target, figures: dict[str, Any], ratio: dict[str, float | None], status: int
) -> list[str]:
    """What misses the target (an empty list when it is met)."""
    misses = []
    if figures["errors"]:
        misses.append(f"{figures['errors']:g} errors")
    if target.rps is not None and (ratio["rps"] is None or ratio["rps"] < target.rps):
        misses.append(f"req/s {_x(ratio['rps'])} < {target.rps:g}x")
    if target.p50 is not None and (ratio["p50"] is None or ratio["p50"] < target.p50):
        misses.append(f"floor p50 / p50 {_x(ratio['p50'])} < {target.p50:g}")
    if target.status is not None and status != target.status:
        misses.append(f"answers {status}, not {target.status}")
    return misses


def interleaved_rows(runs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows for the endpoint runs of one concurrency, given in order: floor, endpoint, floor, endpoint, ...,
    floor. Each row carries its floor (mean of its neighbours), its ratios and what misses its target."""
    if len(runs) < 3 or len(runs) % 2 == 0:
        raise ValueError("expected floor, endpoint, floor, ..., floor")
    rows = []
    for index in range(1, len(runs), 2):
        before, run, after = runs[index - 1], runs[index], runs[index + 1]
        if before["endpoint"] != "floor" or after["endpoint"] != "floor" or run["endpoint"] == "floor":
            raise ValueError(f"run {index} is not an endpoint between two floors")
        floor = floor_between(before["figures"], after["figures"])
        ratio = ratios(run["figures"], floor)
        target = TARGETS[run["endpoint"]]
        rows.append(
            {
                **run,
                "floor": floor,
                "ratio": ratio,
                "target": target.describe(),
                "misses": evaluate(target, run["figures"], ratio, run.get("status", 200)),
            }
        )
    return rows


def combined(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per endpoint from its rounds (each run between its own two floors): the mean of its runs
    against the mean of their floors. The machine's speed swings from one run to the next; a ratio taken
    over several rounds shows the endpoint's cost, not one run's luck. Each round's ratio is kept."""
    by_endpoint: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_endpoint.setdefault(row["endpoint"], []).append(row)
    out = []
    for key, group in by_endpoint.items():
        numbers = [name for name, value in group[0]["figures"].items() if isinstance(value, int | float)]
        figures = {name: fmean(row["figures"][name] for row in group) for name in numbers}
        figures["errors"] = sum(row["figures"]["errors"] for row in group)
        floor = {name: fmean(row["floor"][name] for row in group) for name in ("rps", "p50_ms")}
        ratio = ratios(figures, floor)
        misses = evaluate(TARGETS[key], figures, ratio, group[0].get("status", 200))
        rounds = [row["ratio"] for row in group]
        out.append(
            {
                **group[0],
                "figures": figures,
                "floor": floor,
                "ratio": ratio,
                "misses": misses,
                "rounds": rounds,
            }
        )
    return out


def floor_row(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The floor runs of one concurrency summed up: mean, lowest and highest req/s; errors added."""
    floors = [run["figures"] for run in runs if run["endpoint"] == "floor"]
    errors = sum(f["errors"] for f in floors)
    return {
        "endpoint": "floor",
        "runs": len(floors),
        "rps": fmean(f["rps"] for f in floors),
        "rps_low": min(f["rps"] for f in floors),
        "rps_high": max(f["rps"] for f in floors),
        "p50_ms": fmean(f["p50_ms"] for f in floors),
        "p95_ms": fmean(f["p95_ms"] for f in floors),
        "p99_ms": fmean(f["p99_ms"] for f in floors),
        "errors": errors,
        "misses": [f"{errors} errors"] if errors else [],
    }


def markdown(by_concurrency: dict[int, dict[str, Any]], labels: dict[str, str]) -> str:
    """The table: per concurrency, the floor's summary, then each endpoint with its ratios and target."""
    lines = [
        "| endpoint | conns | req/s | p50 ms | p95 ms | p99 ms | errors | x floor req/s | floor p50 / p50 "
        "| target | met |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for connections, table in sorted(by_concurrency.items()):
        floor = table["floor"]
        lines.append(
            f"| floor ({floor['runs']} runs) | {_conns(connections)} | {floor['rps']:,.0f} "
            f"({floor['rps_low']:,.0f}-{floor['rps_high']:,.0f}) | {_ms(floor['p50_ms'])} "
            f"| {_ms(floor['p95_ms'])} | {_ms(floor['p99_ms'])} | {floor['errors']} | 1 | 1 | 0 errors "
            f"| {_met(floor['misses'])} |"
        )
        for row in table["rows"]:
            f = row["figures"]
            lines.append(
                f"| {labels.get(row['endpoint'], row['endpoint'])} | {_conns(connections)} | {f['rps']:,.0f} "
                f"| {_ms(f['p50_ms'])} | {_ms(f['p95_ms'])} | {_ms(f['p99_ms'])} | {f['errors']:g} "
                f"| {_x(row['ratio']['rps'])}{_each(row, 'rps')} "
                f"| {_x(row['ratio']['p50'])}{_each(row, 'p50')} "
                f"| {row['target']} "
                f"| {_met(row['misses'])} |"
            )
    return "\n".join(lines)


def all_met(by_concurrency: dict[int, dict[str, Any]]) -> bool:
    return not any(
        table["floor"]["misses"] or any(row["misses"] for row in table["rows"])
        for table in by_concurrency.values()
    )


# --- The game night at scale -----------------------------------------------------------------------------


@dataclass(frozen=True)
class NightTarget:
    """At `tables` tables at once: polls and taps answered within their p95 bounds, at least `done` of the
    ones asked answered within the run (a phone skips a poll while its last one is still out), no error."""

    tables: int = 500
    poll_p95_ms: float = 50.0
    tap_p95_ms: float = 100.0
    done: float = 0.95


NIGHT = NightTarget()


def night_misses(night: dict[str, Any], kind: str, target: NightTarget = NIGHT) -> list[str]:
    """What misses the game night's target for its polls (`kind` "polls") or its taps ("taps")."""
    series = night[kind]
    bound = target.poll_p95_ms if kind == "polls" else target.tap_p95_ms
    misses = []
    if night["tables"] < target.tables:
        misses.append(f"{night['tables']} tables < {target.tables}")
    if series["errors"]:
        misses.append(f"{series['errors']} errors")
    if series["asked"] and series["done"] < target.done * series["asked"]:
        misses.append(f"{series['done'] / series['asked']:.0%} of the asked answered < {target.done:.0%}")
    if series["p95_ms"] is None or series["p95_ms"] >= bound:
        misses.append(f"p95 {_ms(series['p95_ms'])} ms >= {bound:g} ms")
    return misses


def night_markdown(night: dict[str, Any], target: NightTarget = NIGHT) -> str:
    """The game night's two rows (polls, taps) and a line on the load generator's share of the machine."""
    lines = [
        "| game night | tables | asked /s | answered /s | p50 ms | p95 ms | p99 ms | answers | errors "
        "| target | met |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for kind, label, bound in (
        ("polls", "phone polls (sheet page, htmx, If-None-Match)", target.poll_p95_ms),
        ("taps", "taps (live coins, API, the revision last answered)", target.tap_p95_ms),
    ):
        s = night[kind]
        answers = ", ".join(f"{count:,} x {status}" for status, count in sorted(s["statuses"].items()))
        lines.append(
            f"| {label} | {night['tables']:,} | {s['asked'] / night['seconds']:,.1f} "
            f"| {s['done'] / night['seconds']:,.1f} | {_ms(s['p50_ms'])} | {_ms(s['p95_ms'])} "
            f"| {_ms(s['p99_ms'])} | {answers or '-'} | {s['errors']} "
            f"| p95 < {bound:g} ms at {target.tables} tables, >={target.done:.0%} answered, 0 errors "
            f"| {_met(night_misses(night, kind, target))} |"
        )
    generator = night["generator_cpu"]
    lines.append("")
    lines.append(
        f"{night['tables']:,} tables x {night['phones_per_table']} phones polling every "
        f"{night['poll_every']:g} s and one tap per table every {night['tap_every']:g} s, for "
        f"{night['seconds']:g} s after a warm-up of {night['warmup_seconds']:.0f} s (each phone's first "
        f"load and poll, each tap's sheet read; {night.get('warmup_failures', 0)} failed); "
        f"{night['connections']} connections opened. The load generator used "
        f"{generator:.1%} of one core ({generator / night['cpus']:.1%} of the machine's {night['cpus']}); "
        f"the machine was {night['machine_busy']:.0%} busy during the run."
    )
    return "\n".join(lines)


# --- The report of a run ----------------------------------------------------------------------------------


def probe_table(probes: dict[str, dict[str, Any]], labels: dict[str, str]) -> str:
    """What one request of each endpoint answered before the runs."""
    lines = ["| endpoint | status | body bytes | ETag | Cache-Control |", "|---|---|---|---|---|"]
    for key, seen in probes.items():
        lines.append(
            f"| {labels.get(key, key)} | {seen['status']} | {seen['bytes']:,} | {seen['etag'] or 'no ETag'} "
            f"| {seen['cache_control'] or '-'} |"
        )
    return "\n".join(lines)


def report(results: dict[str, Any], labels: dict[str, str]) -> str:
    """The markdown of a run, from its results alone."""
    m = results["machine"]
    cores = m["cpus"]
    parts = [
        f"Run of {results['when']}: {_runs(results)}"
        f"{cores} cores shared by the load generator and the servers, PostgreSQL {m['postgresql']}, Redis "
        f"{m['redis']}, Python {m['python']}; load average "
        f"{results['load_average']['before']:.1f} as it began, {results['load_average']['after']:.1f} as it "
        f"ended; {results['total_seconds']} s in all. Every target met: "
        f"**{'yes' if results['all_targets_met'] else 'no'}**."
    ]
    if results.get("tables"):
        by_conns = {int(conns): table for conns, table in results["tables"].items()}
        parts.append(markdown(by_conns, labels))
    if results.get("night"):
        parts.append(night_markdown(results["night"]))
    if results.get("probes"):
        parts += [
            "What one request answers (probed once before the runs):",
            probe_table(results["probes"], labels),
        ]
    return "\n\n".join(parts)


def _runs(results: dict[str, Any]) -> str:
    if not results.get("tables"):
        return ""
    rounds = results.get("rounds", 1)
    each = f", each endpoint in {rounds} rounds (ratios: all rounds, then each)" if rounds > 1 else ""
    return f"{results['seconds_per_run']:g} s per run{each}, "


def every_target_met(by_conns: dict[int, dict[str, Any]], night: dict[str, Any] | None) -> bool:
    """Every endpoint row and, when it ran, the game night's two rows."""
    night_met = night is None or not any(night_misses(night, kind) for kind in ("polls", "taps"))
    return all_met(by_conns) and night_met


def _conns(connections: int) -> str:
    return "1 (one after another)" if connections == 1 else str(connections)


def _met(misses: list[str]) -> str:
    return "met" if not misses else "**not met**: " + "; ".join(misses)


def _each(row: dict[str, Any], name: str) -> str:
    """Each round's ratio, after the combined one, when there was more than one round."""
    rounds = row.get("rounds") or []
    return f" ({', '.join(_x(r[name]) for r in rounds)})" if len(rounds) > 1 else ""


def _x(value: float | None) -> str:
    if value is None:
        return "n/a"
    if value < 0.1:
        return f"{value:.3f}"  # a tap's 0.045 is not 0.04
    return f"{value:.2f}" if value < 10 else f"{value:.0f}"


def _ms(value: float | None) -> str:
    if value is None:
        return "n/a"
    return f"{value:.1f}" if value < 100 else f"{value:,.0f}"

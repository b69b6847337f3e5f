"""Ratios to the floor and the targets of the speed work, and the markdown table of a run. Pure: no I/O.

Every endpoint run sits between two floor runs at the same concurrency; its ratios are taken against the
mean of those two, so a drift of the machine during the run shows in the floors, not in the ratios.
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import fmean
from typing import Any


@dataclass(frozen=True)
class Target:
    """At least `rps` of the floor's requests per second, a p95 of at most `p95` times the floor's, the
    answer's status `status` when set; and always no error."""

    rps: float | None = None
    p95: float | None = None
    status: int | None = None

    def describe(self) -> str:
        parts = [f">={self.rps:g}x req/s"] if self.rps is not None else []
        parts += [f"p95 <={self.p95:g}x"] if self.p95 is not None else []
        parts += [f"answers {self.status}"] if self.status is not None else []
        return ", ".join([*parts, "0 errors"])


# From the speed issue: helpers roll >=0.8x floor req/s and p95 <=1.5x; content >=0.8x; sheet API >=0.5x
# and p95 <=2x; sheet page >=0.3x; 304 revalidation >=0.9x; campaign list >=0.5x; 0 errors at -c8 and -c64.
TARGETS = {
    "floor": Target(),
    "roll": Target(rps=0.8, p95=1.5),
    "content": Target(rps=0.8),
    "campaign_list": Target(rps=0.5),
    "sheet_api": Target(rps=0.5, p95=2.0),
    "sheet_page": Target(rps=0.3),
    "sheet_304": Target(rps=0.9, status=304),
}


def floor_between(before: dict[str, Any], after: dict[str, Any]) -> dict[str, float]:
    """The floor an endpoint is compared with: the mean of the floor runs just before and just after it."""
    return {"rps": fmean([before["rps"], after["rps"]]), "p95_ms": fmean([before["p95_ms"], after["p95_ms"]])}


def ratios(figures: dict[str, Any], floor: dict[str, float]) -> dict[str, float | None]:
    """Requests per second as a share of the floor's; p95 as a multiple of the floor's."""
    return {
        "rps": figures["rps"] / floor["rps"] if floor["rps"] else None,
        "p95": figures["p95_ms"] / floor["p95_ms"] if floor["p95_ms"] else None,
    }


def evaluate(
    target: Target, figures: dict[str, Any], ratio: dict[str, float | None], status: int
) -> list[str]:
    """What misses the target (an empty list when it is met)."""
    misses = []
    if figures["errors"]:
        misses.append(f"{figures['errors']} errors")
    if target.rps is not None and (ratio["rps"] is None or ratio["rps"] < target.rps):
        misses.append(f"req/s {_x(ratio['rps'])} < {target.rps:g}x")
    if target.p95 is not None and (ratio["p95"] is None or ratio["p95"] > target.p95):
        misses.append(f"p95 {_x(ratio['p95'])} > {target.p95:g}x")
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
        floor = {name: fmean(row["floor"][name] for row in group) for name in ("rps", "p95_ms")}
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
        "| endpoint | conns | req/s | p50 ms | p95 ms | p99 ms | errors | x floor req/s | x floor p95 "
        "| target | met |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for connections, table in sorted(by_concurrency.items()):
        floor = table["floor"]
        lines.append(
            f"| floor ({floor['runs']} runs) | {connections} | {floor['rps']:,.0f} "
            f"({floor['rps_low']:,.0f}-{floor['rps_high']:,.0f}) | {_ms(floor['p50_ms'])} "
            f"| {_ms(floor['p95_ms'])} | {_ms(floor['p99_ms'])} | {floor['errors']} | 1 | 1 | 0 errors "
            f"| {_met(floor['misses'])} |"
        )
        for row in table["rows"]:
            f = row["figures"]
            lines.append(
                f"| {labels.get(row['endpoint'], row['endpoint'])} | {connections} | {f['rps']:,.0f} "
                f"| {_ms(f['p50_ms'])} | {_ms(f['p95_ms'])} | {_ms(f['p99_ms'])} | {f['errors']} "
                f"| {_x(row['ratio']['rps'])}{_each(row, 'rps')} "
                f"| {_x(row['ratio']['p95'])}{_each(row, 'p95')} "
                f"| {row['target']} "
                f"| {_met(row['misses'])} |"
            )
    return "\n".join(lines)


def all_met(by_concurrency: dict[int, dict[str, Any]]) -> bool:
    return not any(
        table["floor"]["misses"] or any(row["misses"] for row in table["rows"])
        for table in by_concurrency.values()
    )


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
        return f"{value:.3f}"  # the sheet page's 0.003 is not 0.00
    return f"{value:.2f}" if value < 10 else f"{value:.0f}"


def _ms(value: float) -> str:
    return f"{value:.1f}" if value < 100 else f"{value:,.0f}"

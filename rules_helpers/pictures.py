"""The Campaign Sheet as pictures: the path through the circles as a small map, and each guild's coins,
deaths, quests and titles across the scenarios as line charts.

Pure geometry, no drawing library: these functions turn the sheet's data (plain dicts, as
`campaigns.selectors.sheet` builds them) into coordinates; the page and the printed sheet draw them as inline
SVG from their templates. Nothing here is a rule of the game: it only lays out what the sheet already says.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

TAKEN = "taken"  # played: the route the table took
OPEN = "open"  # may be played next
NEXT = "next"  # chosen to be played next
LOCKED = "locked"  # not reachable (yet, or any more: the side of the circle not taken)

# The map, top to bottom like the Campaign Book's: one row per circle depth (the two sides of an alternative
# circle side by side in one row), a dot per scenario, so it stays readable on a 360 px phone.
SPACING = 52
DOT = 15
LABEL_Y = 14
DOTS_Y = 42
ROW = 74
SIDE_GAP = 26
MARGIN = 8
LABEL_CHAR = 7  # about one character of the 12-unit bold label, so a side is never narrower than its name


def path_map(
    circles: Sequence[Mapping[str, Any]],
    *,
    allowed_next: Sequence[str] = (),
    next_scenario: str | None = None,
    names: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The map's labels, dots (each `taken`, `next`, `open` or `locked`), the route between the scenarios
    played in order, and the dashed ways from the last one to what may come next.

    `names` holds the label of a circle or scenario (by slug) in the reader's language, as the page or the
    printed sheet chose it; a slug without one keeps its `name`. The layout is measured on the label shown."""
    shown = dict(names or {})
    circles = [
        {
            **c,
            "name": shown.get(c["slug"], c["name"]),
            "scenarios": [{**s, "name": shown.get(s["slug"], s["name"])} for s in c["scenarios"]],
        }
        for c in circles
    ]
    allowed = set(allowed_next)
    depths = sorted({c["order"] for c in circles})
    rows = [sorted((c for c in circles if c["order"] == d), key=lambda c: c["slug"]) for d in depths]
    widths = [_row_width(sides) for sides in rows]
    width = MARGIN * 2 + max(widths, default=0)
    labels: list[dict[str, Any]] = []
    nodes: list[dict[str, Any]] = []
    for number, (sides, row_width) in enumerate(zip(rows, widths, strict=True)):
        y = number * ROW
        x = (width - row_width) / 2
        side_taken = [any(s["played_as"] for s in c["scenarios"]) for c in sides]
        for side, taken in zip(sides, side_taken, strict=True):
            closed = len(sides) > 1 and not taken and any(side_taken)
            block = _block_width(side)
            first = x + (block - len(side["scenarios"]) * SPACING) / 2
            labels.append(
                {"x": round(x + block / 2), "y": y + LABEL_Y, "name": side["name"], "closed": closed}
            )
            for i, scenario in enumerate(side["scenarios"]):
                state = _state(scenario, allowed, next_scenario, closed)
                at = {"x": round(first + i * SPACING + SPACING / 2), "y": y + DOTS_Y, "circle": side["slug"]}
                nodes.append({**_node(scenario, state), **at})
            x += block + SIDE_GAP
    played = sorted((n for n in nodes if n["number"]), key=lambda n: n["number"])
    route = [_segment(a, b) for a, b in pairwise(played)]
    ahead = [n for n in nodes if n["state"] in (OPEN, NEXT)]
    options = [_segment(played[-1], n) for n in ahead] if played else []
    height = len(rows) * ROW
    return {"width": round(width), "height": height, "dot": DOT, "labels": labels, "nodes": nodes,
            "route": route, "options": options}  # fmt: skip


def _block_width(side: Mapping[str, Any]) -> int:
    return max(len(side["scenarios"]) * SPACING, len(side["name"]) * LABEL_CHAR + 8)


def _row_width(sides: Sequence[Mapping[str, Any]]) -> int:
    return sum(_block_width(c) for c in sides) + SIDE_GAP * (len(sides) - 1)


def _state(scenario: Mapping[str, Any], allowed: set[str], next_scenario: str | None, closed: bool) -> str:
    if scenario["played_as"]:
        return TAKEN
    if scenario["slug"] == next_scenario:
        return NEXT
    if scenario["slug"] in allowed and not closed:
        return OPEN
    return LOCKED


def _node(scenario: Mapping[str, Any], state: str) -> dict[str, Any]:
    return {
        "slug": scenario["slug"],
        "name": scenario["name"],
        "number": scenario["played_as"],
        "state": state,
    }


def _segment(a: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, int]:
    return {"x1": a["x"], "y1": a["y"], "x2": b["x"], "y2": b["y"]}


# Each guild's line: its colour (readable on the dark page and on white paper) and a dash pattern by its place
# in the legend, so two lines never differ by colour alone.
GUILD_INK = {
    "yellow": "#c9a227", "purple": "#8e55c9", "teal": "#23998f", "gray": "#7d7c85",
    "blue": "#3a7bd5", "green": "#3ea34b", "orange": "#e07b22", "red": "#cc3b45",
}  # fmt: skip
DASHES = ("", "8 4", "2 4", "10 4 2 4")
ROUTE_INK = "#e2583e"

# The charts: scenarios along x, the value up y, one line per guild.
CHART_W = 320
CHART_H = 150
PAD_L = 30
PAD_R = 12
PAD_T = 12
PAD_B = 26
METRICS = ("coins", "deaths", "quests", "titles")
# Titles are counted as held so far (a Title is kept); the others are what the scenario brought.
CUMULATIVE = frozenset({"titles"})


def guild_charts(
    plays: Sequence[Mapping[str, Any]],
    guilds: Sequence[Mapping[str, Any]],
    *,
    metrics: Sequence[str] = METRICS,
) -> list[dict[str, Any]]:
    """One chart per metric, each with one series per guild (`colour` and `name`, in the order given) over
    the scenarios played: its points (x, y, value) and the polyline through them, with the y axis ticks."""
    numbers = [p["number"] for p in plays]
    return [_chart(metric, plays, guilds, numbers) for metric in metrics]


def _chart(
    metric: str,
    plays: Sequence[Mapping[str, Any]],
    guilds: Sequence[Mapping[str, Any]],
    numbers: Sequence[int],
) -> dict[str, Any]:
    values = {g["colour"]: _values(metric, plays, g["colour"]) for g in guilds}
    top = max([1, *(v for vs in values.values() for v in vs if v is not None)])
    xs = _xs(len(numbers))
    series = []
    for index, g in enumerate(guilds):
        guild = g["colour"]
        points = [
            {"x": x, "y": _y(v, top), "value": v, "scenario": n}
            for x, v, n in zip(xs, values[guild], numbers, strict=True)
            if v is not None
        ]
        line = " ".join(f"{p['x']},{p['y']}" for p in points)
        series.append(
            {
                "guild": guild,
                "name": g["name"],
                "index": index,
                "ink": GUILD_INK.get(guild, "#888888"),
                "dash": DASHES[index % len(DASHES)],
                "points": points,
                "line": line,
            }
        )
    ticks = [{"value": v, "y": _y(v, top)} for v in sorted({0, top // 2, top})]
    return {
        "metric": metric,
        "width": CHART_W,
        "height": CHART_H,
        "left": PAD_L,
        "right": CHART_W - PAD_R,
        "bottom": CHART_H - PAD_B,
        "top": PAD_T,
        "max": top,
        "ticks": ticks,
        "xs": [{"x": x, "label": n} for x, n in zip(xs, numbers, strict=True)],
        "series": series,
    }


def _values(metric: str, plays: Sequence[Mapping[str, Any]], guild: str) -> list[int | None]:
    """The guild's value in each scenario (None where it has no result); titles as a running count."""
    out: list[int | None] = []
    held = 0
    for play in plays:
        result = next((r for r in play["results"] if r["guild"] == guild), None)
        if result is None:
            out.append(held if metric in CUMULATIVE and held else None)
            continue
        value = _value(metric, result)
        held += value
        out.append(held if metric in CUMULATIVE else value)
    return out


def _value(metric: str, result: Mapping[str, Any]) -> int:
    """A result's number for the metric: a Title held counts 1; a list (the quests a guild completed, as the
    sheet keeps them) counts its entries."""
    if metric == "titles":
        return int(bool(result["title"]))
    value = result[metric]
    return len(value) if isinstance(value, list | tuple) else int(value or 0)


def _xs(count: int) -> list[int]:
    width = CHART_W - PAD_L - PAD_R
    if count <= 1:
        return [PAD_L + width // 2] * count
    return [round(PAD_L + i * width / (count - 1)) for i in range(count)]


def _y(value: int, top: int) -> int:
    height = CHART_H - PAD_T - PAD_B
    return round(CHART_H - PAD_B - value * height / top)

"""The sheet's pictures as geometry: the path map's states and route, and the per-guild charts.

Not rules of the game (no rulebook line to cite): the layout of what the Campaign Sheet already records."""

from __future__ import annotations

from rules_helpers.pictures import GUILD_INK, LOCKED, NEXT, OPEN, TAKEN, guild_charts, path_map


def _circle(slug: str, order: int, scenarios: list[tuple[str, int | None]], group: str = "") -> dict:
    return {
        "slug": slug,
        "name": slug.title(),
        "order": order,
        "play": 1,
        "exclusive_group": group,
        "scenarios": [{"slug": s, "name": s.title(), "played_as": n} for s, n in scenarios],
    }


CIRCLES = [
    _circle("first", 1, [("a", 1), ("b", None)]),
    _circle("east", 2, [("c", 2), ("d", None)], group="second"),
    _circle("west", 2, [("e", None), ("f", None)], group="second"),
    _circle("third", 3, [("g", None), ("h", None)]),
]


def _states(m: dict) -> dict[str, str]:
    return {n["slug"]: n["state"] for n in m["nodes"]}


def test_played_scenarios_are_taken_the_allowed_ones_open_and_the_rest_locked():
    m = path_map(CIRCLES, allowed_next=["d", "g"], next_scenario=None)
    assert _states(m) == {"a": TAKEN, "b": LOCKED, "c": TAKEN, "d": OPEN, "e": LOCKED, "f": LOCKED,
                          "g": OPEN, "h": LOCKED}  # fmt: skip


def test_the_side_not_taken_is_locked_even_if_listed_as_allowed():
    m = path_map(CIRCLES, allowed_next=["e", "d"])
    assert _states(m)["e"] == LOCKED and _states(m)["d"] == OPEN
    assert [label["closed"] for label in m["labels"]] == [False, False, True, False]


def test_the_scenario_chosen_next_is_marked_next():
    assert _states(path_map(CIRCLES, allowed_next=["d"], next_scenario="d"))["d"] == NEXT


def test_the_route_joins_the_played_scenarios_in_the_order_played_and_options_leave_the_last():
    m = path_map(CIRCLES, allowed_next=["d", "g"])
    at = {n["slug"]: (n["x"], n["y"]) for n in m["nodes"]}
    assert [((s["x1"], s["y1"]), (s["x2"], s["y2"])) for s in m["route"]] == [(at["a"], at["c"])]
    assert {(s["x2"], s["y2"]) for s in m["options"]} == {at["d"], at["g"]}
    assert all((s["x1"], s["y1"]) == at["c"] for s in m["options"])


def test_both_sides_of_an_alternative_circle_share_one_row_and_every_dot_fits_the_picture():
    m = path_map(CIRCLES)
    rows = {n["circle"]: n["y"] for n in m["nodes"]}
    assert rows["east"] == rows["west"] != rows["first"]
    assert all(0 < n["x"] < m["width"] and 0 < n["y"] < m["height"] for n in m["nodes"])
    assert all(0 < label["x"] < m["width"] for label in m["labels"])


def test_nothing_played_has_no_route():
    fresh = [_circle("first", 1, [("a", None), ("b", None)])]
    m = path_map(fresh, allowed_next=["a", "b"])
    assert m["route"] == [] and m["options"] == [] and set(_states(m).values()) == {OPEN}


PLAYS = [
    {"number": 1, "results": [
        {"guild": "yellow", "coins": 4, "deaths": 1, "quests": 2, "title": True},
        {"guild": "teal", "coins": 2, "deaths": 0, "quests": 1, "title": False},
    ]},
    {"number": 2, "results": [
        {"guild": "yellow", "coins": 6, "deaths": 2, "quests": 3, "title": False},
        {"guild": "teal", "coins": 3, "deaths": 1, "quests": 0, "title": True},
    ]},
]  # fmt: skip
GUILDS = [{"colour": "yellow", "name": "Yellow"}, {"colour": "teal", "name": "Teal"}]


def _chart(metric: str) -> dict:
    return next(c for c in guild_charts(PLAYS, GUILDS) if c["metric"] == metric)


def test_one_chart_per_metric_and_one_series_per_guild_in_the_legend_order():
    charts = guild_charts(PLAYS, GUILDS)
    assert [c["metric"] for c in charts] == ["coins", "deaths", "quests", "titles"]
    for chart in charts:
        assert [s["guild"] for s in chart["series"]] == ["yellow", "teal"]
        assert [s["name"] for s in chart["series"]] == ["Yellow", "Teal"]


def test_the_values_are_what_each_scenario_brought_and_titles_are_held_so_far():
    assert [[p["value"] for p in s["points"]] for s in _chart("coins")["series"]] == [[4, 6], [2, 3]]
    assert [[p["value"] for p in s["points"]] for s in _chart("deaths")["series"]] == [[1, 2], [0, 1]]
    assert [[p["value"] for p in s["points"]] for s in _chart("titles")["series"]] == [[1, 1], [0, 1]]


def test_the_highest_value_touches_the_top_and_zero_the_bottom():
    coins = _chart("coins")
    yellow = coins["series"][0]["points"]
    assert coins["max"] == 6 and yellow[1]["y"] == coins["top"]
    assert _chart("titles")["series"][1]["points"][0]["y"] == coins["bottom"]
    assert yellow[0]["x"] < yellow[1]["x"]


def test_lines_differ_by_dash_as_well_as_colour():
    series = _chart("coins")["series"]
    assert series[0]["ink"] == GUILD_INK["yellow"] and series[1]["ink"] == GUILD_INK["teal"]
    assert series[0]["dash"] != series[1]["dash"]


def test_a_guild_without_a_result_in_a_scenario_has_no_point_there():
    plays = [PLAYS[0], {"number": 2, "results": [PLAYS[1]["results"][0]]}]
    teal = next(c for c in guild_charts(plays, GUILDS) if c["metric"] == "coins")["series"][1]
    assert [p["scenario"] for p in teal["points"]] == [1]


def test_the_labels_are_the_ones_passed_in_and_the_layout_is_measured_on_them():
    """The page or printed sheet passes the names in the reader's language; a slug without one keeps its
    own."""
    plain = path_map(CIRCLES)
    named = path_map(CIRCLES, names={"first": "Primeiro Círculo " * 4, "a": "Barca dos Mortos"})
    assert [label["name"] for label in named["labels"]][:2] == ["Primeiro Círculo " * 4, "East"]
    assert {n["slug"]: n["name"] for n in named["nodes"]}["a"] == "Barca dos Mortos"
    assert {n["slug"]: n["name"] for n in named["nodes"]}["b"] == "B"
    assert named["width"] > plain["width"]  # the longer label widens its row


def test_the_quests_chart_counts_the_quests_a_result_lists():
    """The sheet keeps a scenario's quests as the list of those completed (BR:198, a Guild token per Quest);
    the chart counts them (BR:215 "one coin for each Quest it accomplished" is counted the same way)."""
    done = {"yellow": ["pass-the-gates", "pvp:teal"], "teal": []}
    results = [{"guild": g, "coins": 0, "deaths": 0, "quests": q, "title": False} for g, q in done.items()]
    plays = [{"number": 1, "results": results}]
    chart = next(c for c in guild_charts(plays, GUILDS) if c["metric"] == "quests")
    assert [[p["value"] for p in s["points"]] for s in chart["series"]] == [[2], [0]]

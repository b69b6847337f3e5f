"""Ratios to the floor and the speed targets (bench/targets.py), and the README's table block: pure."""

import pytest

from bench import targets
from bench.endpoints import TABLE_END, TABLE_START, readme_with, report


def figures(rps: float, p95: float, errors: int = 0) -> dict:
    return {"rps": rps, "p50_ms": p95 / 2, "p95_ms": p95, "p99_ms": p95 * 1.5, "errors": errors}


def run(endpoint: str, rps: float, p95: float, errors: int = 0, status: int = 200) -> dict:
    return {"endpoint": endpoint, "connections": 8, "figures": figures(rps, p95, errors), "status": status}


def test_the_floor_is_the_mean_of_the_runs_either_side() -> None:
    floor = targets.floor_between(figures(1000, 10), figures(2000, 14))
    assert floor == {"rps": 1500, "p95_ms": 12}


def test_ratios_are_share_of_floor_rate_and_multiple_of_floor_p95() -> None:
    assert targets.ratios(figures(750, 18), {"rps": 1500, "p95_ms": 12}) == {"rps": 0.5, "p95": 1.5}


def test_ratios_of_an_empty_floor_are_unknown_and_miss() -> None:
    ratio = targets.ratios(figures(750, 18), {"rps": 0, "p95_ms": 0})
    assert ratio == {"rps": None, "p95": None}
    assert targets.evaluate(targets.TARGETS["roll"], figures(750, 18), ratio, 200) == [
        "req/s n/a < 0.8x",
        "p95 n/a > 1.5x",
    ]


def test_roll_target_needs_rate_and_p95() -> None:
    roll = targets.TARGETS["roll"]
    assert targets.evaluate(roll, figures(800, 15), {"rps": 0.8, "p95": 1.5}, 200) == []
    assert targets.evaluate(roll, figures(790, 15), {"rps": 0.79, "p95": 1.51}, 200) == [
        "req/s 0.79 < 0.8x",
        "p95 1.51 > 1.5x",
    ]


def test_any_error_misses_the_target_even_when_fast() -> None:
    misses = targets.evaluate(
        targets.TARGETS["content"], figures(2000, 5, errors=2), {"rps": 1.3, "p95": 0.5}, 200
    )
    assert misses == ["2 errors"]


def test_revalidation_must_answer_304() -> None:
    target = targets.TARGETS["sheet_304"]
    assert targets.evaluate(target, figures(1400, 10), {"rps": 0.95, "p95": 1.0}, 304) == []
    assert targets.evaluate(target, figures(1400, 10), {"rps": 0.95, "p95": 1.0}, 200) == [
        "answers 200, not 304"
    ]


def test_each_target_of_the_issue_is_there() -> None:
    t = targets.TARGETS
    assert (t["roll"].rps, t["roll"].p95) == (0.8, 1.5)
    assert (t["content"].rps, t["content"].p95) == (0.8, None)
    assert (t["sheet_api"].rps, t["sheet_api"].p95) == (0.5, 2.0)
    assert t["sheet_page"].rps == 0.3
    assert (t["sheet_304"].rps, t["sheet_304"].status) == (0.9, 304)
    assert t["campaign_list"].rps == 0.5


def test_rows_compare_each_endpoint_with_its_neighbouring_floors() -> None:
    runs = [
        run("floor", 1000, 10),
        run("roll", 900, 12),
        run("floor", 1200, 10),
        run("sheet_api", 300, 40),
        run("floor", 1400, 14),
    ]
    rows = targets.interleaved_rows(runs)
    assert [row["endpoint"] for row in rows] == ["roll", "sheet_api"]
    assert rows[0]["floor"] == {"rps": 1100, "p95_ms": 10}
    assert rows[0]["ratio"]["rps"] == pytest.approx(900 / 1100)
    assert rows[0]["misses"] == []
    assert rows[1]["floor"] == {"rps": 1300, "p95_ms": 12}
    assert rows[1]["misses"] == [f"req/s {300 / 1300:.2f} < 0.5x", f"p95 {40 / 12:.2f} > 2x"]


@pytest.mark.parametrize(
    "order",
    [
        ["floor", "roll", "roll"],
        ["roll", "floor", "floor"],
        ["floor", "floor", "floor"],
        ["floor", "roll"],
        ["floor", "roll", "floor", "content"],
    ],
)
def test_a_series_not_interleaved_with_floors_is_refused(order: list[str]) -> None:
    with pytest.raises(ValueError):
        targets.interleaved_rows([run(name, 100, 10) for name in order])


def test_floor_row_sums_up_the_floor_runs() -> None:
    runs = [run("floor", 1000, 10), run("roll", 5, 5, errors=9), run("floor", 2000, 14, errors=1)]
    row = targets.floor_row(runs)
    assert (row["runs"], row["rps"], row["rps_low"], row["rps_high"]) == (2, 1500, 1000, 2000)
    assert row["p95_ms"] == 12
    assert row["errors"] == 1 and row["misses"] == ["1 errors"]


def test_the_table_marks_each_row_and_all_met_needs_every_row() -> None:
    runs = [run("floor", 1000, 10), run("content", 900, 11), run("floor", 1000, 10)]
    met = {8: {"floor": targets.floor_row(runs), "rows": targets.interleaved_rows(runs)}}
    table = targets.markdown(met, {"content": "GET /api/v1/editions/inferno/"})
    assert "| GET /api/v1/editions/inferno/ | 8 | 900 |" in table
    assert "| 0.90 |" in table and "**not met**" not in table
    assert targets.all_met(met)
    runs[1] = run("content", 500, 11)
    missed = {8: {"floor": targets.floor_row(runs), "rows": targets.interleaved_rows(runs)}}
    assert "**not met**: req/s 0.50 < 0.8x" in targets.markdown(missed, {})
    assert not targets.all_met(missed)


def test_readme_block_is_replaced_between_the_markers_only() -> None:
    text = f"# Benchmarks\n\n{TABLE_START}\nold table\n{TABLE_END}\n\n## Odds\nkept\n"
    new = readme_with(text, "| new |")
    assert new == f"# Benchmarks\n\n{TABLE_START}\n| new |\n{TABLE_END}\n\n## Odds\nkept\n"


def test_the_report_is_drawn_from_the_results_alone() -> None:
    runs = [run("floor", 1000, 10), run("sheet_304", 950, 10, status=200), run("floor", 1000, 10)]
    results = {
        "when": "2026-01-01 00:00 UTC",
        "seconds_per_run": 5.0,
        "machine": {"cpus": 2, "postgresql": "15", "redis": "7", "python": "3.11"},
        "load_average": {"before": 0.4, "after": 2.0},
        "tables": {"8": {"floor": targets.floor_row(runs), "rows": targets.interleaved_rows(runs)}},
        "all_targets_met": False,
        "probes": {"sheet_304": {"status": 200, "bytes": 13283, "etag": None, "cache_control": None}},
    }
    text = report(results)
    assert text.startswith("Run of 2026-01-01 00:00 UTC: 5 s per run, 2 cores")
    assert "load average 0.4 as it began, 2.0 as it ended" in text and "Every target met: **no**" in text
    assert "**not met**: answers 200, not 304" in text
    assert "| GET /api/v1/campaigns/{id}/ with If-None-Match | 200 | 13,283 | no ETag | - |" in text


def test_rounds_combine_into_one_row_per_endpoint() -> None:
    """Two rounds of the roll: one unlucky run (0.6x) and one lucky (1.0x) give the mean of the runs against
    the mean of their floors, with each round's ratio kept."""
    runs = [
        run("floor", 1000, 10),
        run("roll", 600, 12),
        run("floor", 1000, 10),
        run("roll", 1200, 15),
        run("floor", 1400, 10),
    ]
    (row,) = targets.combined(targets.interleaved_rows(runs))
    assert row["endpoint"] == "roll"
    assert row["figures"]["rps"] == 900 and row["floor"]["rps"] == 1100
    assert row["ratio"]["rps"] == pytest.approx(900 / 1100)
    assert [r["rps"] for r in row["rounds"]] == pytest.approx([0.6, 1200 / 1200])
    assert row["misses"] == []
    table = targets.markdown({8: {"floor": targets.floor_row(runs), "rows": [row]}}, {})
    assert "| 0.82 (0.60, 1.00) |" in table


def test_one_round_is_its_own_row() -> None:
    runs = [run("floor", 1000, 10), run("content", 700, 12), run("floor", 1000, 10)]
    (row,) = targets.combined(targets.interleaved_rows(runs))
    assert row["ratio"]["rps"] == pytest.approx(0.7) and row["misses"] == ["req/s 0.70 < 0.8x"]
    assert (
        "("
        not in targets.markdown({8: {"floor": targets.floor_row(runs), "rows": [row]}}, {}).split("\n")[-1]
    )

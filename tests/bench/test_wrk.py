"""Reading wrk's output and writing its Lua script (bench/wrk.py): pure, no process and no network."""

import json

import pytest

from bench import wrk

DONE = {
    "requests": 1604,
    "duration_us": 5012345,
    "bytes": 3242000,
    "connect": 0,
    "read": 0,
    "write": 0,
    "status": 0,
    "timeout": 0,
    "p50_us": 22113,
    "p95_us": 37806,
    "p99_us": 47052,
    "max_us": 54536,
}

# wrk 4.1's output for `--latency` and a script with done(), as printed on this machine.
CLEAN = """Running 5s test @ http://127.0.0.1:40123/api/v1/helpers/roll/
  2 threads and 8 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    24.71ms    6.80ms  54.54ms   71.03%
    Req/Sec   160.52     22.41   210.00     69.00%
  Latency Distribution
     50%   22.11ms
     75%   27.96ms
     90%   33.97ms
     99%   47.05ms
  1604 requests in 5.01s, 3.09MB read
Requests/sec:    320.01
Transfer/sec:    631.66KB
"""


def output(text: str = CLEAN, **done: int) -> str:
    return text + wrk.MARKER + json.dumps({**DONE, **done}) + "\n"


def test_a_clean_run_reads_back_whole() -> None:
    figures = wrk.parse(output())
    assert figures.rps == 320.01
    assert figures.requests == 1604
    assert figures.seconds == pytest.approx(5.012345)
    assert (figures.p50_ms, figures.p95_ms, figures.p99_ms) == (22.113, 37.806, 47.052)
    assert (figures.p75_ms, figures.p90_ms) == (27.96, 33.97)
    assert figures.max_ms == 54.536
    assert figures.errors == 0
    assert figures.as_dict()["errors"] == 0


def test_error_lines_count_as_errors() -> None:
    text = CLEAN.replace(
        "Requests/sec:",
        "  Socket errors: connect 0, read 2, write 0, timeout 5\n"
        "  Non-2xx or 3xx responses: 7\n"
        "Requests/sec:",
    )
    figures = wrk.parse(output(text, read=2, timeout=5, status=7))
    assert figures.socket_errors == {"connect": 0, "read": 2, "write": 0, "timeout": 5}
    assert figures.non_2xx_3xx == 7
    assert figures.errors == 14


def test_without_error_lines_the_scripts_counts_are_used() -> None:
    # wrk leaves the lines out when there is nothing to report; the script's counts stand in.
    figures = wrk.parse(output(status=3, timeout=1))
    assert figures.non_2xx_3xx == 3
    assert figures.socket_errors["timeout"] == 1
    assert figures.errors == 4


def test_a_run_without_latency_distribution_is_refused() -> None:
    text = "\n".join(line for line in CLEAN.splitlines() if "%  " not in line or "Latency" in line)
    text = text.replace("  Latency Distribution\n", "")
    with pytest.raises(ValueError, match="latency distribution"):
        wrk.parse(output(text))


def test_a_run_without_the_scripts_report_is_refused() -> None:
    with pytest.raises(ValueError, match="done"):
        wrk.parse(CLEAN)


def test_a_run_without_its_rate_is_refused() -> None:
    with pytest.raises(ValueError, match="Requests/sec"):
        wrk.parse(output(CLEAN.replace("Requests/sec:    320.01\n", "")))


@pytest.mark.parametrize(
    ("text", "ms"),
    [("812.00us", 0.812), ("1.52ms", 1.52), ("2.01s", 2010.0), ("1.00m", 60_000.0)],
)
def test_wrk_durations_in_milliseconds(text: str, ms: float) -> None:
    assert wrk.duration_ms(text) == pytest.approx(ms)


def test_an_unknown_duration_is_refused() -> None:
    with pytest.raises(ValueError):
        wrk.duration_ms("12 parsecs")


def test_lua_strings_escape_quotes_backslashes_and_non_ascii() -> None:
    assert wrk.lua_quote('say "hi"\\') == '"say \\034hi\\034\\092"'
    assert wrk.lua_quote("é") == '"\\195\\169"'
    assert wrk.lua_quote("a\nb") == '"a\\010b"'


def test_the_script_carries_method_body_and_headers_as_given() -> None:
    script = wrk.lua_script(
        method="POST",
        headers={"X-Forwarded-Proto": "https", "Content-Type": "application/json"},
        body='{"attack_dice": 6}',
    )
    assert 'wrk.method = "POST"' in script
    assert 'wrk.body = "{\\034attack_dice\\034: 6}"' in script
    assert 'wrk.headers["Content-Type"] = "application/json"' in script
    assert 'wrk.headers["X-Forwarded-Proto"] = "https"' in script
    assert "function done(" in script and wrk.MARKER in script
    assert "function request(" not in script


def test_a_form_body_is_sent_as_it_is() -> None:
    script = wrk.lua_script(method="POST", body="attack_dice=6&csrfmiddlewaretoken=abc")
    assert 'wrk.body = "attack_dice=6&csrfmiddlewaretoken=abc"' in script
    assert "Content-Type" not in script


def test_a_get_sends_no_body_and_one_client_unless_asked() -> None:
    script = wrk.lua_script(headers={"Authorization": "Token abc"})
    assert "wrk.body" not in script and "Content-Type" not in script
    assert "X-Forwarded-For" not in script
    assert "X-Forwarded-For" in wrk.lua_script(vary_client=True)


def test_the_command_never_asks_more_threads_than_connections() -> None:
    command = wrk.command("http://127.0.0.1:1/", "s.lua", connections=1, seconds=4.6, threads=2)
    assert command[0] == "wrk"
    assert "--threads=1" in command and "--connections=1" in command
    assert "--duration=5s" in command and "--latency" in command
    assert command[-1] == "http://127.0.0.1:1/"

"""wrk, the load generator: the Lua script of one endpoint, the command line, and the figures read back.

wrk prints requests per second, the latency distribution (`--latency`: 50, 75, 90 and 99 %, rounded) and
its errors; the script's `done()` adds one line of JSON with the counts and the 50th, 95th (which the text
lacks) and 99th percentiles in microseconds.
Everything here is pure (no process, no network), so tests can feed it wrk's output.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from typing import Any

MARKER = "BENCH-JSON "
UNITS_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0, "h": 3_600_000.0}

# One line of JSON from the summary and the latency histogram, written when the run ends (times in us).
DONE = """
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '%s{"requests": %d, "duration_us": %d, "bytes": %d, "connect": %d, "read": %d, "write": %d, '
      .. '"status": %d, "timeout": %d, "p50_us": %d, "p95_us": %d, "p99_us": %d, "max_us": %d}\\n',
    "MARKER", summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status,
    e.timeout, latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
""".replace("MARKER", MARKER)

# Each request names a client of its own in X-Forwarded-For, as the proxy in front of the app would for
# many phones: the helpers' anonymous throttle then counts per client (DRF reads that header) instead of
# throttling the single loopback address the generator really comes from.
VARY_CLIENT = """
local threads = {}
function setup(thread)
  table.insert(threads, thread)
  thread:set("thread_number", #threads)
end
local sent = 0
function request()
  sent = sent + 1
  wrk.headers["X-Forwarded-For"] = string.format(
    "127.%d.%d.%d", thread_number % 256, math.floor(sent / 256) % 256, sent % 256)
  return wrk.format()
end
"""


def lua_quote(text: str) -> str:
    """A Lua string literal: quotes, backslashes and anything unprintable escaped as decimal bytes."""
    out = []
    for byte in text.encode():
        char = chr(byte)
        if char in '"\\' or not 32 <= byte < 127:
            out.append(f"\\{byte:03d}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def lua_script(
    *,
    method: str = "GET",
    headers: dict[str, str] | None = None,
    body: str | None = None,
    vary_client: bool = False,
) -> str:
    """The script wrk runs for one endpoint: its method, headers and body (sent as given: the caller names its
    Content-Type), and the `done()` report."""
    lines = [f"wrk.method = {lua_quote(method)}"]
    if body is not None:
        lines.append(f"wrk.body = {lua_quote(body)}")
    lines += [f"wrk.headers[{lua_quote(k)}] = {lua_quote(v)}" for k, v in (headers or {}).items()]
    return "\n".join(lines) + "\n" + (VARY_CLIENT if vary_client else "") + DONE


def command(
    url: str, script: str, *, connections: int, seconds: float, threads: int = 2, timeout: float = 10
) -> list[str]:
    """The wrk command line; never more threads than connections (wrk refuses that)."""
    return [
        "wrk",
        f"--threads={min(threads, connections)}",
        f"--connections={connections}",
        f"--duration={max(1, round(seconds))}s",
        f"--timeout={max(1, round(timeout))}s",
        "--latency",
        f"--script={script}",
        url,
    ]


@dataclass(frozen=True)
class Figures:
    """One wrk run. Latencies in milliseconds; errors are socket errors plus answers outside 2xx/3xx."""

    requests: int
    seconds: float
    rps: float
    p50_ms: float
    p75_ms: float
    p90_ms: float
    p95_ms: float
    p99_ms: float
    max_ms: float
    bytes: int
    non_2xx_3xx: int
    socket_errors: dict[str, int]

    @property
    def errors(self) -> int:
        return self.non_2xx_3xx + sum(self.socket_errors.values())

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "errors": self.errors}


def duration_ms(text: str) -> float:
    """wrk's durations ("812.00us", "1.52ms", "2.01s", "1.00m") in milliseconds."""
    match = re.fullmatch(r"\s*([0-9.]+)\s*(us|ms|s|m|h)\s*", text)
    if not match:
        raise ValueError(f"not a wrk duration: {text!r}")
    return float(match[1]) * UNITS_MS[match[2]]


def parse(output: str) -> Figures:
    """wrk's standard output (with `--latency` and the script's JSON line) as figures."""
    rps = re.search(r"^Requests/sec:\s+([0-9.]+)", output, re.M)
    if not rps:
        raise ValueError("no Requests/sec line in wrk's output")
    distribution = {
        int(pct): duration_ms(value)
        for pct, value in re.findall(r"^\s+(50|75|90|99)%\s+(\S+)\s*$", output, re.M)
    }
    missing = {50, 75, 90, 99} - set(distribution)
    if missing:
        raise ValueError(f"no latency distribution for {sorted(missing)} % (was --latency given?)")
    done = _done_line(output)
    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    # wrk prints the line only when some socket error happened; the script's report always has them.
    kinds = ("connect", "read", "write", "timeout")
    counts = map(int, socket.groups()) if socket else (int(done[kind]) for kind in kinds)
    socket_errors = dict(zip(kinds, counts, strict=True))
    non_2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    return Figures(
        requests=int(done["requests"]),
        seconds=done["duration_us"] / 1e6,
        rps=float(rps[1]),
        # The script's percentiles are in microseconds; the text's are rounded ("1.00s"), so it only
        # gives the two the script does not report.
        p50_ms=done["p50_us"] / 1000,
        p75_ms=distribution[75],
        p90_ms=distribution[90],
        p95_ms=done["p95_us"] / 1000,
        p99_ms=done["p99_us"] / 1000,
        max_ms=done["max_us"] / 1000,
        bytes=int(done["bytes"]),
        non_2xx_3xx=int(non_2xx[1]) if non_2xx else int(done["status"]),
        socket_errors=socket_errors,
    )


def _done_line(output: str) -> dict[str, float]:
    for line in output.splitlines():
        if line.startswith(MARKER):
            return json.loads(line[len(MARKER) :])
    raise ValueError("no line from the script's done() in wrk's output")

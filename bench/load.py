"""Shared by the benchmark and the load test: gunicorn on a free loopback port, and a timed threaded client.

`serve()` starts gunicorn as a subprocess and stops it by its process id; `hammer()` runs client threads with
the standard library's http.client and gives requests per second, p95 latency and every failure
(tests/robustness/test_load.py).
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


@contextmanager
def serve(
    env: dict[str, str],
    *,
    workers: int = 2,
    threads: int = 4,
    log: IO[str] | None = None,
    timeout: float = 120,
) -> Iterator[int]:
    """gunicorn (gthread) serving companion.wsgi on 127.0.0.1 until the block ends, with the settings named
    in `env`; yields its port once it answers. `log` takes its output."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "companion.wsgi", "--bind", f"{HOST}:{port}"]
    command += ["--worker-class", "gthread", "--workers", str(workers), "--threads", str(threads)]
    command += ["--log-level", "warning"]
    process = subprocess.Popen(
        command, cwd=ROOT, env={**os.environ, **env}, stdout=log, stderr=subprocess.STDOUT if log else None
    )
    try:
        _wait_until_up(port, process, timeout)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


def _wait_until_up(port: int, process: subprocess.Popen, timeout: float) -> None:
    """Until the server answers a request (any status); a busy machine can take a minute to start workers."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {process.returncode}")
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=5)
            connection.request("GET", "/", headers={"Host": HOST})
            connection.getresponse().read()
            connection.close()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer within {timeout:.0f} s")


def request(
    port: int, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, Any]:
    """One request on its own connection; the answer's status and decoded JSON (or None)."""
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        payload = None if body is None else json.dumps(body)
        sent = {"Content-Type": "application/json", "Host": HOST, **(headers or {})}
        connection.request(method, path, body=payload, headers=sent)
        response = connection.getresponse()
        data = response.read()
        kind = response.getheader("Content-Type", "")
        return response.status, json.loads(data) if data and "json" in kind else None
    finally:
        connection.close()


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def rps(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    @property
    def p95_ms(self) -> float:
        ordered = sorted(self.latencies)
        return 1000 * ordered[int(0.95 * (len(ordered) - 1))] if ordered else float("nan")


def hammer(call: Callable[[], int], *, clients: int, seconds: float) -> Figures:
    """`clients` threads call `call` (which returns a status) until `seconds` pass."""
    figures, lock = Figures(), threading.Lock()
    stop = time.monotonic() + seconds

    def client() -> None:
        while time.monotonic() < stop:
            start = time.perf_counter()
            try:
                status = call()
            except OSError as exc:
                status, problem = 0, repr(exc)
            else:
                problem = f"status {status}" if status >= 400 else ""
            with lock:
                figures.latencies.append(time.perf_counter() - start)
                if problem:
                    figures.failures.append(problem)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    figures.seconds = time.perf_counter() - began
    return figures

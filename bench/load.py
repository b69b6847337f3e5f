"""Shared by the benchmarks and the load test: gunicorn on a free loopback port, and timed HTTP clients.

Not a benchmark itself (`python -m bench load` prints a short note): `serve()` starts the production server
as a subprocess and stops it by its process id; `hammer()` runs client threads with the standard library's
http.client and gives requests per second, p95 latency and every failure.
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


@contextmanager
def serve(env: dict[str, str], *, workers: int = 2, threads: int = 4) -> Iterator[int]:
    """gunicorn serving companion.wsgi on 127.0.0.1 until the block ends; yields its port."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "companion.wsgi", "--bind", f"{HOST}:{port}"]
    command += ["--workers", str(workers), "--threads", str(threads), "--log-level", "warning"]
    process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **env})
    try:
        _wait_until_up(port, process)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


def _wait_until_up(port: int, process: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {process.returncode}")
        try:
            socket.create_connection((HOST, port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("gunicorn did not answer in time")


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


def main() -> None:
    print("bench/load.py holds the server and client helpers used by bench.api and bench.sheet.")


@contextmanager
def throwaway_site() -> Iterator[dict[str, str]]:
    """Settings for a benchmark server: `local` with a fresh SQLite file (or DATABASE_URL when set), migrated
    and with the content loaded; helper throttling out of the way so the figures measure the app."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="companion-bench-") as tmp:
        env = {
            "DJANGO_SETTINGS_MODULE": "companion.settings.local",
            "DJANGO_DEBUG": "false",
            "DATABASE_URL": os.environ.get("DATABASE_URL") or f"sqlite:///{tmp}/bench.sqlite3",
            "HELPERS_ANON_RATE": "1000000/minute",
            "MEDIA_ROOT": tmp,
            "DJANGO_LOG_LEVEL": "ERROR",
        }
        for command in (["migrate", "--noinput", "-v0"], ["load_content", "-v0"]):
            manage(env, *command)
        yield env


def manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


def compare(name: str, figures: Figures, floor: Figures) -> tuple[float, float]:
    """Print a figure beside the floor's; the ratios (rps of the floor, p95 over the floor's)."""
    rps, p95 = figures.rps / floor.rps, figures.p95_ms / floor.p95_ms
    print(
        f"{name:<34} {figures.rps:8.0f} req/s  p95 {figures.p95_ms:7.1f} ms   "
        f"{rps:5.2f}x floor rps  {p95:5.2f}x floor p95  ({len(figures.failures)} errors)"
    )
    return rps, p95

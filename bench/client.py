"""A small HTTP/1.1 client on asyncio streams, for the requests wrk cannot make: a tap that sends the revision
the last answer gave, and the game night's phones, each with its own cookies and ETag.

It only ever connects to 127.0.0.1. Its connections are pooled as the proxy in front of production pools its
connections to gunicorn: at most `size` at once, kept alive, the one used last reused first; one idle longer
than gunicorn keeps it (2 s) is closed instead. The wire format (`encode`, `parse_head`) is pure and tested.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

HOST = "127.0.0.1"
TIMEOUT_SECONDS = 10.0
# gunicorn closes a keep-alive connection idle for 2 s (its `keepalive`); reusing one idle for less than that
# keeps the pool from sending on a connection the server is closing.
IDLE_SECONDS = 1.0


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]  # lower-case names
    cookies: dict[str, str]  # name -> value, from Set-Cookie
    body: bytes


def encode(method: str, path: str, headers: dict[str, str], body: bytes = b"") -> bytes:
    """The request's bytes: a Host unless `headers` name one, and a Content-Length for a body (and for a POST
    without one)."""
    lines = [f"{method} {path} HTTP/1.1"]
    if not any(name.lower() == "host" for name in headers):
        lines.append(f"Host: {HOST}")
    lines += [f"{name}: {value}" for name, value in headers.items()]
    if body or method not in ("GET", "HEAD"):
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def parse_head(head: bytes) -> tuple[int, dict[str, str], dict[str, str]]:
    """Status line and headers (without the blank line): the status, the headers by lower-case name (the
    last of a repeated one), and the cookies set."""
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ", 2)
    if len(parts) < 2 or not parts[0].startswith("HTTP/") or not parts[1].isdigit():
        raise ValueError(f"not an HTTP status line: {lines[0]!r}")
    headers: dict[str, str] = {}
    cookies: dict[str, str] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        name, value = name.strip().lower(), value.strip()
        if not name:
            continue
        headers[name] = value
        if name == "set-cookie":
            key, _, rest = value.partition("=")
            cookies[key.strip()] = rest.split(";", 1)[0].strip()
    return int(parts[1]), headers, cookies


async def read_answer(reader: asyncio.StreamReader) -> Answer:
    head = await reader.readuntil(b"\r\n\r\n")
    status, headers, cookies = parse_head(head[:-4])
    if status in (204, 304) or status < 200:
        body = b""
    elif "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding", "").lower() == "chunked":
        body = await _chunked(reader)
    else:
        body = await reader.read()
    return Answer(status, headers, cookies, body)


async def _chunked(reader: asyncio.StreamReader) -> bytes:
    body = bytearray()
    while True:
        size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
        if size == 0:
            await reader.readuntil(b"\r\n")
            return bytes(body)
        body += await reader.readexactly(size)
        await reader.readexactly(2)


@dataclass
class _Connection:
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    idle_since: float = 0.0

    def close(self) -> None:
        self.writer.close()


class Pool:
    """Keep-alive connections to a port on 127.0.0.1, at most `size` in use at once; `send` waits for one."""

    def __init__(self, port: int, size: int, timeout: float = TIMEOUT_SECONDS) -> None:
        self.port, self.timeout = port, timeout
        self._slots = asyncio.Semaphore(size)
        self._idle: list[_Connection] = []
        self.opened = 0

    async def send(self, method: str, path: str, headers: dict[str, str], body: bytes = b"") -> Answer:
        """One request and its answer; raises on a socket error or after the pool's timeout."""
        async with self._slots, asyncio.timeout(self.timeout):
            return await self._send(encode(method, path, headers, body))

    async def _send(self, data: bytes) -> Answer:
        for attempt in range(2):
            connection, reused = await self._connection()
            try:
                connection.writer.write(data)
                await connection.writer.drain()
                answer = await read_answer(connection.reader)
            except (asyncio.IncompleteReadError, ConnectionError) as exc:
                connection.close()
                # The server closed a kept connection just as it was reused, before answering: a browser
                # sends the request again on a new connection, once.
                nothing_read = not isinstance(exc, asyncio.IncompleteReadError) or not exc.partial
                if reused and attempt == 0 and nothing_read:
                    continue
                raise
            except BaseException:
                connection.close()  # cancelled (timeout) mid-answer: the connection is in no state to reuse
                raise
            if answer.headers.get("connection", "").lower() == "close":
                connection.close()
            else:
                connection.idle_since = time.monotonic()
                self._idle.append(connection)
            return answer
        raise AssertionError("unreachable")

    async def _connection(self) -> tuple[_Connection, bool]:
        while self._idle:
            connection = self._idle.pop()
            if time.monotonic() - connection.idle_since < IDLE_SECONDS:
                return connection, True
            connection.close()
        reader, writer = await asyncio.open_connection(HOST, self.port)
        self.opened += 1
        return _Connection(reader, writer), False

    def close(self) -> None:
        for connection in self._idle:
            connection.close()
        self._idle.clear()

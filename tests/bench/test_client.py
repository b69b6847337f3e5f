"""The game night's HTTP client (bench/client.py): the wire format, pure, and the pool against a tiny server
on 127.0.0.1 in this process."""

import asyncio
from collections.abc import Callable

import pytest

from bench import client


def test_a_request_names_its_host_and_the_length_of_its_body() -> None:
    sent = client.encode("POST", "/helpers/dice/", {"Cookie": "sessionid=s"}, b"a=1")
    assert sent == (
        b"POST /helpers/dice/ HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: sessionid=s\r\n"
        b"Content-Length: 3\r\n\r\na=1"
    )


def test_a_get_has_no_length_and_a_given_host_is_not_repeated() -> None:
    sent = client.encode("GET", "/", {"Host": "127.0.0.1", "HX-Request": "true"})
    assert sent == b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHX-Request: true\r\n\r\n"
    assert sent.count(b"Host:") == 1


def test_a_post_without_a_body_still_says_its_length() -> None:
    assert b"Content-Length: 0\r\n" in client.encode("POST", "/x/", {})


def test_the_head_gives_status_headers_and_cookies() -> None:
    head = (
        b'HTTP/1.1 304 Not Modified\r\nETag: "13.25.ab"\r\nSet-Cookie: csrftoken=abc; Path=/; Secure\r\n'
        b'Set-Cookie: sessionid=""; expires=Thu, 01 Jan 1970 00:00:00 GMT\r\nVary: Cookie'
    )
    status, headers, cookies = client.parse_head(head)
    assert status == 304
    assert headers["etag"] == '"13.25.ab"' and headers["vary"] == "Cookie"
    assert cookies == {"csrftoken": "abc", "sessionid": '""'}


def test_a_head_that_is_not_http_is_refused() -> None:
    with pytest.raises(ValueError):
        client.parse_head(b"SSH-2.0-OpenSSH\r\n")


def read(data: bytes) -> client.Answer:
    async def go() -> client.Answer:
        reader = asyncio.StreamReader()
        reader.feed_data(data)
        reader.feed_eof()
        return await client.read_answer(reader)

    return asyncio.run(go())


def test_bodies_by_length_chunks_or_none() -> None:
    assert read(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello+next").body == b"hello"
    chunked = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n"
    assert read(chunked).body == b"abcde"
    assert read(b"HTTP/1.1 304 Not Modified\r\nContent-Length: 40\r\n\r\n").body == b""


def test_an_answer_cut_short_is_an_error() -> None:
    with pytest.raises(asyncio.IncompleteReadError):
        read(b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort")


ANSWER = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"


async def serve_then(handle: Callable, requests: list) -> list:
    """Run `requests` (coroutine functions of a pool) against a server on 127.0.0.1 answering with `handle`;
    the answers, then how many connections the pool opened."""
    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    pool = client.Pool(port, 2, timeout=5)
    try:
        return [await request(pool) for request in requests] + [pool.opened]
    finally:
        pool.close()
        server.close()
        await server.wait_closed()


def test_the_pool_keeps_a_connection_alive_for_the_next_request() -> None:
    async def keep_alive(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while await reader.readuntil(b"\r\n\r\n"):
            writer.write(ANSWER)
            await writer.drain()

    async def get(pool: client.Pool) -> int:
        return (await pool.send("GET", "/", {})).status

    *statuses, opened = asyncio.run(serve_then(keep_alive, [get, get, get]))
    assert statuses == [200, 200, 200] and opened == 1


def test_a_kept_connection_the_server_closed_is_replaced_once() -> None:
    """The server answers one request per connection and closes it without saying so (as gunicorn does when
    its keep-alive runs out): the next request goes out again on a new connection."""

    async def one_each(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(ANSWER)
        await writer.drain()
        writer.close()

    async def get(pool: client.Pool) -> bytes:
        return (await pool.send("GET", "/", {})).body

    *bodies, opened = asyncio.run(serve_then(one_each, [get, get]))
    assert bodies == [b"ok", b"ok"] and opened == 2


def test_a_server_that_never_answers_times_out() -> None:
    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read()

    async def get(pool: client.Pool) -> int:
        pool.timeout = 0.05
        return (await pool.send("GET", "/", {})).status

    with pytest.raises(TimeoutError):
        asyncio.run(serve_then(silent, [get]))

"""The load generator's lean HTTP/1.1 client, against real servers on loopback.

A tiny asyncio server whose answers the test controls byte for byte (split heads and bodies, chunked,
`Connection: close`, a body ending with the connection), and the bare FastAPI baseline app under uvicorn
(what the benchmark really talks to).
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from typing import Any

import pytest
import uvloop

from bench.baseline_app import create_app
from bench.http_client import Connection, HTTPError, Pool, build_request
from bench.load import Recorder

HOST = "127.0.0.1"


async def _answer(path: str, body: bytes, writer: asyncio.StreamWriter) -> bool:
    """Write the answer for `path`; False when the connection must be closed afterwards."""
    if path == "/json":
        payload = json.dumps({"path": path, "received": body.decode()}).encode()
        head = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: %d\r\n\r\n" % len(
            payload
        )
        # head and body in separate segments, the body itself split: the parser must wait for all of it
        writer.write(head + payload[:5])
        await writer.drain()
        await asyncio.sleep(0.01)
        writer.write(payload[5:])
        return True
    if path == "/missing":
        payload = b'{"success":false,"error":"not found"}'
        writer.write(b"HTTP/1.1 404 Not Found\r\nContent-Length: %d\r\n\r\n%s" % (len(payload), payload))
        return True
    if path == "/chunked":
        writer.write(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n")
        await writer.drain()
        await asyncio.sleep(0.01)
        writer.write(b"6;ext=1\r\n world\r\n0\r\nX-Trailer: yes\r\n\r\n")
        return True
    if path == "/empty":
        writer.write(b"HTTP/1.1 204 No Content\r\n\r\n")
        return True
    if path == "/close":
        writer.write(b"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 3\r\n\r\nbye")
        return False
    if path == "/until-eof":
        writer.write(b"HTTP/1.1 200 OK\r\n\r\nall of it")
        return False
    if path == "/extra":  # bytes beyond Content-Length: not part of the body, never of the next answer
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabcHTTP/1.1 500 Stale\r\n\r\n")
        return True
    if path == "/drop":
        return False  # close without answering
    raise AssertionError(path)


class TinyServer:
    def __init__(self) -> None:
        self.connections = 0
        self.requests: list[tuple[str, str, bytes]] = []
        self.server: asyncio.Server | None = None
        self.port = 0

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            while True:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except asyncio.IncompleteReadError:
                    return
                lines = head.decode("latin-1").split("\r\n")
                method, path, _ = lines[0].split(" ")
                headers = {k.lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:] if x)}
                body = await reader.readexactly(int(headers.get("content-length", "0")))
                self.requests.append((method, path, body))
                keep = await _answer(path, body, writer)
                await writer.drain()
                if not keep:
                    return
        finally:
            writer.close()

    async def __aenter__(self) -> TinyServer:
        self.server = await asyncio.start_server(self.handle, HOST, 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *_: Any) -> None:
        assert self.server is not None
        self.server.close()


def on_own_loop(coroutine: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    """Runs on uvloop (the load generator's loop) in a thread of its own: the browser tests' sync
    Playwright keeps an event loop running in the main thread for the whole session."""
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["value"] = uvloop.run(coroutine())
        except BaseException as error:
            outcome["error"] = error

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(60)
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def run(test: Callable[[TinyServer], Awaitable[None]]) -> None:
    async def main() -> None:
        async with TinyServer() as server:
            await asyncio.wait_for(test(server), 20)

    on_own_loop(main)


def get(path: str) -> bytes:
    return build_request("GET", path, HOST)


def test_content_length_body_arriving_in_pieces() -> None:
    async def check(server: TinyServer) -> None:
        conn = Connection(HOST, server.port)
        request = build_request("POST", "/json", HOST, {"X-Test": "1"}, json_body={"a": "é"})
        answer = await conn.request(request)
        assert answer.status == 200
        assert answer.headers[b"content-type"] == b"application/json"
        assert answer.json() == {"path": "/json", "received": '{"a":"é"}'}
        assert server.requests == [("POST", "/json", '{"a":"é"}'.encode())]
        conn.close()

    run(check)


def test_keep_alive_reuses_one_connection() -> None:
    async def check(server: TinyServer) -> None:
        conn = Connection(HOST, server.port)
        for path in ("/json", "/chunked", "/missing", "/empty", "/json"):
            await conn.request(get(path))
        assert server.connections == 1
        assert conn.opened == 1
        conn.close()

    run(check)


def test_a_4xx_answer_is_counted_as_an_error_not_a_latency() -> None:
    async def check(server: TinyServer) -> None:
        conn = Connection(HOST, server.port)
        recorder = Recorder()
        assert await recorder.call(conn, "read", get("/missing")) is None
        assert await recorder.call(conn, "read", get("/json")) is True
        assert await recorder.call(conn, "read", get("/json"), decode=True) == {
            "path": "/json",
            "received": "",
        }
        assert recorder.errors == {"read": 1}
        assert len(recorder.latencies["read"]) == 2
        assert server.connections == 1  # an error answer keeps the connection
        conn.close()

    run(check)


def test_chunked_and_empty_bodies() -> None:
    async def check(server: TinyServer) -> None:
        conn = Connection(HOST, server.port)
        chunked = await conn.request(get("/chunked"))
        assert (chunked.status, chunked.body) == (200, b"hello world")
        empty = await conn.request(get("/empty"))
        assert (empty.status, empty.body) == (204, b"")
        after = await conn.request(get("/json"))  # nothing of the trailers left behind
        assert after.json()["path"] == "/json"
        conn.close()

    run(check)


def test_connection_close_and_body_until_eof_reconnect() -> None:
    async def check(server: TinyServer) -> None:
        conn = Connection(HOST, server.port)
        assert (await conn.request(get("/close"))).body == b"bye"
        assert (await conn.request(get("/until-eof"))).body == b"all of it"
        assert (await conn.request(get("/json"))).status == 200
        assert conn.opened == 3
        assert server.connections == 3
        conn.close()

    run(check)


def test_the_body_ends_at_content_length_and_stray_bytes_never_answer_the_next_request() -> None:
    async def check(server: TinyServer) -> None:
        conn = Connection(HOST, server.port)
        extra = await conn.request(get("/extra"))
        assert (extra.status, extra.body) == (200, b"abc")
        await asyncio.sleep(0.05)
        assert (await conn.request(get("/json"))).status == 200
        assert conn.opened == 2  # the stray bytes made the client drop that connection
        conn.close()

    run(check)


def test_a_connection_dropped_without_answer_is_an_error_and_the_next_request_reconnects() -> None:
    async def check(server: TinyServer) -> None:
        conn = Connection(HOST, server.port)
        with pytest.raises(HTTPError):
            await conn.request(get("/drop"))
        recorder = Recorder()
        assert await recorder.call(conn, "x", get("/drop")) is None
        assert recorder.errors == {"x": 1}
        assert (await conn.request(get("/json"))).status == 200
        conn.close()

    run(check)


def test_pool_opens_only_as_many_connections_as_requests_in_flight() -> None:
    async def check(server: TinyServer) -> None:
        pool = Pool(HOST, server.port)
        for _ in range(3):
            answers = await asyncio.gather(*(pool.request(get("/json")) for _ in range(4)))
            assert [a.status for a in answers] == [200] * 4
        assert pool.size == 4
        assert server.connections == 4
        pool.close()

    run(check)


# -- the real thing: the baseline app under uvicorn --------------------------------------------------------
@pytest.fixture
def baseline_port() -> Iterator[int]:
    import uvicorn

    sock = socket.socket()
    sock.bind((HOST, 0))
    port = sock.getsockname()[1]
    app = create_app({"list": {"items": list(range(2000))}, "detail": {"id": "x"}})
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    yield port
    server.should_exit = True
    thread.join(timeout=10)
    sock.close()


def test_against_uvicorn_keep_alive_bodies_and_errors(baseline_port: int) -> None:
    async def check() -> None:
        conn = Connection(HOST, baseline_port)
        recorder = Recorder()
        for _ in range(5):
            listing = await recorder.call(conn, "list", get("/list"), decode=True)
            assert listing == {"items": list(range(2000))}  # ~9 KB: more than one segment
            assert await recorder.call(conn, "detail", get("/detail"), decode=True) == {"id": "x"}
        assert await recorder.call(conn, "nope", get("/nope")) is None
        assert recorder.errors == {"nope": 1}
        assert len(recorder.latencies["list"]) == 5
        assert conn.opened == 1
        conn.close()

    on_own_loop(lambda: asyncio.wait_for(check(), 20))

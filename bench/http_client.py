"""A lean HTTP/1.1 keep-alive client for the load generator (loopback, one connection per worker).

httpx costs a lot of CPU per request, and on a small machine the load generator shares its cores with the
server and PostgreSQL: every cycle it spends is taken from the server being measured. This client does the
least a benchmark needs: requests are bytes built once (`build_request`), an `asyncio.Protocol` collects the
answer, the head is parsed for the status and `Content-Length` (or `Transfer-Encoding: chunked`, or a body
that ends with the connection), and the body is kept as bytes; `Response.json()` decodes only when the caller
needs the answer. No redirects, no cookies, no TLS, no pipelining: one request in flight per connection.

A connection the server closed while idle (uvicorn drops keep-alive connections after 5 s) or after
`Connection: close` is reopened by the next request.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any, cast
from urllib.parse import urlsplit


class HTTPError(Exception):
    """The exchange failed below HTTP status level: connection lost, malformed answer, timeout."""


class Response:
    __slots__ = ("body", "headers", "status")

    def __init__(self, status: int, headers: dict[bytes, bytes], body: bytes) -> None:
        self.status = status
        self.headers = headers  # lower-cased names; the last value of a repeated header
        self.body = body

    @property
    def ok(self) -> bool:
        return self.status < 400

    def json(self) -> Any:
        return json.loads(self.body)


def encode_json(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def build_request(
    method: str,
    path: str,
    host: str,
    headers: Mapping[str, str] | None = None,
    body: bytes | None = None,
    json_body: Any = None,
) -> bytes:
    """The complete bytes of one request; build once, send many times."""
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}"]
    if json_body is not None:
        body = encode_json(json_body)
        lines.append("Content-Type: application/json")
    for name, value in (headers or {}).items():
        lines.append(f"{name}: {value}")
    if body is None and method in ("POST", "PUT", "PATCH"):
        body = b""
    if body is not None:
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + (body or b"")


def _no_body(status: int) -> bool:
    return status < 200 or status in (204, 304)


class _Protocol(asyncio.Protocol):
    """Collects one answer at a time into `waiter`."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.waiter: asyncio.Future[Response] | None = None
        self.closed = False
        # The head of the answer being read: (status, headers, body start, length or -1 chunked / -2 to EOF)
        self.head: tuple[int, dict[bytes, bytes], int, int] | None = None

    # -- transport callbacks --
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # uvloop's TCP transport has the Transport methods without subclassing asyncio.Transport.
        self.transport = cast(asyncio.Transport, transport)

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if self.waiter is not None:
            try:
                self._parse()
            except HTTPError as error:
                self._fail(error)

    def eof_received(self) -> bool:
        self._end()
        return False  # close the transport

    def connection_lost(self, exc: Exception | None) -> None:
        self._end(exc)

    # -- parsing --
    def _end(self, exc: Exception | None = None) -> None:
        self.closed = True
        waiter = self.waiter
        if waiter is None or waiter.done():
            return
        if self.head is not None and self.head[3] == -2:  # the body ends with the connection
            status, headers, start, _ = self.head
            self._deliver(Response(status, headers, bytes(self.buffer[start:])), len(self.buffer))
            return
        self._fail(HTTPError(f"connection closed before a complete answer ({exc!r})"))

    def _fail(self, error: Exception) -> None:
        self.closed = True
        if self.transport is not None:
            self.transport.close()
        waiter, self.waiter = self.waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_exception(error)

    def _deliver(self, response: Response, consumed: int) -> None:
        del self.buffer[:consumed]
        self.head = None
        if response.headers.get(b"connection", b"").lower() == b"close":
            self.closed = True
            if self.transport is not None:
                self.transport.close()
        waiter, self.waiter = self.waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_result(response)

    def _parse(self) -> None:
        head = self.head
        buffer = self.buffer
        if head is None:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                if len(buffer) > 65536:
                    raise HTTPError("answer head larger than 64 KB")
                return
            lines = bytes(buffer[:end]).split(b"\r\n")
            status_line = lines[0]
            if not status_line.startswith(b"HTTP/1.") or len(status_line) < 12:
                raise HTTPError(f"not an HTTP/1.x status line: {status_line[:80]!r}")
            try:
                status = int(status_line[9:12])
            except ValueError:
                raise HTTPError(f"bad status line: {status_line[:80]!r}") from None
            headers: dict[bytes, bytes] = {}
            for line in lines[1:]:
                name, sep, value = line.partition(b":")
                if not sep:
                    raise HTTPError(f"bad header line: {line[:80]!r}")
                headers[name.strip().lower()] = value.strip()
            if _no_body(status):
                length = 0
            elif b"chunked" in headers.get(b"transfer-encoding", b"").lower():
                length = -1
            elif b"content-length" in headers:
                try:
                    length = int(headers[b"content-length"])
                except ValueError:
                    raise HTTPError("bad Content-Length") from None
            else:
                length = -2
            head = self.head = (status, headers, end + 4, length)
        status, headers, start, length = head
        if length >= 0:
            if len(buffer) >= start + length:
                self._deliver(
                    Response(status, headers, bytes(buffer[start : start + length])), start + length
                )
        elif length == -1:
            parsed = _dechunk(buffer, start)
            if parsed is not None:
                body, consumed = parsed
                self._deliver(Response(status, headers, body), consumed)


def _dechunk(buffer: bytearray, at: int) -> tuple[bytes, int] | None:
    """The chunked body from `at`: (body, bytes consumed through the trailers), or None if incomplete."""
    parts: list[bytes] = []
    while True:
        line_end = buffer.find(b"\r\n", at)
        if line_end < 0:
            return None
        size_text = bytes(buffer[at:line_end]).split(b";")[0].strip()
        try:
            size = int(size_text, 16)
        except ValueError:
            raise HTTPError(f"bad chunk size {size_text[:20]!r}") from None
        at = line_end + 2
        if size == 0:
            while True:  # trailers, up to an empty line
                line_end = buffer.find(b"\r\n", at)
                if line_end < 0:
                    return None
                empty = line_end == at
                at = line_end + 2
                if empty:
                    return b"".join(parts), at
        if len(buffer) < at + size + 2:
            return None
        parts.append(bytes(buffer[at : at + size]))
        at += size + 2


class Connection:
    """One keep-alive connection; one request at a time. Reopens itself when the server closed it."""

    def __init__(self, host: str, port: int, timeout: float = 30.0) -> None:
        self.host = host
        self.port = port
        self.timeout = timeout
        self.opened = 0  # connections opened so far (1 when keep-alive held throughout)
        self._protocol: _Protocol | None = None

    async def _connect(self) -> _Protocol:
        loop = asyncio.get_running_loop()
        _, protocol = await asyncio.wait_for(
            loop.create_connection(_Protocol, self.host, self.port), self.timeout
        )
        self.opened += 1
        self._protocol = protocol
        return protocol

    async def request(self, data: bytes) -> Response:
        """Send the bytes of one request (see `build_request`) and answer the response."""
        protocol = self._protocol
        if protocol is None or protocol.closed or protocol.buffer:
            if protocol is not None and protocol.transport is not None:
                protocol.transport.close()
            protocol = await self._connect()
        assert protocol.transport is not None
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[Response] = loop.create_future()
        protocol.waiter = waiter
        protocol.transport.write(data)
        timer = loop.call_later(self.timeout, protocol._fail, HTTPError(f"no answer in {self.timeout}s"))
        try:
            return await waiter
        finally:
            timer.cancel()

    def close(self) -> None:
        if self._protocol is not None and self._protocol.transport is not None:
            self._protocol.transport.close()
        self._protocol = None


class Pool:
    """Connections handed out one request at a time (for open-loop load); grows to the concurrency used."""

    def __init__(self, host: str, port: int, timeout: float = 30.0) -> None:
        self.host, self.port, self.timeout = host, port, timeout
        self._idle: list[Connection] = []
        self._all: list[Connection] = []

    async def request(self, data: bytes) -> Response:
        if self._idle:
            connection = self._idle.pop()
        else:
            connection = Connection(self.host, self.port, self.timeout)
            self._all.append(connection)
        try:
            return await connection.request(data)
        finally:
            self._idle.append(connection)

    @property
    def size(self) -> int:
        return len(self._all)

    def close(self) -> None:
        for connection in self._all:
            connection.close()


def host_port(base_url: str) -> tuple[str, int]:
    """("127.0.0.1", 8000) from "http://127.0.0.1:8000"; plain HTTP only."""
    parts = urlsplit(base_url)
    if parts.scheme != "http" or not parts.hostname:
        raise ValueError(f"plain http://host:port only, not {base_url!r}")
    return parts.hostname, parts.port or 80


def host_header(base_url: str) -> str:
    return urlsplit(base_url).netloc

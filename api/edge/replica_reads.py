"""Reads from the read models' hot standby (READ_REPLICA_URL), each caller still reading its own writes.

A GET's read-model queries go to the standby; every other request (a command) reads and writes the primary.
A command's answer carries a cookie with the primary's WAL position once it has run (past its events, and
past the read models' rows it waited for): that caller's next read waits, bounded, for the standby to have
replayed that far, else reads the primary (infrastructure/read_db.py, `ReadRoute`). Any worker can take the
next read: the position travels with the caller. For callers that keep no cookie (API keys, scripts) it is
also kept by account and told to every worker, as the accounts' unshown writes are (api/bootstrap.py).
"""

from __future__ import annotations

import asyncio
import logging

from starlette.types import Message, Receive, Scope, Send

from api.bootstrap import Services
from api.edge.http_middleware import HttpMiddleware
from infrastructure.read_db import ReadRoute, routed

log = logging.getLogger(__name__)

COOKIE = "freight_wal"
# Long enough for any standby that is not broken; after it the caller reads as anyone does.
COOKIE_SECONDS = 3600
READING = frozenset({"GET", "HEAD"})


def written_position(scope: Scope) -> int:
    """The caller's last write as the cookie says (0: none, or not a number)."""
    for name, value in scope["headers"]:
        if name != b"cookie":
            continue
        for part in value.decode("latin-1").split(";"):
            key, _, text = part.strip().partition("=")
            if key == COOKIE and text.isdigit() and len(text) < 20:
                return int(text)
    return 0


class ReplicaReads(HttpMiddleware):
    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        services: Services = scope["app"].state.services
        reading = scope["method"] in READING
        route = ReadRoute(after=written_position(scope), primary=not reading)
        if reading:
            with routed(route):
                await self.app(scope, receive, send)
            return

        async def remembering(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] < 400:
                loop = asyncio.get_running_loop()
                try:
                    if route.caller is None:
                        position = await loop.run_in_executor(None, services.wal_position)
                    else:
                        position = await loop.run_in_executor(None, services.wrote_wal, route.caller)
                except Exception:  # the write stands; only the caller's next read may miss it on the standby
                    log.warning("could not read the primary's WAL position after a write", exc_info=True)
                else:
                    cookie = f"{COOKIE}={position}; Path=/; Max-Age={COOKIE_SECONDS}; HttpOnly; SameSite=Lax"
                    headers = [*message["headers"], (b"set-cookie", cookie.encode())]
                    message = {**message, "headers": headers}
            await send(message)

        with routed(route):
            await self.app(scope, receive, remembering)

"""/events/api/v1/stream: server-sent events, one small notice per change the user may see.

EventSource cannot send headers, so the stream also takes the `token` cookie the web app keeps. Each
notice is `data: {"kind", "id", "reference", "position"}` with the position as the event id, so a browser
that reconnects (sending Last-Event-ID) is told what it missed; a `: ping` comment every 15 s keeps
proxies from closing a quiet stream.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response, StreamingResponse

from api.edge.identity import identify
from api.edge.security import Principal
from api.live import LiveFeed
from api.openapi import operation_ids
from api.schemas.envelope import error_responses
from domain.shared.errors import Unauthorized

router = APIRouter(
    prefix="/events/api/v1", tags=["events"], generate_unique_id_function=operation_ids("events")
)

PING_SECONDS = 15.0
# An open stream asks this often whether its session is still alive (and ends when it is not, or at once
# when its token expires).
SESSION_CHECK_SECONDS = 1.0


async def stream_reader(request: Request) -> Principal:
    """Who opens the stream: the one identity check (api/edge/identity.py), taking the `token` cookie too."""
    return await identify(request, cookie=True)


def feed_of(request: Request) -> LiveFeed:
    feed: LiveFeed | None = getattr(request.app.state, "live_feed", None)
    if feed is None:
        feed = request.app.state.live_feed = LiveFeed(request.app.state.services)
    return feed


def _last_event_id(request: Request) -> int | None:
    text = request.headers.get("last-event-id", "").strip()
    return int(text) if text.isdigit() else None


@router.get(
    "/stream",
    response_class=StreamingResponse,
    responses={
        200: {"content": {"text/event-stream": {"schema": {"type": "string"}}}},
        **error_responses(401),
    },
)
async def stream(request: Request, principal: Annotated[Principal, Depends(stream_reader)]) -> Response:
    feed = feed_of(request)
    subscriber = await feed.subscribe(principal, _last_event_id(request))

    sessions = request.app.state.services.sessions

    async def alive() -> bool:
        """Whether the session still holds, the reader's place in his team read again with it (one statement,
        the session check every request makes): a removed member's stream ends, a role change counts."""
        if time.time() >= principal.expires_at:
            return False
        try:
            subscriber.principal = await asyncio.get_running_loop().run_in_executor(
                None, sessions.check_member, principal
            )
        except Unauthorized:
            return False
        return True

    async def notices() -> AsyncIterator[str]:
        loop = asyncio.get_running_loop()
        next_ping = loop.time() + PING_SECONDS
        try:
            yield ": connected\n\n"
            while True:
                if not await alive():
                    return  # the token expired or the session ended (new password, reset, log-out everywhere)
                try:
                    until_expiry = principal.expires_at - time.time()
                    wait = min(SESSION_CHECK_SECONDS, until_expiry, next_ping - loop.time())
                    change = await asyncio.wait_for(subscriber.queue.get(), max(wait, 0.01))
                except TimeoutError:
                    if loop.time() >= next_ping:
                        next_ping = loop.time() + PING_SECONDS
                        yield ": ping\n\n"
                    continue
                if subscriber.waits_for_role(change):
                    # Read the role now (one statement per such notice: a staff decision on the company's
                    # profile edit, to each colleague's open stream), not as it was up to a second ago.
                    if not await alive():
                        return
                    if not subscriber.may_see(change):
                        continue
                notice = change.wire()
                yield f"id: {notice['position']}\ndata: {json.dumps(notice, separators=(',', ':'))}\n\n"
        finally:
            feed.unsubscribe(subscriber)

    return StreamingResponse(
        notices(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )

"""Refuses oversized request bodies before anything reads them (413 envelope)."""

from __future__ import annotations

import json

from fastapi import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.edge.http_middleware import HttpMiddleware

MAX_BODY_BYTES = 1024 * 1024


def _envelope() -> bytes:
    body = {
        "isSuccess": False,
        "isError": True,
        "error": {"description": "Request body too large"},
        "response": None,
    }
    return json.dumps(body).encode()


class BodyLimit(HttpMiddleware):
    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES) -> None:
        super().__init__(app)
        self.max_bytes = max_bytes

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._refuse(send)
            return
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise _TooLarge()
            return message

        try:
            await self.app(scope, limited_receive, send)
        except _TooLarge:
            await self._refuse(send)

    @staticmethod
    async def _refuse(send: Send) -> None:
        body = _envelope()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


class _TooLarge(HTTPException):
    """Raised from `receive` while a route (or the input screen) reads the body. An HTTPException, so the
    body parsing of FastAPI passes it on as it is (it turns any other error into a 400) and the error
    handlers answer it as the 413 envelope."""

    def __init__(self) -> None:
        super().__init__(413, "Request body too large")

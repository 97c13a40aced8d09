"""Headers every answer carries, whatever produced it (a route, an error handler, a static file, a 413).

The policy fits the built web app: scripts, styles and connections from its own origin only (Vite emits no
inline script; the report page links its stylesheet), images also as `data:` (the favicon) and `blob:` (a
downloaded template), frames only of its own pages (the report iframe), and no framing by other sites.

An answer that says nothing of caching (the API's JSON, the envelope's and the DCSA doors', a 500) says
`Cache-Control: private, no-store`, as a download does (decision 3915): it is about someone, and a browser
must not keep it past a log-out. Here, outside the error middleware, it is one header per answer wherever
the answer was built (a route, the hot reads' fast path, an error handler); the answers that name their own
(the web app's files, the event stream, the docs page, the downloads) keep it.
"""

from __future__ import annotations

from starlette.types import Message, Receive, Scope, Send

from api.edge.downloads import NOT_KEPT
from api.edge.http_middleware import HttpMiddleware

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "frame-src 'self'",
        "frame-ancestors 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    )
)

HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    # The e-mailed links carry a token in their query: no page sends its address to anybody.
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"SAMEORIGIN"),  # frame-ancestors for browsers that predate it
)
# Over https only (directly, or as a trusted proxy says: api/edge/forwarded.py has set the scheme by now): a
# browser that saw it keeps to https for two years; plain http never carries it (RFC 6797 section 7.2).
# Not for subdomains: they may be other services of whoever runs the portal.
STRICT_TRANSPORT = (b"strict-transport-security", b"max-age=63072000")
_NAMES = {name for name, _ in (*HEADERS, STRICT_TRANSPORT)}
CACHE_CONTROL = b"cache-control"
NOT_KEPT_HEADER = (CACHE_CONTROL, NOT_KEPT.encode())


class SecurityHeaders(HttpMiddleware):
    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        added = (*HEADERS, STRICT_TRANSPORT) if scope.get("scheme") == "https" else HEADERS

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in _NAMES]
                if not any(k.lower() == CACHE_CONTROL for k, _ in kept):
                    kept.append(NOT_KEPT_HEADER)
                message["headers"] = [*kept, *added]
            await send(message)

        await self.app(scope, receive, with_headers)

"""Posting one booking notification to a callback URL, signed by the Standard Webhooks scheme.

Headers (https://www.standardwebhooks.com): `webhook-id` (the notification's stable id, the receiver's
deduplication key), `webhook-timestamp` (Unix seconds) and `webhook-signature`: `v1,<base64 HMAC-SHA256 of
"{id}.{timestamp}.{body}">` under the subscription's `whsec_` secret, one per secret, space-separated (two
while a rotated secret's overlap lasts). The receiver verifies with any Standard Webhooks library.

Where it connects: the host is resolved once, every address it resolves to must be globally routable
(`domain/integrations/callback_address.py`), and the connection goes to exactly the address checked (no second
look-up that DNS rebinding could answer differently); the host name is kept for TLS (SNI, certificate) and
`Host`. Redirects are not followed. Local addresses pass only when allowed (tests, development).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import http.client
import socket
import ssl
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from ipaddress import ip_address
from urllib.parse import urlsplit

from domain.integrations.callback_address import internal_name, is_public, literal_address, looks_numeric

TIMEOUT = 10.0
NOT_PUBLIC = "The callback resolves to an address that is not public"
INTERNAL = "The callback names an internal host"

# host, port -> the addresses it names; address, port, timeout -> a connected socket.
Resolver = Callable[[str, int], list[str]]
Connector = Callable[[str, int, float], socket.socket]


def resolve(host: str, port: int) -> list[str]:
    literal = literal_address(host)
    if literal is not None:
        return [str(literal)]
    found = socket.getaddrinfo(host.rstrip("."), port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    return list(dict.fromkeys(str(info[4][0]) for info in found))


def connect(address: str, port: int, timeout: float) -> socket.socket:
    return socket.create_connection((address, port), timeout=timeout)


def refused(host: str, addresses: Sequence[str]) -> str | None:
    """Why a host that resolved to `addresses` may not be sent to (None: it may)."""
    if literal_address(host) is None and (looks_numeric(host) or internal_name(host)):
        return INTERNAL
    if not addresses:
        return "The callback's host has no address"
    if not all(is_public(ip_address(a.split("%", 1)[0])) for a in addresses):
        return NOT_PUBLIC
    return None


def signature(secrets: Sequence[str], message_id: str, timestamp: int, body: bytes) -> str:
    """Standard Webhooks: one `v1,<base64>` per secret (`whsec_<base64 key>`), space-separated."""
    signed = f"{message_id}.{timestamp}.".encode() + body
    marks = []
    for secret in secrets:
        key = base64.b64decode(secret.removeprefix("whsec_") + "==")
        marks.append("v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode())
    return " ".join(marks)


@dataclass(frozen=True)
class Attempt:
    status: int | None  # the HTTP status answered, None when none was
    error: str | None

    @property
    def delivered(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


class _Pinned(http.client.HTTPConnection):
    """An HTTP(S) connection to a socket opened beforehand: `host` stays the name (for `Host`)."""

    def __init__(
        self, host: str, port: int, opened: Callable[[], socket.socket], timeout: float, secure: bool
    ) -> None:
        super().__init__(host, port, timeout=timeout)
        self.default_port = 443 if secure else 80  # `Host` names the port only when it is not the default
        self._opened = opened

    def connect(self) -> None:
        self.sock = self._opened()


# Where a booking notification goes (DCSA Booking 2.0.5's callback path after the subscription's URL); a
# TNT 3.0 consumer body goes to the callback URL itself (`endpoint=""`).
BOOKING_NOTIFICATIONS = "/v2/booking-notifications"


def post_notification(
    url: str,
    body: bytes,
    secrets: Sequence[str],
    message_id: str,
    timestamp: int,
    allow_local: bool,
    resolver: Resolver = resolve,
    connector: Connector = connect,
    timeout: float = TIMEOUT,
    endpoint: str = BOOKING_NOTIFICATIONS,
    api_version: str = "2.0.5",
) -> Attempt:
    """POST the body to the callback's `endpoint` (a path after the callback URL's own), signed."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    secure = parts.scheme == "https"
    if not allow_local and literal_address(host) is None and (looks_numeric(host) or internal_name(host)):
        return Attempt(None, INTERNAL)  # refused before any DNS is asked
    try:
        port = parts.port or (443 if secure else 80)
        addresses = resolver(host, port)
    except (OSError, ValueError, UnicodeError) as error:
        return Attempt(None, f"The callback's host could not be resolved: {type(error).__name__}"[:500])
    reason = None if allow_local else refused(host, addresses)
    if reason is not None or not addresses:
        return Attempt(None, reason or "The callback's host has no address")
    address = addresses[0]
    base = parts.path.rstrip("/") if endpoint else parts.path or "/"
    path = base + endpoint + (f"?{parts.query}" if parts.query else "")

    def opened() -> socket.socket:
        raw = connector(address, port, timeout)
        if not secure:
            return raw
        return ssl.create_default_context().wrap_socket(raw, server_hostname=host)

    connection = _Pinned(host, port, opened, timeout, secure)
    try:
        connection.request(
            "POST",
            path,
            body=body,
            headers={
                "Content-Type": "application/json",
                "API-Version": api_version,
                "webhook-id": message_id,
                "webhook-timestamp": str(timestamp),
                "webhook-signature": signature(secrets, message_id, timestamp, body),
            },
        )
        status = connection.getresponse().status
    except (OSError, http.client.HTTPException) as error:
        return Attempt(None, f"{type(error).__name__}: {error}"[:500])
    finally:
        connection.close()
    return Attempt(status, None if 200 <= status < 300 else f"HTTP {status}")

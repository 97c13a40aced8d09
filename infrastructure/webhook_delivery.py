"""Sending one booking notification to a callback URL, signed.

Headers: `Webhook-Id` (the notification's stable id, for the receiver's deduplication), `Webhook-Timestamp`
(Unix seconds) and `Webhook-Signature: v1=<hex HMAC-SHA256 of "{timestamp}.{body}" with the subscription's
secret>`; the receiver recomputes it and should refuse timestamps far from its clock (replays).
Redirects are not followed, and unless local addresses are allowed (tests, development) a callback whose
name resolves to a loopback or private address is refused at every attempt, not only when it was registered.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

TIMEOUT = 10.0


def signature(secret: str, timestamp: int, body: bytes) -> str:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"v1={mac}"


@dataclass(frozen=True)
class Attempt:
    status: int | None  # the HTTP status answered, None when none was
    error: str | None

    @property
    def delivered(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


def _resolves_local(host: str, port: int) -> bool:
    for *_, address in socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP):
        ip = ipaddress.ip_address(address[0])
        if ip.is_loopback or ip.is_private or ip.is_link_local or ip.is_unspecified:
            return True
    return False


def post_notification(
    url: str, body: bytes, secret: str, event_id: str, timestamp: int, allow_local: bool
) -> Attempt:
    parts = urlsplit(url)
    host = parts.hostname or ""
    secure = parts.scheme == "https"
    port = parts.port or (443 if secure else 80)
    path = parts.path.rstrip("/") + "/v2/booking-notifications" + (f"?{parts.query}" if parts.query else "")
    try:
        if not allow_local and _resolves_local(host, port):
            return Attempt(None, "The callback resolves to a local address")
        kind = http.client.HTTPSConnection if secure else http.client.HTTPConnection
        connection = kind(host, port, timeout=TIMEOUT)
        try:
            connection.request(
                "POST",
                path,
                body=body,
                headers={
                    "Content-Type": "application/json",
                    "API-Version": "2.0.5",
                    "Webhook-Id": event_id,
                    "Webhook-Timestamp": str(timestamp),
                    "Webhook-Signature": signature(secret, timestamp, body),
                },
            )
            status = connection.getresponse().status
        finally:
            connection.close()
    except (OSError, http.client.HTTPException) as error:
        return Attempt(None, f"{type(error).__name__}: {error}"[:500])
    return Attempt(status, None if 200 <= status < 300 else f"HTTP {status}")

"""One-time codes and reset tokens: derived from the server secret and their event, never stored.

An event stores only the SHA-256 of its code or token; whoever holds the secret (the messaging policy)
recomputes
the clear value from the event's originator id and version to write the SMS or e-mail.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from uuid import UUID

CODE_DIGITS = 5


def _mac(secret: str, message: str) -> bytes:
    return hmac.new(secret.encode(), message.encode(), hashlib.sha256).digest()


def verification_code(secret: str, registration_id: UUID | str, version: int) -> str:
    number = int.from_bytes(_mac(secret, f"code:{registration_id}:{version}")[:8], "big")
    return f"{number % 10**CODE_DIGITS:0{CODE_DIGITS}d}"


def reset_token(secret: str, account_id: UUID | str, version: int) -> str:
    return base64.urlsafe_b64encode(_mac(secret, f"reset:{account_id}:{version}")).decode().rstrip("=")


def digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def matches(value: str, stored_digest: str | None) -> bool:
    """Constant-time comparison of a presented value with a stored digest."""
    if not stored_digest:
        return False
    return hmac.compare_digest(digest(value), stored_digest)

"""Sealing the webhook signing secrets: AES-256-GCM under a key of the server's own.

The key is `WEBHOOK_SECRETS_KEY` (base64 of 32 bytes) or, when that is not set, one made at random once and
kept in `VAR_DIR/webhook-secrets-key` (mode 0600; the API and the followers share VAR_DIR). It is not
derived from `JWT_SECRET`, so changing that one leaves every subscription's secret as it was.
"""

from __future__ import annotations

import base64
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

_PREFIX = "aesgcm1:"
_CONTEXT = b"freight webhook secret"


class SecretBox:
    def __init__(self, key: bytes) -> None:
        if len(key) != 32:
            raise ValueError("the webhook secrets key must be 32 bytes")
        self._aead = AESGCM(key)

    def seal(self, secret: str) -> str:
        nonce = secrets.token_bytes(12)
        sealed = self._aead.encrypt(nonce, secret.encode(), _CONTEXT)
        return _PREFIX + base64.b64encode(nonce + sealed).decode()

    def open(self, sealed: str) -> str:
        raw = base64.b64decode(sealed.removeprefix(_PREFIX))
        return self._aead.decrypt(raw[:12], raw[12:], _CONTEXT).decode()


def box_key(configured: str | None, var_dir: Path, name: str = "webhook-secrets-key") -> bytes:
    """The configured key, else the one kept under `var_dir` (made once, 0600; a second process starting at
    the same moment reads the first one's)."""
    if configured:
        return base64.b64decode(configured)
    path = var_dir / name
    if not path.exists():
        var_dir.mkdir(parents=True, exist_ok=True)
        # Written whole under a name of its own, then linked into place: never seen half-written.
        draft = var_dir / f".{name}.{secrets.token_hex(8)}"
        descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(base64.b64encode(secrets.token_bytes(32)).decode())
        try:
            os.link(draft, path)
        except FileExistsError:
            pass  # another process made it first: use theirs
        finally:
            draft.unlink()
    return base64.b64decode(path.read_text().strip())

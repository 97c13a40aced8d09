"""What every kind of key has in common (a customer's API key, a publisher's key): 256 random bits behind a
prefix naming its kind, recorded only as its SHA-256 (a plain hash is enough for so random a secret), a hint
of its first characters so its owner can tell keys apart, and a label."""

from __future__ import annotations

import hashlib
import secrets

from domain.shared.errors import ValidationFailed

LABEL_LENGTH = 100


class KeyKind:
    """A kind of key, told apart by its prefix without a lookup."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def new(self) -> str:
        return self.prefix + secrets.token_urlsafe(32)

    def looks_like(self, text: str) -> bool:
        return text.startswith(self.prefix)

    def hint(self, key: str) -> str:
        """The first characters after the prefix."""
        return key[: len(self.prefix) + 6]

    def issue(self, label: str) -> tuple[str, dict[str, str]]:
        """A new key, and what is recorded of it: its label (checked), its SHA-256 and its hint. The clear key
        is answered once, never recorded."""
        text = key_label(label)
        key = self.new()
        return key, {"label": text, "key_hash": digest(key), "hint": self.hint(key)}


def digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def key_label(label: str) -> str:
    text = label.strip()
    if not text:
        raise ValidationFailed({"label": "This field is required."})
    if len(text) > LABEL_LENGTH:
        raise ValidationFailed({"label": f"Label must be at most {LABEL_LENGTH} characters"})
    return text

"""A secret key as its owner's list shows it (a customer's API key, staff's tracking publisher key)."""

from __future__ import annotations

from api.schemas.wire_model import WireModel


class KeyListing(WireModel):
    id: str
    label: str
    hint: str  # the key's first characters, to tell keys apart
    created_at: str
    revoked_at: str | None

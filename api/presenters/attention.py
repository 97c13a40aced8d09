"""The staff-only `needsAttention` of a row (api/schemas/attention.py) from projections/attention.py."""

from __future__ import annotations

from typing import Any

from api.presenters.keys import keys_of
from api.schemas.attention import NeedsAttention
from projections.attention import Attention

ATTENTION = keys_of(NeedsAttention)


def needs_attention(attention: Attention | None) -> dict[str, Any] | None:
    if attention is None:
        return None
    return {
        ATTENTION["parked_events"]: len(attention.positions),
        ATTENTION["positions"]: list(attention.positions),
        ATTENTION["since"]: attention.since.replace("+00:00", "Z"),
    }

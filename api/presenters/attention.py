"""The staff-only `needsAttention` of a row (api/schemas/attention.py) from projections/attention.py."""

from __future__ import annotations

from typing import Any

from projections.attention import Attention


def needs_attention(attention: Attention | None) -> dict[str, Any] | None:
    if attention is None:
        return None
    return {
        "parkedEvents": len(attention.positions),
        "positions": list(attention.positions),
        "since": attention.since.replace("+00:00", "Z"),
    }

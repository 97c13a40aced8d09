"""The staff-only mark of a row whose record needs attention (projections/attention.py)."""

from __future__ import annotations

from api.schemas.wire_model import WireModel


class NeedsAttention(WireModel):
    """Changes to this record that the screens could not take in (parked events): what the row shows may be
    behind. An operator retries them once fixed, or skips them with a reason (`freight dead-letters`)."""

    # How many changes, and their positions in the event store (what `freight dead-letters` names).
    parked_events: int
    positions: list[int]
    # When the earliest of them was first tried (ISO 8601, UTC).
    since: str

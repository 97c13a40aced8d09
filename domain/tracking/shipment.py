"""When a booking's cargo was received and when it was shipped on board at its port of loading, from its
tracking events: the dates a bill of lading carries (decision 3855). Pure: the events are the tracking read
model's rows, `body` decoded, not withdrawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from domain.tracking.position import Departure, departure, instant, port_of

# The standard's milestones a bill of lading is dated by (actual ones only).
RECEIVED = ("EQUIPMENT", "GTIN")
LOADED = ("EQUIPMENT", "LOAD")
DEPARTED = ("TRANSPORT", "DEPA")
MILESTONES = (RECEIVED, LOADED, DEPARTED)


@dataclass(frozen=True)
class Shipment:
    """The dates (YYYY-MM-DD, as the publisher wrote the day at the port) of the booking's cargo at its port
    of loading; None until tracking says so."""

    received: str | None  # the last of its containers gated in, once every one of them had
    on_board: str | None  # the last of them loaded, once every one had; else the day its vessel left
    departed: Departure | None


def _last_of_each(
    events: list[dict[str, Any]], kind: tuple[str, str], port: str, containers: set[str]
) -> str | None:
    """The day the last of `containers` met its first actual `kind` at `port` (or at a place the publisher did
    not name), once each of them has; None before, or with no container named."""
    first: dict[str, str] = {}
    for event in events:
        number = event.get("equipment_reference")
        if (
            (event["event_type"], event["event_subtype"], event["classifier"]) == (*kind, "ACT")
            and number in containers
            and port_of(event["body"]) in (None, port)
        ):
            at = str(event["body"]["eventDateTime"])
            first[number] = min(first.get(number, at), at, key=instant)
    if not containers or set(first) != containers:
        return None
    return max(first.values(), key=instant)[:10]


def shipment(events: Iterable[dict[str, Any]], load_port: str, containers: Iterable[str]) -> Shipment:
    """What tracking says of the cargo of these `containers` (the order's numbers) at `load_port`."""
    rows = list(events)
    numbers = {c for c in containers if c}
    left = departure(rows, load_port)
    loaded = _last_of_each(rows, LOADED, load_port, numbers)
    return Shipment(
        received=_last_of_each(rows, RECEIVED, load_port, numbers),
        on_board=loaded or (left.at[:10] if left else None),
        departed=left,
    )

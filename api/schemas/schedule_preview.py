"""The wire shape of what a publication, or a service's removal, would change: the answer of the dry run
staff read before they publish or remove."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from api.schemas.sailings import SailingView, sailing_view
from api.schemas.wire_model import WireAnswer
from domain.booking.schedule_changes import PastTime, SailingChange, ScheduleChanges
from domain.booking.schedules import ServiceScheduleValues
from domain.shared.moments import written_utc


class TouchedBooking(WireAnswer):
    """A booking made for a sailing the change adds, moves or removes."""

    rate_request_id: str
    reference: str | None
    customer_name: str


class SailingChangeView(WireAnswer):
    """A sailing as published now (`before`, null when added) and as it would be (`after`, null when
    removed), with the bookings made for it."""

    before: SailingView | None
    after: SailingView | None
    bookings: list[TouchedBooking]


class ScheduleWarning(WireAnswer):
    """Something to look at before publishing that does not stop it: `path` is the JSON path of the
    publication's call (as in a 400's fields), `at` the UTC time it is about."""

    kind: str  # pastTime: a call's time is already past; bookingsOnRemoved: bookings lose their sailing
    path: str
    message: str
    at: str | None = None


class ServiceChange(WireAnswer):
    service_code: str
    service_name: str
    # new: not published before; changed / unchanged: published before; removed: taken off.
    change: str


class SchedulePreview(WireAnswer):
    """What publishing (or removing) would do; nothing is stored. `touchedBookings`: how many bookings a
    moved or removed sailing touches (moved ones are told when it is published; removed ones keep their
    sailing as recorded, for staff to name another)."""

    services: list[ServiceChange]
    added: list[SailingChangeView]
    moved: list[SailingChangeView]
    removed: list[SailingChangeView]
    unchanged: int
    touched_bookings: int
    warnings: list[ScheduleWarning]


def _view(change: SailingChange, booking: Callable[[str], TouchedBooking]) -> SailingChangeView:
    return SailingChangeView(
        before=SailingView(**sailing_view(change.before)) if change.before else None,
        after=SailingView(**sailing_view(change.after)) if change.after else None,
        bookings=[booking(b) for b in change.bookings],
    )


def _past(past: PastTime, positions: dict[str, int]) -> ScheduleWarning:
    where = f" at {past.port}" if past.port else ""
    return ScheduleWarning(
        kind="pastTime",
        path=f"$[{positions.get(past.service_code, 0)}].vesselSchedules[{past.vessel_index}]"
        f".transportCalls[{past.call_index}]",
        message=f"Service {past.service_code}: the call{where} has a time already past"
        f" ({written_utc(past.at)})",
        at=past.at,
    )


def schedule_preview(
    changes: ScheduleChanges,
    current: dict[str, ServiceScheduleValues | None],
    proposed: dict[str, ServiceScheduleValues | None],
    booking: Callable[[str], TouchedBooking],
) -> dict[str, Any]:
    """The answer (`booking`: a touched booking's reference and customer by id)."""
    services = []
    for code, after in proposed.items():
        before = current.get(code)
        named = after or before
        if after is None:
            change = "removed"
        elif before is None:
            change = "new"
        else:
            change = "unchanged" if before.to_record() == after.to_record() else "changed"
        name = named.service_name if named else code
        services.append(ServiceChange(service_code=code, service_name=name, change=change))
    positions = {code: i for i, code in enumerate(proposed)}
    warnings = [_past(p, positions) for p in changes.past]
    stranded = sorted({b for c in changes.removed for b in c.bookings})
    if stranded:
        warnings.append(
            ScheduleWarning(
                kind="bookingsOnRemoved",
                path="$",
                message=f"{len(stranded)} booking(s) are made for sailings this removes: they keep their"
                " sailing as recorded until staff name another",
            )
        )
    touched = {b for c in changes.moved + changes.removed for b in c.bookings}
    return SchedulePreview(
        services=services,
        added=[_view(c, booking) for c in changes.added],
        moved=[_view(c, booking) for c in changes.moved],
        removed=[_view(c, booking) for c in changes.removed],
        unchanged=changes.unchanged,
        touched_bookings=len(touched),
        warnings=warnings,
    ).model_dump()

"""What a publication (or a service's removal) would change, before it is made: the sailings it adds, moves
and removes, the bookings each touches, and the times it names that are already past.

Pure: the caller gives the schedules as published now, the ones proposed (None: the service removed) and the
bookings on those services; `publish_schedules` makes the same comparison (`rescheduled_sailings`) when it
records the moves, so what the preview calls moved is what publishing moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from domain.booking.schedules import Sailing, ServiceScheduleValues, rescheduled_sailings, utc_text

# A sailing is one vessel's pair of calls on a service.
_Key = tuple[str, str, str]


def _key(sailing: Sailing) -> _Key:
    return (sailing.service_code, sailing.load_call_reference, sailing.discharge_call_reference)


@dataclass(frozen=True)
class SailingChange:
    """One sailing added, moved or removed; `before`/`after` as published now and as proposed."""

    before: Sailing | None
    after: Sailing | None
    bookings: tuple[str, ...] = ()  # the ids of the bookings made for this sailing

    @property
    def sailing(self) -> Sailing:
        found = self.after or self.before
        assert found is not None
        return found


@dataclass(frozen=True)
class PastTime:
    """A time of a proposed schedule that is already past (a stale file, a wrong year)."""

    service_code: str
    vessel_index: int
    call_index: int
    port: str | None
    at: str  # UTC ISO text


@dataclass
class ScheduleChanges:
    added: list[SailingChange] = field(default_factory=list)
    moved: list[SailingChange] = field(default_factory=list)
    removed: list[SailingChange] = field(default_factory=list)
    unchanged: int = 0
    past: list[PastTime] = field(default_factory=list)


def schedule_changes(
    current: Mapping[str, ServiceScheduleValues | None],
    proposed: Mapping[str, ServiceScheduleValues | None],
    booked: Mapping[str, Sailing],
    now: datetime,
) -> ScheduleChanges:
    """Compare each proposed service (None: removed) with it as published now (None: not yet published).
    The sailings compared are each vessel's legs (call to next call) and every booked call pair: a booking
    from the first port to the third is touched even though no leg joins those two calls."""
    changes = ScheduleChanges()
    on_service: dict[_Key, list[str]] = {}
    for booking_id, sailing in sorted(booked.items()):
        if sailing.service_code in proposed:
            on_service.setdefault(_key(sailing), []).append(booking_id)
    moved_bookings = rescheduled_sailings(booked, [v for v in proposed.values() if v is not None])
    for code, after in proposed.items():
        before = current.get(code)
        old = {_key(s): s for s in before.legs()} if before is not None else {}
        for sailing in booked.values():
            if sailing.service_code == code:
                old.setdefault(_key(sailing), sailing)
        for key, was in old.items():
            bookings = tuple(on_service.get(key, ()))
            now_sailing = after.sailing(key[1], key[2]) if after is not None else None
            if now_sailing is None:
                changes.removed.append(SailingChange(was, None, bookings))
            elif (
                was.times_differ(now_sailing)
                or was.cut_offs != now_sailing.cut_offs
                # unchanged as published, but not yet as booked (a move an earlier publication missed)
                or any(b in moved_bookings for b in bookings)
            ):
                changes.moved.append(SailingChange(was, now_sailing, bookings))
            else:
                changes.unchanged += 1
        if after is None:
            continue
        for leg in after.legs():
            if _key(leg) not in old and (before is None or before.sailing(*_key(leg)[1:]) is None):
                changes.added.append(SailingChange(None, leg))
        changes.past.extend(_past_times(after, utc_text(now)))
    return changes


def _past_times(values: ServiceScheduleValues, now: str) -> list[PastTime]:
    """Each call of the schedule with a time (arrival, departure or cut-off) before `now`: its earliest."""
    found = []
    for v, schedule in enumerate(values.vessel_schedules):
        for c, call in enumerate(schedule.calls):
            times = [t.at for t in call.times] + [cut.at for cut in call.cut_offs]
            earliest = min(times, default=None)
            if earliest is not None and earliest < now:
                found.append(PastTime(values.service_code, v, c, call.un_location_code, earliest))
    return found

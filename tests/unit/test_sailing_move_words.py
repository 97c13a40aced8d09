"""What a customer reads of a rescheduled sailing says what moved and only that: the departure, the arrival,
both, or (a cut-off alone moved) the times as before."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from uuid import UUID

import pytest

from domain.booking.rate_request import RateRequest
from domain.booking.sailing_notices import rescheduled_text
from domain.booking.schedules import Sailing

SAILING = Sailing(
    service_code="PGX",
    service_name="Persian Gulf Express",
    vessel_imo_number="9321483",
    vessel_name="Kharg Star",
    export_voyage="2407W",
    import_voyage="2407E",
    load_port="CNSHA",
    load_call_reference="PGX-1",
    departure="2026-12-14T16:00:00Z",
    discharge_port="SGSIN",
    discharge_call_reference="PGX-2",
    arrival="2026-12-20T16:00:00Z",
)


def moved(after: Sailing) -> RateRequest.SailingRescheduled:
    return RateRequest.SailingRescheduled(
        originator_id=UUID(int=1),
        originator_version=5,
        timestamp=datetime(2026, 12, 1, tzinfo=UTC),
        sailing=after.to_record(),
        previous=SAILING.to_record(),
        reference="FB-2026-000001",
        email=None,
        customer_id="c-1",
        actor_id="system",
        actor_role="system",
        reason="carrier republished",
    )


@pytest.mark.parametrize(
    ("after", "departs", "arrives"),
    [
        (replace(SAILING, arrival="2026-12-21T22:00:00Z"), False, True),
        (replace(SAILING, departure="2026-12-15T04:00:00Z"), True, False),
        (replace(SAILING, departure="2026-12-15T04:00:00Z", arrival="2026-12-21T22:00:00Z"), True, True),
    ],
)
def test_only_what_moved_is_said_to_have_moved(after: Sailing, departs: bool, arrives: bool) -> None:
    text = rescheduled_text(moved(after), "FB-2026-000001")
    assert ("departure" in text and "is now" in text.split("departure")[1].split(";")[0]) == departs, text
    assert ("arrival" in text and "is now" in text.split("arrival")[1]) == arrives, text
    persian = rescheduled_text(moved(after), "FB-2026-000001", "fa")
    assert ("حرکت از" in persian, "رسیدن از" in persian) == (departs, arrives), persian


def test_a_move_of_neither_time_says_the_times_stand() -> None:
    text = rescheduled_text(moved(replace(SAILING, universal_service_reference="SR00001A")), "FB-2026-000001")
    assert "as before" in text and "is now" not in text, text

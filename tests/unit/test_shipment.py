"""The dates a bill of lading carries, from the booking's tracking (decision 3855): when the last of its
containers gated in and was loaded at the port of loading, once each of them had; the day its vessel left
when no load was reported; exactly one date on an issued document, of the type asked for only when tracking
saw the cargo on board."""

from __future__ import annotations

from typing import Any

import pytest

from api.dcsa.ebl.documents import dated
from domain.tracking.shipment import Shipment, shipment
from tests.corpus import ORDERED_CONTAINERS, TRACKING_PORTS

BANDAR_ABBAS, JEBEL_ALI = TRACKING_PORTS[0], TRACKING_PORTS[-1]
FIRST, SECOND = ORDERED_CONTAINERS


def milestone(
    code: str, container: str | None, when: str, port: str | None = BANDAR_ABBAS, classifier: str = "ACT"
) -> dict[str, Any]:
    """A row of the tracking read model (`body` decoded), as `actual_milestones` gives it."""
    kind = "TRANSPORT" if code == "DEPA" else "EQUIPMENT"
    body: dict[str, Any] = {"eventDateTime": when}
    if port is not None:
        body["eventLocation"] = {"UNLocationCode": port}
    if kind == "TRANSPORT":
        body["transportDetails"] = {"transportCall": {"vesselTransport": {"vesselName": "KARUN"}}}
    return {
        "event_type": kind,
        "event_subtype": code,
        "classifier": classifier,
        "equipment_reference": container,
        "event_date_time": when,
        "body": body,
    }


def test_the_cargo_is_received_and_on_board_once_every_container_is() -> None:
    events = [
        milestone("GTIN", FIRST, "2026-11-18T09:00:00Z"),
        milestone("LOAD", FIRST, "2026-11-20T09:00:00Z"),
    ]
    assert shipment(events, BANDAR_ABBAS, [FIRST, SECOND]) == Shipment(None, None, None)
    events += [
        milestone("GTIN", SECOND, "2026-11-19T22:00:00+03:30"),
        milestone("LOAD", SECOND, "2026-11-21T01:00:00+03:30"),
    ]
    # The last of them, on the day written at the port (late evening UTC is the next day in Tehran).
    assert shipment(events, BANDAR_ABBAS, [FIRST, SECOND]) == Shipment("2026-11-19", "2026-11-21", None)


def test_a_container_s_first_actual_milestone_counts_and_only_at_the_port_of_loading() -> None:
    events = [
        milestone("LOAD", FIRST, "2026-11-22T09:00:00Z"),  # put back on board after a shift
        milestone("LOAD", FIRST, "2026-11-20T09:00:00Z"),
        milestone("LOAD", SECOND, "2026-11-19T09:00:00Z", JEBEL_ALI),  # a transshipment
        milestone("LOAD", SECOND, "2026-11-18T09:00:00Z", classifier="PLN"),
        milestone("LOAD", SECOND, "2026-11-23T09:00:00Z", port=None),  # the publisher named no place
    ]
    assert shipment(events, BANDAR_ABBAS, [FIRST]).on_board == "2026-11-20"
    assert shipment(events, BANDAR_ABBAS, [FIRST, SECOND]).on_board == "2026-11-23"
    assert shipment(events[:4], BANDAR_ABBAS, [FIRST, SECOND]).on_board is None


def test_the_vessel_leaving_is_on_board_when_no_load_was_reported() -> None:
    left = milestone("DEPA", None, "2026-11-24T06:00:00+03:30")
    found = shipment([left], BANDAR_ABBAS, [FIRST])
    assert found.on_board == "2026-11-24" and found.departed is not None
    assert found.departed.vessel == "KARUN"
    # No container named (an order without numbers yet): nothing gated in or loaded, the departure still is.
    assert shipment([left, milestone("LOAD", FIRST, "2026-11-20T09:00:00Z")], BANDAR_ABBAS, []).on_board == (
        "2026-11-24"
    )


@pytest.mark.parametrize(
    ("asked_on_board", "tracked", "expected"),
    [
        (True, None, {"isShippedOnBoardType": False, "receivedForShipmentDate": "2026-11-25"}),
        (
            True,
            Shipment("2026-11-19", None, None),
            {"isShippedOnBoardType": False, "receivedForShipmentDate": "2026-11-19"},
        ),
        (
            True,
            Shipment("2026-11-19", "2026-11-21", None),
            {"isShippedOnBoardType": True, "shippedOnBoardDate": "2026-11-21"},
        ),
        # A received-for-shipment B/L asked for stays one, on board or not.
        (
            False,
            Shipment("2026-11-19", "2026-11-21", None),
            {"isShippedOnBoardType": False, "receivedForShipmentDate": "2026-11-19"},
        ),
        (
            False,
            Shipment(None, "2026-11-21", None),
            {"isShippedOnBoardType": False, "receivedForShipmentDate": "2026-11-25"},
        ),
    ],
)
def test_an_issued_document_carries_exactly_one_date(
    asked_on_board: bool, tracked: Shipment | None, expected: dict[str, Any]
) -> None:
    assert dated(asked_on_board, tracked, "2026-11-25") == expected

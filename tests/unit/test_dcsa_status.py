"""The DCSA door names every state of the lifecycle files: a state added to state-machines/ without
a status fails here (and at import), instead of making the webhook follower retry a batch forever."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from api.dcsa.booking import status as dcsa_status
from api.dcsa.booking.status import (
    AMENDED_STATUS,
    AMENDMENT_OPEN,
    BOOKING_STATUS,
    CANCELLATION_STATUS,
    amended_booking_status,
    booking_status,
    cancellation_status,
)

MACHINES = Path(__file__).resolve().parents[2] / "state-machines"

# The values BKG 2.0.5 gives each property (contract/dcsa/BKG_v2.0.5.yaml, in its descriptions).
BOOKING_STATUSES = {
    "RECEIVED",
    "PENDING_UPDATE",
    "UPDATE_RECEIVED",
    "CONFIRMED",
    "PENDING_AMENDMENT",
    "REJECTED",
    "DECLINED",
    "CANCELLED",
    "COMPLETED",
}
AMENDED_STATUSES = {"AMENDMENT_RECEIVED", "AMENDMENT_CONFIRMED", "AMENDMENT_DECLINED", "AMENDMENT_CANCELLED"}
CANCELLATION_STATUSES = {"CANCELLATION_RECEIVED", "CANCELLATION_CONFIRMED", "CANCELLATION_DECLINED"}


def states_in_file(machine_id: str) -> set[str]:
    """Read from the JSON itself, not through the lifecycle loader the module uses."""
    spec = json.loads((MACHINES / f"{machine_id}.json").read_text(encoding="utf-8"))
    return {state["name"] for state in spec["states"]}


@pytest.mark.parametrize(
    ("machine_id", "table", "allowed"),
    [
        ("rate_request", BOOKING_STATUS, BOOKING_STATUSES),
        # While staff's ask awaits the customer's amendment there is no amendment status (PENDING_AMENDMENT).
        ("booking_amendment", AMENDED_STATUS, AMENDED_STATUSES | {None}),
        ("booking_cancellation", CANCELLATION_STATUS, CANCELLATION_STATUSES | {None}),
    ],
)
def test_every_state_of_the_lifecycle_has_a_status_of_the_standard(
    machine_id: str, table: dict[str, str | None], allowed: set[str | None]
) -> None:
    assert set(table) == states_in_file(machine_id)
    assert set(table.values()) <= allowed


def test_a_state_without_a_status_in_its_file_is_refused() -> None:
    states: list[dict[str, Any]] = [
        {"name": "requested", "dcsa": "RECEIVED"},
        {"name": "on_hold", "code": 9, "label": "On Hold"},
    ]
    with pytest.raises(ValueError, match=r"rate_request: states without a DCSA status \['on_hold'\]"):
        dcsa_status._statuses("rate_request", states=states)
    # A part's state may say the standard has none (null), but must say so.
    withdrawn = [{"name": "withdrawn", "dcsa": None}]
    assert dcsa_status._statuses("booking_cancellation", required=False, states=withdrawn) == {
        "withdrawn": None
    }
    with pytest.raises(ValueError, match=r"\['withdrawn'\]"):
        dcsa_status._statuses("rate_request", states=withdrawn)


def test_the_statuses_read_from_the_files_are_the_standard_s() -> None:
    # A floor: the states known when this was written keep their statuses, a state added to the file costs
    # no edit here, and every status read from the file is one the standard names.
    assert set(BOOKING_STATUS.values()) <= {
        "RECEIVED", "PENDING_UPDATE", "UPDATE_RECEIVED", "CONFIRMED", "PENDING_AMENDMENT", "COMPLETED",
        "REJECTED", "DECLINED", "CANCELLED",
    }  # fmt: skip
    assert (
        BOOKING_STATUS.items()
        >= {
            "requested": "RECEIVED",
            "quoted": "RECEIVED",
            "loi_pending": "RECEIVED",
            "revision_requested": "PENDING_UPDATE",
            "shipping_order": "CONFIRMED",
            "completed": "COMPLETED",
            "rejected_by_admin": "REJECTED",
            "rejected_by_client": "CANCELLED",
            "price_expired": "REJECTED",
            "cancelled": "CANCELLED",
        }.items()
    )
    assert AMENDED_STATUS == {
        "asked": None,
        "requested": "AMENDMENT_RECEIVED",
        "requoted": "AMENDMENT_RECEIVED",
        "approved": "AMENDMENT_CONFIRMED",
        "declined": "AMENDMENT_DECLINED",
        "withdrawn": "AMENDMENT_CANCELLED",
        # The carrier's new price lapsed unaccepted: the carrier's offer, so declined (not the shipper's act).
        "expired": "AMENDMENT_DECLINED",
    }
    assert CANCELLATION_STATUS == {
        "requested": "CANCELLATION_RECEIVED",
        "confirmed": "CANCELLATION_CONFIRMED",
        "declined": "CANCELLATION_DECLINED",
        "withdrawn": None,
    }


def test_the_open_amendments_are_those_the_file_does_not_mark_final_but_the_ask() -> None:
    # `asked` is not final either, but it awaits the customer's amendment, not a decision.
    assert AMENDMENT_OPEN == ("requested", "requoted")
    assert amended_booking_status("asked") is None


def test_the_statuses_as_the_door_answers_them() -> None:
    assert booking_status("quoted", confirmed=False) == "RECEIVED"
    assert booking_status("quoted", confirmed=False, updated=True) == "UPDATE_RECEIVED"
    assert booking_status("rejected_by_admin", confirmed=True) == "DECLINED"
    assert booking_status("rejected_by_admin", confirmed=False) == "REJECTED"
    assert amended_booking_status(None) is None
    assert amended_booking_status("requoted") == "AMENDMENT_RECEIVED"
    assert cancellation_status("withdrawn") is None
    assert cancellation_status("declined") == "CANCELLATION_DECLINED"

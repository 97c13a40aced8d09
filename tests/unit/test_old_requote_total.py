"""A requote recorded before requotes kept the amended containers (`AmendmentRequoted.quantity`) is told with
the total its /v2 read gives: the containers its amendment names, read from the booking (decision 3874)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from uuid import uuid4

from domain.booking import notices as _booking_notices  # noqa: F401  (registers the builders)
from domain.booking.amendment_requests import amended_containers, requoted_containers
from domain.booking.application import BookingApplication
from domain.booking.emails import emails_for
from domain.booking.rate_request import RateRequest
from domain.notifications.policy import notices
from domain.shared.actor import SYSTEM_ACTOR
from tests.unit.history_support import Known, sqlite_store, write_old_event
from tests.unit.test_booking_notices import CUSTOMER_A, DETAILS, NOW, STAFF

TOTAL = "$4,051.50 in all for 3 containers"  # 1,350.50 a container, for the 3 the amendment names


class _Links:
    def set_password(self, token: str, username: str) -> str:
        return f"https://portal.example/password?{token}"

    def team_invitation(self, token: str) -> str:
        return f"https://portal.example/team?{token}"

    def booking(self, rate_request_id: str) -> str:
        return f"https://portal.example/bookings/{rate_request_id}"


def _old_requote(tmp_path: Path) -> tuple[RateRequest, RateRequest.AmendmentRequoted]:
    """A confirmed booking of 1 container whose amendment asks for 3, and staff's requote of it as the code
    before this release stored it: no `quantity` (and no `class_version`)."""
    store = sqlite_store(tmp_path)
    booking = BookingApplication(store)
    request = RateRequest.create(CUSTOMER_A.id, "alice", DETAILS, "FB-2026-000001", CUSTOMER_A, id=uuid4())
    request.quote(Decimal(10), NOW + timedelta(days=1), NOW, STAFF)
    request.accept_price(NOW, CUSTOMER_A)
    request.submit_booking_request([{"document_type_id": 1, "file_id": "f"}], CUSTOMER_A)
    request.confirm_booking(STAFF)
    request.request_amendment({**DETAILS, "quantity": 3}, CUSTOMER_A)
    booking.record(request)
    assert request.amendment is not None
    old_state = {
        "originator_id": request.id.hex,
        "originator_version": request.version + 1,
        "timestamp": {"_type_": "datetime_iso", "_data_": "2026-06-01T10:00:00+00:00"},
        "number": request.amendment.number,
        "price": {"_type_": "decimal_str", "_data_": "1350.50"},
        "valid_until": {"_type_": "datetime_iso", "_data_": "2030-01-02T00:00:00+00:00"},
        "state": "requoted",
        "customer_id": CUSTOMER_A.id,
        "charges": None,
        "actor_id": STAFF.id,
        "actor_role": STAFF.role,
        "reason": None,
    }
    write_old_event(store, RateRequest.AmendmentRequoted, old_state)
    loaded = booking.rate_request(request.id, SYSTEM_ACTOR)
    requoted = list(booking.events.get(request.id))[-1]
    store.close()
    assert isinstance(requoted, RateRequest.AmendmentRequoted) and requoted.quantity is None
    return loaded, requoted


def test_an_old_requote_s_quantity_is_its_amendment_s_as_the_v2_read_gives_it(tmp_path: Path) -> None:
    loaded, requoted = _old_requote(tmp_path)
    assert loaded.amendment is not None
    # The /v2 read says the amendment's new price for `amended_containers` of the amendment's row.
    assert requoted_containers(requoted, loaded) == amended_containers(loaded.amendment.amended) == 3
    # A booking that moved on to a later amendment says no total for this one.
    later = SimpleNamespace(amendment=SimpleNamespace(number=requoted.number + 1, amended={"quantity": 7}))
    assert requoted_containers(requoted, later) is None


def test_an_old_requote_s_e_mail_and_notice_give_the_total(tmp_path: Path) -> None:
    loaded, requoted = _old_requote(tmp_path)
    [told] = [n for n in notices.build(requoted, Known(loaded)) if n.recipient == CUSTOMER_A.id]
    assert TOTAL in told.message, told.message

    account = SimpleNamespace(
        id=CUSTOMER_A.id, profile={"email": "alice@example.com"}, muted_emails=(), erased=False, language="en"
    )
    by_id: dict[str, Any] = {str(loaded.id): loaded, CUSTOMER_A.id: account}
    [mail] = emails_for(requoted, lambda aggregate_id: by_id.get(str(aggregate_id)), _Links())
    assert TOTAL in mail.body, mail.body

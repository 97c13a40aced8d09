"""The read-model rows a parked event touched are marked as needing attention, for staff only.

A staff quote whose event the booking read model cannot apply (the test switches the failure on for chosen
bookings, as tests/api/test_poison_and_health.py does for accounts) is parked; the booking's rows in the
staff list and detail carry `needsAttention` naming it, and no other booking's do. Customers' answers never
carry the key, for their own bookings or anyone's. `freight dead-letters retry` (after the fix) and `skip`
with a reason each clear the mark. The same for a sign-up's rows (a staff decline parked). Both stores.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.cli.dead_letters import _read_or_skip, _retry
from api.cli.outcome import Console
from api.main import create_app
from api.settings import Settings
from domain.accounts.registration import Registration
from domain.booking.rate_request import RateRequest
from followers import dead_letters
from projections import registrations
from projections.booking import handlers as booking_handlers
from projections.registry import READ_MODELS
from tests.api.accounts_support import ADMIN as ACCOUNTS
from tests.api.accounts_support import INDIVIDUAL_FORM, sign_up_individual
from tests.api.booking_support import ADMIN, CLIENT, create, customer, later, ok
from tests.api.poison_support import poison, wait_until
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login
from tests.corpus import fresh_national_id, fresh_national_id_with_leading_zero

FAILURE = "value too long for this column"


@contextmanager
def staff_app(settings: Settings) -> Iterator[tuple[TestClient, Any, dict[str, str]]]:
    """The app on `settings`: its client, its services and the staff's headers."""
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        yield client, services_of(client), login(client, ADMIN_USERNAME, ADMIN_PASSWORD)


def test_a_parked_event_marks_its_bookings_rows_for_staff_until_retried_or_skipped(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The booking read model fails to apply a quote of the bookings in `poisoned` while `on`.
    switch = poison(monkeypatch, booking_handlers.projection, RateRequest.Quoted, FAILURE)
    with staff_app(settings) as (client, services, admin):
        alice = customer(client, fresh_national_id())
        bob = customer(client, fresh_national_id_with_leading_zero())
        retried, skipped, mine = (create(client, alice)["id"] for _ in range(3))
        theirs = create(client, bob)["id"]
        switch.poisoned |= {retried, skipped}
        for rid in (retried, skipped, mine):
            answer = client.put(
                f"{ADMIN}/rate-requests/{rid}/quote",
                headers=admin,
                json={"price": 900, "validUntil": later()},
            )
            # Stored either way: the read models cannot show the poisoned ones, so those are answered 202.
            assert answer.status_code in (200, 202), answer.text

        def parked() -> dict[str, int]:
            with services.read_models.read() as tx:
                letters = dead_letters.letters(tx, dead_letters.PARKED, READ_MODELS)
            return {letter.aggregate_id: letter.position for letter in letters}

        positions = wait_until(lambda: len(parked()) == 2 and parked(), "both quotes parked")
        assert set(positions) == {retried, skipped}

        def staff_marks() -> dict[str, Any]:
            rows = ok(client.get(f"{ADMIN}/rate-requests", headers=admin, params={"limit": 100}))
            return {row["id"]: row["needsAttention"] for row in rows["list"]["list"]}

        marks = staff_marks()
        for rid in (retried, skipped):
            assert marks[rid]["parkedEvents"] == 1 and marks[rid]["positions"] == [positions[rid]]
            assert marks[rid]["since"].endswith("Z")
        assert marks[mine] is None and marks[theirs] is None
        detail = ok(client.get(f"{ADMIN}/rate-requests/{retried}", headers=admin))
        assert detail["needsAttention"]["positions"] == [positions[retried]]
        assert detail["price"] is None  # the quote is what the screens could not take in
        assert ok(client.get(f"{ADMIN}/rate-requests/{mine}", headers=admin))["needsAttention"] is None

        # Customers never see the staff-only field: not on their own rows, and others' are not theirs to see.
        for headers in (alice, bob):
            rows = ok(client.get(f"{CLIENT}/rate-requests", headers=headers, params={"limit": 100}))
            assert rows["list"]["list"], rows
            assert all("needsAttention" not in row for row in rows["list"]["list"])
        own = client.get(f"{CLIENT}/rate-requests/{retried}", headers=alice)
        assert own.status_code == 200 and "needsAttention" not in own.json()["response"]
        other = client.get(f"{CLIENT}/rate-requests/{retried}", headers=bob)
        assert other.status_code == 404 and "needsAttention" not in other.text
        assert client.get(f"{ADMIN}/rate-requests/{retried}", headers=bob).status_code == 403

        # Retried once fixed: applied, and the mark is gone; the other stays marked until it is dealt with.
        switch.on = False
        retry = argparse.Namespace(
            action="retry", positions=[positions[retried]], follower=None, reason=None, all=False
        )
        assert _retry(settings, retry, Console(json=True)).code == 0
        marks = staff_marks()
        assert marks[retried] is None and marks[skipped]["positions"] == [positions[skipped]]
        fixed = ok(client.get(f"{ADMIN}/rate-requests/{retried}", headers=admin))
        assert fixed["needsAttention"] is None and fixed["price"] == 900

        skip = argparse.Namespace(
            action="skip", positions=[positions[skipped]], follower=None, reason="quoted again", all=False
        )
        assert _read_or_skip(settings, skip, Console(json=True)).code == 0
        assert staff_marks()[skipped] is None
        assert ok(client.get(f"{ADMIN}/rate-requests/{skipped}", headers=admin))["needsAttention"] is None


def test_a_parked_event_marks_its_sign_up_rows_for_staff_until_skipped(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The sign-ups read model fails to apply a decline of the registrations in `poisoned` while `on`.
    decline_switch = poison(monkeypatch, registrations.projection, Registration.Declined, FAILURE)
    with staff_app(settings) as (client, services, admin):
        poisoned = sign_up_individual(client, {**INDIVIDUAL_FORM, "nationalId": fresh_national_id()})
        other = sign_up_individual(
            client,
            {**INDIVIDUAL_FORM, "nationalId": fresh_national_id_with_leading_zero(), "phone": "09127654321"},
        )

        def rows() -> dict[str, Any]:
            listed = ok(client.get(f"{ACCOUNTS}/register-requests", headers=admin, params={"limit": 100}))
            return {row["nationalId"]: row for row in listed["list"]}

        registration = rows()[poisoned["nationalId"]]["registrationId"]
        decline_switch.poisoned.add(registration)
        decline = {"message": "The address does not match the national card"}
        answer = client.post(
            f"{ACCOUNTS}/register-requests/{poisoned['nationalId']}/decline", headers=admin, json=decline
        )
        assert answer.status_code in (200, 202), answer.text

        def parked() -> list[dead_letters.DeadLetter]:
            with services.read_models.read() as tx:
                return dead_letters.letters(tx, dead_letters.PARKED, READ_MODELS)

        (letter,) = wait_until(parked, "the decline parked")
        assert letter.aggregate_id == registration
        listed = rows()
        assert listed[poisoned["nationalId"]]["needsAttention"]["positions"] == [letter.position]
        assert listed[poisoned["nationalId"]]["state"] != "declined"  # what the row could not take in
        assert listed[other["nationalId"]]["needsAttention"] is None
        detail = f"{ACCOUNTS}/indivisual-customer/register-requests/{poisoned['nationalId']}"
        assert ok(client.get(detail, headers=admin))["needsAttention"]["parkedEvents"] == 1

        skip = argparse.Namespace(
            action="skip", positions=[letter.position], follower=None, reason="declined by phone", all=False
        )
        assert _read_or_skip(settings, skip, Console(json=True)).code == 0
        assert rows()[poisoned["nationalId"]]["needsAttention"] is None
        assert ok(client.get(detail, headers=admin))["needsAttention"] is None

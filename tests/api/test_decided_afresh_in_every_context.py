"""Every context's commands are decided again after a concurrent write (decision 3851, and 3856 for the
accounts, integrations and tracking contexts).

A person acting in two tabs, two staff on one sign-up, two terminals publishing revisions of one event:
each test makes a second write land between a command's load and its save, and asks that both stand, or
that the later decision is told in the lifecycle's own words rather than as a conflict nobody caused.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import pytest
from fastapi.testclient import TestClient

from domain.accounts.account import account_id
from domain.accounts.registration import USER_EXIST, registration_id
from domain.accounts.team import team_id
from domain.shared.actor import ADMIN as STAFF_ROLE
from domain.shared.actor import CUSTOMER, Actor
from domain.shared.application import ContextApplication
from domain.tracking.milestone import tracking_event_id
from tests.api.accounts_support import (
    ADMIN,
    INDIVIDUAL_FORM,
    accepted_customer,
    fails,
    ok,
    sign_up_individual,
)
from tests.api.booking_support import customer
from tests.api.team_support import TEAM, company, member
from tests.api.test_accounts_profile import IND, _individual_put
from tests.api.tracking_support import publish, tracked, transport
from tests.app_services import services_of
from tests.corpus import TRACKING_PORTS

COLLEAGUE = Actor("colleague-at-the-desk", STAFF_ROLE)
HOOKS = "/integrations/api/v1/client/webhooks"


def meanwhile(
    monkeypatch: pytest.MonkeyPatch, app: ContextApplication, write: Callable[[], Any]
) -> list[str]:
    """Run `write` (another writer's act) right before the first save through `app`, after every load of the
    command that saves: it saves over versions it did not see. Answers each save the commands tried (the
    aggregates' names), the write's own aside."""
    record = app.record
    tried: list[str] = []
    writing = False

    def recording(*aggregates: Any) -> int:
        nonlocal writing
        if not writing:
            tried.append("+".join(type(a).__name__ for a in aggregates))
            if len(tried) == 1:
                writing = True
                try:
                    write()
                finally:
                    writing = False
        return record(*aggregates)

    monkeypatch.setattr(app, "record", recording)
    return tried


def names(app: ContextApplication, aggregate: UUID) -> list[str]:
    return [type(event).__name__ for event in app.events.get(aggregate)]


def test_staff_approve_a_profile_edit_though_the_customer_chose_her_language_meanwhile(
    client: TestClient, admin_headers: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    person = accepted_customer(client, admin_headers)
    ok(client.put(IND, json=_individual_put(phone="09129999999"), headers=person))
    accounts = services_of(client).accounts
    her = accounts.login_id(INDIVIDUAL_FORM["nationalId"])
    tried = meanwhile(
        monkeypatch, accounts, lambda: accounts.choose_language(her, "fa", Actor(str(her), CUSTOMER))
    )

    approve = {"nationalId": INDIVIDUAL_FORM["nationalId"]}
    assert ok(client.post(f"{ADMIN}/update-requests/approve", json=approve, headers=admin_headers))

    # Decided twice: the first save lost to her choice, the second was decided on it.
    assert tried == ["ProfileEditRequest+Account"] * 2, tried
    assert names(accounts, her)[-2:] == ["LanguageChosen", "ProfileUpdated"]
    profile = ok(client.get(IND, headers=person))
    assert profile["phone"] == "09129999999" and profile["editRequest"]["state"] == "approved"


def test_a_sign_up_declined_meanwhile_is_refused_as_declined_not_as_an_existing_user(
    client: TestClient, admin_headers: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A colleague declined the sign-up between this staff member's load and save: the acceptance is decided
    again and refused by the sign-up's lifecycle, and no account is opened."""
    form = sign_up_individual(client)
    accounts = services_of(client).accounts
    identity = form["nationalId"]
    tried = meanwhile(
        monkeypatch,
        accounts,
        lambda: accounts.decline_registration(identity, "The documents are unreadable", COLLEAGUE),
    )

    refusal = fails(
        client.post(f"{ADMIN}/indivisual-customer/register-requests/{identity}", headers=admin_headers), 409
    )

    assert refusal["description"] != USER_EXIST, refusal
    assert "declined" in refusal["description"].lower(), refusal
    assert tried == ["Registration+Account"], tried  # the second decision refused before saving
    assert not accounts.exists(account_id(identity, 0))
    assert names(accounts, registration_id(identity, 0))[-1] == "Declined"


def test_an_owner_changes_a_role_though_she_invited_a_colleague_meanwhile(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    owner, company_id = company(client, "Afresh Trading", "owner@afresh-trading.example")
    _, member_id = member(client, owner, "Reza Karimi", "reza@afresh-trading.example", "booker")
    accounts = services_of(client).accounts

    def invited() -> Any:
        return accounts.invite_member(
            company_id, "mina@afresh-trading.example", "Mina Ahmadi", "viewer", datetime.now(UTC),
            Actor(company_id, CUSTOMER),
        )  # fmt: skip

    tried = meanwhile(monkeypatch, accounts, invited)

    ok(client.put(f"{TEAM}/members/{member_id}", json={"role": "viewer"}, headers=owner))

    assert tried == ["Team"] * 2, tried
    assert names(accounts, team_id(company_id))[-2:] == ["Invited", "RoleChanged"]
    listed = {m["email"]: m for m in ok(client.get(TEAM, headers=owner))["list"]}
    assert listed["reza@afresh-trading.example"]["role"] == "viewer"
    assert "mina@afresh-trading.example" in listed


def test_a_webhook_s_secret_is_rotated_though_its_event_types_were_chosen_meanwhile(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    who = customer(client, "afresh-hooks")
    made = ok(client.post(HOOKS, json={"callbackUrl": "https://hooks.afresh.example/in"}, headers=who), 201)
    integrations = services_of(client).integrations
    subscription = UUID(made["id"])
    actor = Actor(integrations.repository.get(subscription).customer_id, CUSTOMER)
    tried = meanwhile(
        monkeypatch,
        integrations,
        lambda: integrations.choose_event_types(made["id"], ["booking.quoted"], actor),
    )

    rotated = ok(client.post(f"{HOOKS}/{made['id']}/rotate-secret", json={"overlapHours": 1}, headers=who))

    assert rotated["secret"].startswith("whsec_") and rotated["secret"] != made["secret"]
    assert tried == ["WebhookSubscription"] * 2, tried
    assert names(integrations, subscription)[-2:] == ["EventTypesChosen", "SecretRotated"]
    listed = {h["id"]: h for h in ok(client.get(HOOKS, headers=who))["list"]}
    assert listed[made["id"]]["eventTypes"] == ["booking.quoted"]


@pytest.mark.parametrize("ours_is_newer", [True, False], ids=["newer", "older"])
def test_two_revisions_of_a_new_tracking_event_published_at_once_keep_the_newer(
    client: TestClient, admin_headers: dict[str, str], monkeypatch: pytest.MonkeyPatch, ours_is_newer: bool
) -> None:
    """Another terminal stores the same eventID first: the request that lost the race is decided again, as a
    revision when it is newer (it was answered "already received" and dropped), as a retry when older."""
    _, reference, publisher = tracked(client, admin_headers, f"afresh-tnt-{ours_is_newer}")
    port = TRACKING_PORTS[0]
    first = transport(
        "afresh-depa", "DEPA", "EST", "2026-01-11T18:00:00Z", port, reference, "2026-01-05T00:00:00Z", "KING"
    )
    second = {
        **first,
        "eventDateTime": "2026-01-12T06:00:00Z",
        "eventUpdatedDateTime": "2026-01-09T00:00:00Z",
    }
    ours, theirs = (second, first) if ours_is_newer else (first, second)
    tracking = services_of(client).tracking
    event = tracking_event_id(ours)
    tried = meanwhile(monkeypatch, tracking, lambda: tracking.publish(theirs, None, publisher_actor))

    said = publish(client, publisher, ours)

    stored = names(tracking, event)
    if ours_is_newer:
        assert said == [] and stored == ["Published", "Revised"], (said, stored)
        assert tried == ["TrackingEvent"] * 2, tried  # created, lost; decided again as a revision
    else:
        assert [e["severity"] for e in said] == ["INFO"] and stored == ["Published"], (said, stored)
        assert tried == ["TrackingEvent"], tried  # decided again as a retry: nothing more to save
    assert json.loads(tracking.repository.get(event).body)["eventDateTime"] == second["eventDateTime"]


publisher_actor = Actor("another-terminal", "publisher")

"""Each reader reads a notice in the language he reads the portal in: every notice is worded in every language
the portal speaks when it is told, and the bell answers in the request's `Accept-Language`. A customer who
switches languages reads the notices she was told before in her new one; a staff member reads the staff's
notices in the language he asks in; a request that names no language reads each as it was written; a
notification told before notices were worded in every language reads as written whatever is asked; the
other languages' messages are sealed with the person's key as the message is."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any
from uuid import UUID

from fastapi.testclient import TestClient

from domain.emails.words import NOTICE_WORDS, money
from domain.notifications.notification import Notification
from domain.shared.actor import SYSTEM_ACTOR
from infrastructure.personal_data import is_sealed
from tests.api.accounts_support import NOTIFY, settle
from tests.api.booking_support import create, customer, ok, quoted
from tests.api.email_support import reference_of
from tests.app_services import services_of

QUOTED = NOTICE_WORDS["RateRequest.Quoted"]
NEW_REQUEST = NOTICE_WORDS["RateRequest.Created"]


def _notices(
    client: TestClient, headers: dict[str, str], language: str | None = None
) -> list[dict[str, Any]]:
    me = ok(client.get("/auth/api/v1/me", headers=headers))["id"]
    asked = {**headers, "Accept-Language": language} if language else headers
    page = ok(client.get(f"{NOTIFY}/{me}/paging?pageSize=100&page=1", headers=asked))["data"]
    return list(page["costumerlNotificationDetails"]["list"])


def _about(notices: list[dict[str, Any]], reference: str) -> dict[str, Any]:
    [notice] = [n for n in notices if (n["subject"] or {}).get("reference") == reference]
    return notice


def _quoted_customer(client: TestClient, admin: dict[str, str], name: str) -> tuple[dict[str, str], str]:
    """A customer reading English whose booking was quoted, the notice told: her headers, its reference."""
    headers = customer(client, name)
    ref = reference_of(client, headers, quoted(client, headers, admin))
    settle(client)
    return headers, ref


def test_a_customer_reads_the_notices_told_before_in_the_language_she_reads_now(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers, ref = _quoted_customer(client, admin_headers, "notices-switch")
    # Told while she read English: as written, it is English.
    written = _about(_notices(client, headers), ref)
    assert written["title"] == QUOTED["en"]["title"], written
    assert "$1,250.50" in written["message"], written["message"]
    persian = _about(_notices(client, headers, "fa"), ref)
    assert persian["title"] == QUOTED["fa"]["title"], persian
    assert money(Decimal("1250.50"), "fa") in persian["message"], persian["message"]
    assert ref in persian["message"] and "$" not in persian["message"]
    assert (persian["id"], persian["isRead"], persian["subject"]) == (
        written["id"],
        False,
        written["subject"],
    )
    english = _about(_notices(client, headers, "en"), ref)
    assert (english["title"], english["message"]) == (written["title"], written["message"])
    # A language the portal does not speak is no language asked for.
    assert _about(_notices(client, headers, "de-DE"), ref)["title"] == written["title"]


def test_a_staff_member_reads_the_staffs_notices_in_the_language_he_asks_in(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers = customer(client, "notices-staff")
    ref = create(client, headers)["reference"]
    settle(client)
    assert _about(_notices(client, admin_headers), ref)["title"] == NEW_REQUEST["en"]["title"]
    persian = _about(_notices(client, admin_headers, "fa"), ref)
    assert persian["title"] == NEW_REQUEST["fa"]["title"], persian
    assert ref in persian["message"]


def test_a_notification_told_before_every_language_was_worded_reads_as_written(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers = customer(client, "notices-old")
    me = ok(client.get("/auth/api/v1/me", headers=headers))["id"]
    services = services_of(client)
    old = Notification.create(
        "0b8f3a5e-6c2d-4e1f-9a7b-3c5d7e9f1a2b",
        1,
        me,
        "Price quoted",
        "Written in English only.",
        SYSTEM_ACTOR,
    )
    services.settle(services.notifications.record(old))
    for language in (None, "fa", "en"):
        [notice] = [n for n in _notices(client, headers, language) if n["id"] == str(old.id)]
        assert (notice["title"], notice["message"]) == ("Price quoted", "Written in English only."), language


def test_every_languages_message_is_sealed_as_the_message_is(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers, ref = _quoted_customer(client, admin_headers, "notices-sealed")
    notice = _about(_notices(client, headers), ref)
    services = services_of(client)
    [stored] = services.notifications.recorder.select_events(UUID(notice["id"]))
    state = json.loads(stored.state)
    assert is_sealed(state["message"]), state["message"]
    # Written in English (her language then), worded in Persian beside it.
    assert state["title"] == QUOTED["en"]["title"] and set(state["translations"]) == {"fa"}
    said = state["translations"]["fa"]
    assert is_sealed(said["message"]) and said["title"] == QUOTED["fa"]["title"], said

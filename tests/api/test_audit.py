"""Audit API: history per aggregate, the global log with filters, state as of a position; read only."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from api.bootstrap import Services
from api.edge.deps import AUDITORS_MAY_POST
from domain.accounts.account import account_id
from domain.shared.actor import ADMIN, Actor
from tests.api import booking_support as booking
from tests.api.accounts_support import sign_up_individual
from tests.api.booking_support import CLIENT, customer
from tests.api.team_support import company, member
from tests.app_services import app_of, services_of
from tests.conftest import ADMIN_USERNAME, login

AUDIT = "/audit/api/v1"
CONTRACT = Path(__file__).resolve().parents[2] / "contract"
AUDIT_WORDS = json.loads((CONTRACT / "audit-words.json").read_text(encoding="utf-8"))["words"]
WEB_LOCALES = CONTRACT.parent / "web" / "src" / "i18n" / "locales"
FIELD_LABELS = json.loads((CONTRACT / "field-labels.json").read_text(encoding="utf-8"))
PROFILE_LABELS = FIELD_LABELS["profile"]
PERSON_LABELS = FIELD_LABELS["person"]


def _services(client: TestClient) -> Services:
    services: Services = services_of(client)
    return services


def _make_auditor(client: TestClient) -> dict[str, str]:
    services = _services(client)
    admin = Actor(str(account_id(ADMIN_USERNAME)), ADMIN)
    services.settle(services.accounts.create_staff("ada", "Auditor-Pass1", ["auditor"], admin))
    return login(client, "ada", "Auditor-Pass1")


def test_aggregate_history_names_actor_and_changes(client: TestClient, admin_headers: dict[str, str]) -> None:
    auditor = _make_auditor(client)
    ada = str(account_id("ada"))
    body = client.get(f"{AUDIT}/aggregates/{ada}/events", headers=auditor).json()["response"]
    assert body["aggregateKind"] == "account"
    types = [e["type"] for e in body["events"]]
    assert types == ["Opened", "PasswordSet"]
    opened = body["events"][0]
    assert opened["actor"] == {"id": str(account_id(ADMIN_USERNAME)), "role": "admin"}
    assert opened["changes"]["username"] == "ada" and opened["changes"]["roles"] == ["auditor"]
    assert [e["version"] for e in body["events"]] == [1, 2]
    assert body["events"][1]["changes"]["password_hash"] == "[redacted]"
    assert body["valueNames"]["account_type"] == {"0": AUDIT_WORDS["staff_account"]["en"]}
    assert "$argon2" not in str(body)
    assert body["events"][0]["position"] < body["events"][1]["position"]
    # The admin reads it too.
    assert client.get(f"{AUDIT}/aggregates/{ada}/events", headers=admin_headers).status_code == 200


def test_global_log_pages_and_filters(client: TestClient, admin_headers: dict[str, str]) -> None:
    _make_auditor(client)
    everything = client.get(f"{AUDIT}/events", params={"limit": 500}, headers=admin_headers).json()[
        "response"
    ]
    positions = [e["position"] for e in everything["list"]]
    assert positions == sorted(positions) and len(positions) >= 4
    assert everything["head"] == positions[-1]
    page = client.get(f"{AUDIT}/events", params={"after": positions[0], "limit": 2}, headers=admin_headers)
    assert [e["position"] for e in page.json()["response"]["list"]] == positions[1:3]
    admin_id = str(account_id(ADMIN_USERNAME))
    by_admin = client.get(f"{AUDIT}/events", params={"actor": admin_id}, headers=admin_headers).json()[
        "response"
    ]
    assert by_admin["list"] and all(e["actor"]["id"] == admin_id for e in by_admin["list"])
    by_kind = client.get(f"{AUDIT}/events", params={"kind": "no_such_kind"}, headers=admin_headers)
    assert by_kind.json()["response"]["list"] == []
    future = (datetime.now(UTC) + timedelta(days=1)).isoformat()
    later = client.get(f"{AUDIT}/events", params={"from": future}, headers=admin_headers).json()["response"]
    assert later["list"] == []
    until_future = client.get(f"{AUDIT}/events", params={"to": future}, headers=admin_headers).json()[
        "response"
    ]
    assert len(until_future["list"]) == len(everything["list"])


def test_state_as_of_a_position_is_rebuilt_from_events(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    _make_auditor(client)
    ada = str(account_id("ada"))
    events = client.get(f"{AUDIT}/aggregates/{ada}/events", headers=admin_headers).json()["response"][
        "events"
    ]
    first, second = events[0]["position"], events[1]["position"]
    before = client.get(f"{AUDIT}/aggregates/{ada}/state", params={"position": first}, headers=admin_headers)
    assert before.json()["response"]["version"] == 1
    assert before.json()["response"]["state"]["password_hash"] is None
    after = client.get(f"{AUDIT}/aggregates/{ada}/state", params={"position": second}, headers=admin_headers)
    assert after.json()["response"]["version"] == 2
    # Hashes are never shown, only that one is set.
    assert after.json()["response"]["state"]["password_hash"] == "[redacted]"
    too_early = client.get(
        f"{AUDIT}/aggregates/{ada}/state", params={"position": first - 1}, headers=admin_headers
    )
    assert too_early.status_code == 404
    missing = client.get(f"{AUDIT}/aggregates/{ada}/state", headers=admin_headers)
    assert missing.status_code == 400


def test_customers_and_anonymous_get_no_audit(client: TestClient) -> None:
    assert client.get(f"{AUDIT}/events").status_code == 401
    assert client.get(f"{AUDIT}/aggregates/{account_id('admin')}/events").status_code == 401


def test_auditor_is_refused_every_command(client: TestClient) -> None:
    auditor = _make_auditor(client)
    paths = app_of(client).openapi()["paths"]
    commands = [
        (method.upper(), path)
        for path, operations in paths.items()
        for method in operations
        # Logging in and logging out everywhere are open to auditors (api/edge/deps.py).
        if method in {"post", "put", "delete", "patch"} and path not in AUDITORS_MAY_POST
    ]
    assert commands, "the app has commands"
    for method, path in commands:
        concrete = path.replace("{", "").replace("}", "")
        answer = client.request(method, concrete, headers=auditor, json={})
        assert answer.status_code == 403, (method, path, answer.status_code)
        # The DCSA doors answer in their standards' error formats: Booking's and Bill of Lading's
        # ErrorResponse, Track & Trace's feedback elements.
        if path.startswith(("/v2/", "/v3/shipping-instructions", "/v3/transport-documents")):
            assert answer.json()["statusCode"] == 403
            continue
        if path.startswith("/v3/"):
            assert answer.json()["feedbackElements"]
            continue
        assert answer.json()["isError"] is True


def test_a_sign_up_s_record_speaks_the_readers_language(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """A person's records are labelled by the profile's words and their codes named, in the reader's language;
    a field that catalogue does not name is left to the screen's own words, not guessed in English."""
    form = sign_up_individual(client)
    _services(client).settle_all()
    visitor = client.get(f"{AUDIT}/events", params={"actor": form["nationalId"]}, headers=admin_headers)
    (record_id,) = {e["aggregateId"] for e in visitor.json()["response"]["list"]}

    def record(language: str) -> dict[str, Any]:
        said = client.get(
            f"{AUDIT}/aggregates/{record_id}/events", headers={**admin_headers, "Accept-Language": language}
        )
        return dict(said.json()["response"])

    english, persian = record("en"), record("fa")
    assert english["aggregateKind"] == "registration"
    assert english["valueNames"]["kind"] == {"1": "Individual"}
    assert persian["valueNames"]["kind"] == {"1": AUDIT_WORDS["individual"]["fa"]}
    assert english["fieldLabels"]["firstName"] == PROFILE_LABELS["first_name"]["en"]
    assert persian["fieldLabels"]["firstName"] == PROFILE_LABELS["first_name"]["fa"]
    assert not [label for label in persian["fieldLabels"].values() if re.search("[A-Za-z]", label)]
    assert "code_hash" not in persian["fieldLabels"] and "code_hash" in english["events"][1]["changes"]
    # The events are the record as written: the same in either language.
    assert persian["events"] == english["events"]


def test_an_account_s_name_is_a_company_s_only_on_a_company_s_own_login(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """An account's `name` is its holder's: a company's name on a domestic or foreign company's own login, a
    person's name on an individual's and on a colleague's login in a company's team (which carries the
    company's account type), in the reader's language from the one catalogue."""
    customer(client, "audit-person", {"name": "Sara Ahmadi", "email": "sara@example.com"})
    owner, company_id = company(client, "Parsian Freight", "owner@parsian.example")
    _, colleague_id = member(client, owner, "Reza Karimi", "reza@parsian.example", "booker")
    _services(client).settle_all()

    def name_label(record: str, language: str) -> str:
        said = client.get(
            f"{AUDIT}/aggregates/{record}/events", headers={**admin_headers, "Accept-Language": language}
        )
        return str(said.json()["response"]["fieldLabels"]["name"])

    for record, words in (
        (str(account_id("audit-person")), PERSON_LABELS["name"]),
        (colleague_id, PERSON_LABELS["name"]),
        (company_id, PROFILE_LABELS["name"]),
    ):
        said = [name_label(record, language) for language in ("en", "fa")]
        assert said == [words["en"], words["fa"]], record
    assert PERSON_LABELS["name"]["en"] == "Name" and PROFILE_LABELS["name"]["en"] == "Company name"


def test_codes_only_a_records_kind_explains_are_named_for_the_reader(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """An address-book entry's roles are parties, an API key's account type a kind of customer: each named
    in the reader's language; the same word in another record is not taken for them."""
    headers = customer(client, "audit-codes")
    entry = client.post(
        f"{CLIENT}/address-book",
        headers=headers,
        json={"name": "Parsian", "address": "Am Sandtorkai 1", "roles": ["notify", "consignee"]},
    )
    key = client.post("/integrations/api/v1/client/api-keys", headers=headers, json={"label": "erp"})
    _services(client).settle_all()
    persian = {**admin_headers, "Accept-Language": "fa"}
    for record, field, expected in (
        (entry.json()["response"]["id"], "roles", {"notify": "notify_party", "consignee": "consignee"}),
        (key.json()["response"]["id"], "account_type", {"1": "individual"}),
    ):
        said = client.get(f"{AUDIT}/aggregates/{record}/events", headers=persian).json()["response"]
        assert said["valueNames"][field] == {code: AUDIT_WORDS[word]["fa"] for code, word in expected.items()}


def test_every_part_of_a_records_state_has_a_persian_label(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """The state panel labels each key of an aggregate's rebuilt state: by the server's labels for the record
    or by the audit screen's own catalogue; a key neither names reads as its English name in Persian."""
    headers = customer(client, "audit-state")
    rid = booking.in_shipping_order(client, headers, admin_headers)
    _services(client).settle_all()
    screen_labels = json.loads((WEB_LOCALES / "fa" / "audit.json").read_text(encoding="utf-8"))["fields"]
    persian = {**admin_headers, "Accept-Language": "fa"}
    unlabelled = set()
    for record in (rid, str(account_id("audit-state"))):
        events = client.get(f"{AUDIT}/aggregates/{record}/events", headers=persian).json()["response"]
        head = events["events"][-1]["position"]
        state = client.get(f"{AUDIT}/aggregates/{record}/state", params={"position": head}, headers=persian)
        keys = set(state.json()["response"]["state"])
        assert "state" in keys or "username" in keys
        unlabelled |= {
            f"{events['aggregateKind']}.{key}"
            for key in keys - set(screen_labels) - set(events["fieldLabels"])
        }
    assert unlabelled == set()


def test_staff_s_acts_on_accounts_read_in_persian_on_the_overview_and_the_trail(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Every event's words come from the catalogue in the reader's language: an account staff opened and
    its password read in Persian on the overview ("Account: opened" was English there), and a booking's
    amendment staff asked for on its trail too."""
    alice = customer(client, "audit-fa-acts")
    rid = booking.in_shipping_order(client, alice, admin_headers)
    asked = {"message": "The vessel sails a week later: choose another date"}
    booking.ok(
        client.put(f"{booking.ADMIN}/rate-requests/{rid}/amendments/ask", headers=admin_headers, json=asked)
    )
    _make_auditor(client)  # the admin opens ada's account and sets her password: the latest decisions
    _services(client).settle_all()
    persian = {**admin_headers, "Accept-Language": "fa"}
    asked_for = "اصلاحیهٔ ۱ از مشتری خواسته شد"  # noqa: RUF001 (a Persian digit one)

    overview = booking.ok(client.get(f"{AUDIT}/overview", headers=persian))
    latest = [e["what"] for e in overview["latest"]]
    decisions = [d["what"] for d in overview["decisions"]]
    assert latest[:2] == ["حساب کاربری: رمز عبور تعیین شد", "حساب کاربری: گشوده شد"]
    assert asked_for in latest
    assert {"حساب کاربری: گشوده شد", "حساب کاربری: رمز عبور تعیین شد"} <= set(decisions)
    # Counted without its number, the amendment leaves no ezafe hanging ("اصلاحیهٔ از مشتری ...").
    assert "اصلاحیه از مشتری خواسته شد" in decisions
    assert not [said for said in latest + decisions if re.search("[A-Za-z]", said.replace("API", ""))]

    reference = booking.ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["reference"]
    trail = booking.ok(client.get(f"{AUDIT}/bookings/{reference}/trail", headers=persian))
    said = [e["what"] for e in trail["entries"]]
    assert asked_for in said
    assert not [w for w in said if re.search("[A-Za-z]", w)]

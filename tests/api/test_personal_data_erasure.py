"""Erasing a customer: her personal data is sealed under keys of her own, which the erasure destroys.

Afterwards no file the product writes (event store, read models, an audit export; the development outbox
aside) holds any of her values in any encoding, while the history still verifies and replays."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote
from uuid import uuid4

import pytest
from fastapi.testclient import TestClient

from api.bootstrap import Services
from api.cli import main
from api.main import create_app
from api.presenters import audit_trail
from api.settings import Settings
from domain.accounts.account import Account, account_id
from domain.accounts.application import MEMBER_ERASED
from domain.accounts.edit_request import ERASED_REASON, edit_request_id
from domain.accounts.registration import registration_id
from domain.accounts.team import OWNER_BY_ERASURE, team_id
from domain.booking.reference import seed_containers
from domain.shared.actor import SYSTEM_ACTOR
from domain.shared.personal import ERASED, is_erased
from domain.shared.reasons import system_reason
from projections import audit_export
from projections.integrations import webhooks_of
from tests.api.accounts_support import ADMIN as ACCOUNT_ADMIN
from tests.api.accounts_support import (
    AUTH,
    INDIVIDUAL_FORM,
    NOTIFY,
    accepted_customer,
    fails,
    last_link,
    ok,
    outbox,
    settle,
    sign_up_individual,
)
from tests.api.accounts_support import CLIENT as ACCOUNT_CLIENT
from tests.api.booking_support import (
    ADMIN,
    FILES,
    PDF,
    PNG,
    another_shipping_date,
    assert_verify_clean,
    create,
    customer,
    in_shipping_order,
    order_payload,
    payload,
    upload,
)
from tests.api.booking_support import CLIENT as BOOKING
from tests.api.dcsa_support import Receiver, sample
from tests.api.erasure_support import database_bytes, hits
from tests.api.schedules_support import PUBLISH, publication
from tests.api.team_support import MEMBER_PASSWORD, TEAM, company, invitation_token, invite, member
from tests.api.test_booking_sailings import by_vessel, departure_in
from tests.api.test_dcsa_ebl import instructions
from tests.api.tracking_support import equipment, publish, publisher_key
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login
from tests.corpus import (
    LONG_ADDRESSES,
    PERSIAN_PEOPLE,
    TRACKED_CONTAINERS,
    TRACKING_PORTS,
    WALK_CONSIGNEE,
    WALK_SHIPPER,
    fresh_company_id,
    fresh_iranian_mobile,
    fresh_national_id,
)

ERASE = "/account/api/v1/admin/customers/{}/erase"
ERASED_PERSON = json.loads(
    (Path(__file__).resolve().parents[2] / "contract" / "erased-person.json").read_text(encoding="utf-8")
)
KEYS = "/integrations/api/v1/client/api-keys"
PASSWORD = "Customer-Pass1"
QUOTE = {"price": 900, "validUntil": (datetime.now(UTC) + timedelta(days=5)).isoformat()}


# The parties' personal values (names, addresses, phones) that an erasure takes along.
PARTY_VALUES = [*WALK_CONSIGNEE, *WALK_SHIPPER]


def person(index: int) -> dict[str, str]:
    """A Persian person's sign-up form, with a fresh national ID, mobile and e-mail."""
    first, last = PERSIAN_PEOPLE[index % len(PERSIAN_PEOPLE)]
    national_id = fresh_national_id()
    return {
        "firstName": first,
        "lastName": last,
        "birthDate": "1368/03/14",
        "nationalId": national_id,
        "phone": fresh_iranian_mobile(),
        "fax": "02112345678",
        "email": f"p{index}.{national_id}@example.ir",
        "address": LONG_ADDRESSES[0],
        "postalCode": "1969713111",
    }


def order_with_parties(client: TestClient, headers: dict[str, str], rid: str) -> None:
    """The customer's shipping order of `rid` naming the walk's consignee (also notify party) and shipper."""
    consignee, consignee_address, consignee_phone = WALK_CONSIGNEE
    shipper, shipper_address, shipper_phone = WALK_SHIPPER
    parties = [
        {"name": consignee, "address": consignee_address, "phoneNumber": consignee_phone, "fax": None,
         "partyType": 1, "isForSwbl": False},
        {"name": consignee, "address": consignee_address, "phoneNumber": consignee_phone, "fax": None,
         "partyType": 2, "isForSwbl": False},
        {"name": shipper, "address": shipper_address, "phoneNumber": shipper_phone, "fax": None,
         "partyType": 0, "isForSwbl": False},
    ]  # fmt: skip
    ok(
        client.post(f"{BOOKING}/shipping-orders", headers=headers, json=order_payload(rid, parties=parties)),
        201,
    )


def exported(services: Services) -> str:
    out = io.StringIO()
    audit_export.export(services.store, out)
    return out.getvalue()


def test_an_erased_customer_leaves_no_personal_value_and_history_verifies(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    services = services_of(client)
    first, last = PERSIAN_PEOPLE[0]
    national_id = fresh_national_id()
    form = {
        "firstName": first,
        "lastName": last,
        "birthDate": "1370/05/12",
        "nationalId": national_id,
        "phone": fresh_iranian_mobile(),
        "fax": "02112345678",
        "email": f"sara.{national_id}@example.ir",
        "address": LONG_ADDRESSES[0],
        "postalCode": "1969713111",
    }
    sara = accepted_customer(client, admin_headers, form)
    rid = in_shipping_order(client, sara, admin_headers)
    order_with_parties(client, sara, rid)
    key = ok(client.post(KEYS, json={"label": "erp"}, headers=sara), 201)["key"]
    reference = ok(client.get(f"{BOOKING}/rate-requests/{rid}", headers=sara))["reference"]
    # Tracking: the terminal reports the container gated in for her booking.
    publish(
        client,
        publisher_key(client, admin_headers),
        equipment("gi", "GTIN", TRACKED_CONTAINERS[1], "2026-01-05T08:00:00Z", TRACKING_PORTS[0], reference),
    )
    # An amendment: she asks for another shipping date.
    new_date = another_shipping_date()
    ok(
        client.post(
            f"{BOOKING}/rate-requests/{rid}/amendments",
            headers=sara,
            json=payload(preferredShippingDate=new_date),
        )
    )
    assert client.get(f"/v2/bookings/{reference}", headers={"API-Key": key}).status_code == 200
    settle(client)
    personal = [
        first,
        last,
        national_id,
        form["phone"],
        form["email"],
        form["address"],
        *PARTY_VALUES,
    ]
    assert hits(database_bytes(services.settings), personal)  # the scan can fail: before, they are there
    before = exported(services)
    head_before = services.store.head()
    assert hits(before.encode(), personal) == []  # an export holds personal fields sealed, always

    account = str(account_id(national_id))
    fails(client.post(ERASE.format(account), json={"reason": "GDPR art. 17"}, headers=sara), 403)
    fails(client.post(ERASE.format("not-an-id"), json={"reason": "x"}, headers=admin_headers), 404)
    erased = ok(
        client.post(ERASE.format(account), json={"reason": "GDPR art. 17 request"}, headers=admin_headers)
    )
    assert erased["accountId"] == account and erased["keysDestroyed"] >= 3
    fails(client.post(ERASE.format(account), json={"reason": "again"}, headers=admin_headers), 409)
    settle(client)

    # She signs in no more, her session and her key ended.
    answer = client.post("/auth/api/v1/login", json={"username": national_id, "password": PASSWORD})
    assert answer.status_code == 401
    assert client.get(f"{BOOKING}/rate-requests", headers=sara).status_code == 401
    assert client.get(f"/v2/bookings/{reference}", headers={"API-Key": key}).status_code == 401

    # Staff still see the booking's facts, with "erased person" where her data was.
    detail = ok(client.get(f"/booking/api/v1/admin/rate-requests/{rid}", headers=admin_headers))
    assert detail["reference"] == reference and detail["id"] == rid
    # The as-of view of her booking before the erasure shows its facts at that moment.
    state = f"/audit/api/v1/aggregates/{rid}/state"
    then = ok(client.get(state, headers=admin_headers, params={"position": head_before}))
    assert reference in json.dumps(then) and hits(json.dumps(then).encode(), personal) == []

    # The history still verifies: an export checks, a rebuild equals the live read models.
    text = exported(services)
    assert audit_export.check(text.splitlines()) > 0
    # The lines exported before the erasure are the very same lines now: their hashes still hold.
    assert text.splitlines()[: len(before.splitlines()) - 1] == before.splitlines()[:-1]
    assert "PersonalDataErased" in text and "GDPR art. 17 request" in text
    assert_verify_clean(services, tmp_path)

    assert hits(database_bytes(services.settings), personal) == []
    assert hits(text.encode(), personal) == []
    assert ERASED.encode() in database_bytes(services.settings)
    # Another staff login still works: only the erased person's doors closed.
    assert login(client, "admin", services.settings.ADMIN_PASSWORD or "")


def test_the_parties_an_erased_customer_sent_through_the_standard_s_doors_go_with_her(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    """A booking request on `/v2` and shipping instructions on `/v3` keep what was sent, its document parties
    and contacts too: sealed under her keys like the screens' parties, so her erasure takes them along."""
    services = services_of(client)
    national_id = fresh_national_id()
    form = {**INDIVIDUAL_FORM, "nationalId": national_id, "phone": fresh_iranian_mobile()}
    sara = accepted_customer(client, admin_headers, {**form, "email": f"golnaz.{national_id}@example.ir"})
    agent, street = f"Golnaz Agency {national_id}", f"Kooche Yas {national_id}"
    body = sample("booking-regular")
    address = {"street": street, "city": "Tehran", "countryCode": "IR"}
    body["documentParties"] = {
        "bookingAgent": {"partyName": agent},
        "shipper": {"partyName": f"{agent} Shipper", "address": address},
    }
    assert client.post("/v2/bookings", json=body, headers=sara).status_code == 202
    rid = in_shipping_order(client, sara, admin_headers, quantity=1)
    reference = ok(client.get(f"{BOOKING}/rate-requests/{rid}", headers=sara))["reference"]
    consignee, contact = f"Hamburg Nuts {national_id}", f"Jan Meyer {national_id}"
    sent = json.loads(
        json.dumps(instructions(reference, seed_containers()[0].number))
        .replace("Hamburg Nuts GmbH", consignee)
        .replace("Jan Meyer", contact)
    )
    answer = client.post("/v3/shipping-instructions", json=sent, headers=sara)
    assert answer.status_code == 202, answer.text
    settle(client)
    personal = [agent, street, consignee, contact]
    assert hits(database_bytes(services.settings), personal)  # the scan can fail: before, they are there
    assert hits(exported(services).encode(), personal) == []  # an export holds them sealed
    account = str(account_id(national_id))
    ok(client.post(ERASE.format(account), json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    settle(client)
    assert hits(database_bytes(services.settings), personal) == []
    assert_verify_clean(services, tmp_path)


def test_erasing_someone_unknown_or_staff_is_not_found(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    staff = str(account_id("admin"))
    fails(client.post(ERASE.format(staff), json={"reason": "x"}, headers=admin_headers), 404)
    unknown = str(account_id(fresh_national_id()))
    fails(client.post(ERASE.format(unknown), json={"reason": "x"}, headers=admin_headers), 404)


def test_freight_erase_while_the_server_runs(
    client: TestClient,
    admin_headers: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
) -> None:
    services = services_of(client)
    national_id = fresh_national_id()
    first, last = PERSIAN_PEOPLE[2]
    form = {
        "firstName": first,
        "lastName": last,
        "birthDate": "1365/01/02",
        "nationalId": national_id,
        "phone": fresh_iranian_mobile(),
        "fax": "02112345678",
        "email": f"zahra.{national_id}@example.ir",
        "address": LONG_ADDRESSES[0],
        "postalCode": "1969713111",
    }
    accepted_customer(client, admin_headers, form)
    settle(client)
    monkeypatch.chdir(tmp_path)  # no developer's .env is read
    settings = services.settings
    monkeypatch.setenv("VAR_DIR", str(settings.VAR_DIR))
    if settings.DATABASE_URL:
        monkeypatch.setenv("DATABASE_URL", str(settings.DATABASE_URL))
    else:
        monkeypatch.delenv("DATABASE_URL", raising=False)
    capfd.readouterr()
    assert main(["erase", str(account_id(fresh_national_id())), "--reason", "request"]) == 2
    assert "no customer account" in capfd.readouterr().err
    assert main(["erase", str(account_id(national_id)), "--reason", "GDPR art. 17 request"]) == 0
    assert "keys destroyed" in capfd.readouterr().out
    assert main(["erase", str(account_id(national_id)), "--reason", "again"]) == 2
    settle(client)
    answer = client.post("/auth/api/v1/login", json={"username": national_id, "password": PASSWORD})
    assert answer.status_code == 401
    assert_verify_clean(services, tmp_path)
    personal = [first, last, national_id, form["phone"], form["email"], form["address"]]
    assert hits(database_bytes(settings), personal) == []


def test_an_erased_company_takes_its_team_s_names_along(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """A company's team (its name, its owner's and its invited colleagues' names and e-mails) is the company's
    data: sealed under its keys and erased with its account."""
    services = services_of(client)
    first, last = PERSIAN_PEOPLE[2]
    company_name = f"Pars Saffron Export {fresh_company_id()}"
    owner_email = f"ops.{fresh_company_id()}@parsexport.example"
    owner, account = company(client, company_name, owner_email)
    colleague, colleague_email = f"{first} {last}", f"m.shojaei.{fresh_company_id()}@parsexport.example"
    invite(client, owner, colleague, colleague_email, "viewer")
    settle(client)
    personal = [company_name, owner_email, colleague, colleague_email]
    assert hits(database_bytes(services.settings), personal)  # the scan can fail: before, they are there

    ok(client.post(ERASE.format(account), json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    settle(client)
    assert hits(database_bytes(services.settings), personal) == []
    assert hits(exported(services).encode(), personal) == []


def test_an_erasure_recorded_by_a_process_that_stopped_before_the_keys_went_is_finished_by_the_next(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    services = services_of(client)
    form = person(1)
    accepted_customer(client, admin_headers, form)
    account = str(account_id(form["nationalId"]))
    # What a process leaves when it stops right after recording the erasure: the record, the keys alive.
    services.accounts.erase_personal_data(account, "GDPR art. 17 request", SYSTEM_ACTOR)
    assert services.store.vault.key(account) is not None
    erased = ok(client.post(ERASE.format(account), json={"reason": "finish it"}, headers=admin_headers))
    assert erased["keysDestroyed"] >= 1
    assert services.store.vault.key(account) is None
    settle(client)
    personal = [form[key] for key in ("firstName", "lastName", "nationalId", "phone", "email", "address")]
    assert hits(database_bytes(services.settings), personal) == []
    # Finished, it is erased already.
    fails(client.post(ERASE.format(account), json={"reason": "again"}, headers=admin_headers), 409)


def test_an_erased_customer_is_e_mailed_nothing_more_and_everyone_else_still_is(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Staff and the carrier still move an erased customer's bookings on. Nothing of it is e-mailed to her:
    not to her address as a policy read it before the erasure, nor to the marker an event recorded after
    it carries. And the e-mails to others behind hers still go: no address stops the messaging policy."""
    leaving = departure_in(20)
    ok(client.put(PUBLISH, json=publication(leaving), headers=admin_headers))
    form = person(2)
    sara = accepted_customer(client, admin_headers, form)
    first = create(client, sara)["id"]
    second = create(client, sara)["id"]
    on_sailing = create(client, sara, sailing=by_vessel())["id"]
    omid = customer(client, "erasure-bystander", {"email": "omid.bystander@example.ir"})
    create(client, omid, sailing=by_vessel())
    # The messaging policy reads her account for a quote's e-mail, and keeps it for the next batches.
    ok(client.put(f"{ADMIN}/rate-requests/{first}/quote", headers=admin_headers, json=QUOTE))
    settle(client)
    assert [m["subject"] for m in outbox(client) if m["to"] == form["email"]][-1].endswith(
        "Your quote is ready"
    )
    sent_before = len(outbox(client))

    account = str(account_id(form["nationalId"]))
    ok(client.post(ERASE.format(account), json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    ok(client.put(f"{ADMIN}/rate-requests/{second}/quote", headers=admin_headers, json=QUOTE))
    # The carrier moves the sailing both bookings are on: each booking records the move with its e-mail.
    ok(client.put(PUBLISH, json=publication(leaving, shift_hours=30), headers=admin_headers))
    settle(client)  # every follower at the head: none is stuck on an address it cannot send to

    after = outbox(client)[sent_before:]
    assert [m["to"] for m in after if m["to"] == form["email"] or is_erased(m["to"])] == []
    his = ok(client.get(f"{BOOKING}/rate-requests", headers=omid))["list"]["list"][0]["reference"]
    assert [m["subject"] for m in after if m["to"] == "omid.bystander@example.ir"] == [
        f"[{his}] Sailing rescheduled"
    ]
    detail = ok(client.get(f"{ADMIN}/rate-requests/{on_sailing}", headers=admin_headers))
    assert detail["customerName"] == ERASED  # said once, not once per name part
    # The booking's trail tells a reader she was erased in the reader's words, in no marker.
    trail = f"/audit/api/v1/bookings/{detail['reference']}/trail"
    for language in ("en", "fa"):
        said = ok(client.get(trail, headers={**admin_headers, "Accept-Language": language}))
        assert said["customerName"] == ERASED_PERSON["words"][language]
        assert ERASED_PERSON["words"][language] in {e["who"] for e in said["entries"]}
        assert ERASED not in json.dumps(said, ensure_ascii=False)


def test_an_erased_customer_signs_up_again_to_a_login_of_her_own(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    """Her erasure frees her national ID (decision 3811): she signs up again with the same form, staff
    accept her, and she logs in to a new login that holds none of the erased one's history, while that
    history still reads erased and the rebuild equals the live read models."""
    form = person(3)
    sara = accepted_customer(client, admin_headers, form)
    erased_booking = create(client, sara)["id"]
    first_login = str(account_id(form["nationalId"]))
    ok(client.post(ERASE.format(first_login), json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    settle(client)

    back = accepted_customer(client, admin_headers, form)  # the same national ID, phone and e-mail
    me = ok(client.get(f"{AUTH}/me", headers=back))
    assert me["id"] == str(account_id(form["nationalId"], 1)) != first_login
    settle(client)
    told = ok(client.get(f"{NOTIFY}/{me['id']}/paging?pageSize=10&page=1", headers=back))["data"]
    assert [n["title"] for n in told["costumerlNotificationDetails"]["list"]] == ["Registration accepted"]
    assert ok(client.get(f"{BOOKING}/rate-requests", headers=back))["list"]["list"] == []
    booking = create(client, back)["id"]
    name = f"{form['firstName']} {form['lastName']}"
    assert ok(client.get(f"{ADMIN}/rate-requests/{booking}", headers=admin_headers))["customerName"] == name
    erased = ok(client.get(f"{ADMIN}/rate-requests/{erased_booking}", headers=admin_headers))
    assert erased["customerName"] == ERASED
    fails(client.get(f"{BOOKING}/rate-requests/{erased_booking}", headers=back), 404)

    # A forgotten password is reset on the login she has now, and her second login can go the same way.
    ok(client.get(f"{AUTH}/{form['nationalId']}/reset-password/token"))
    _, token, _ = last_link(client, form["email"])
    renewed = {"token": token, "newPassword": "Another-Pass2", "confirmNewPassword": "Another-Pass2"}
    ok(client.put(f"{AUTH}/{form['nationalId']}/reset-password", json=renewed))
    assert login(client, form["nationalId"], "Another-Pass2")
    second_login = me["id"]
    ok(client.post(ERASE.format(second_login), json={"reason": "asked again"}, headers=admin_headers))
    fails(
        client.post(f"{AUTH}/login", json={"username": form["nationalId"], "password": "Another-Pass2"}), 401
    )
    assert_verify_clean(services_of(client), tmp_path)


def test_what_a_process_still_holds_of_an_erased_customer_is_never_written_again(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """The notifications policy read her profile edit request (to tell staff of it) before she was erased,
    and holds it. Staff approve it, and she is erased before the policy has told her: the notice it then
    writes is a new aggregate owned by the erased request. It is sealed as erased, never under a key made for
    it after the erasure, so no file the product writes holds her identity number again."""
    services = services_of(client)
    form = person(3)
    sara = accepted_customer(client, admin_headers, form)
    new_email = f"sara.new.{form['nationalId']}@example.ir"
    edited = {k: v for k, v in form.items() if k != "postalCode"}
    edited |= {"id": "x", "industry": "", "destinations": "", "typeOfOperation": "", "email": new_email}
    ok(client.put(f"{ACCOUNT_CLIENT}/indivisual-customers", json=edited, headers=sara))
    settle(client)
    account = str(account_id(form["nationalId"]))
    policy = next(f for f in services.policy_followers if f.name == "notifications_policy")

    def told() -> int:
        with services.read_models.read() as tx:
            return int(tx.scalar("SELECT COUNT(*) FROM notifications WHERE recipient = ?", (account,)))

    before = told()
    policy.stop()  # the policy lags: the approval reaches it only after the erasure
    approve = {"nationalId": form["nationalId"]}
    ok(client.post(f"{ACCOUNT_ADMIN}/update-requests/approve", json=approve, headers=admin_headers))
    ok(client.post(ERASE.format(account), json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    policy.start()
    settle(client)
    assert told() > before  # the count can fail: the policy told her of the approval, after the erasure

    personal = [form[key] for key in ("firstName", "lastName", "nationalId", "phone", "email", "address")]
    assert hits(database_bytes(services.settings), [*personal, new_email]) == []
    # Whatever else is made for her from now on has no key of its own either.
    assert services.store.vault.key_for_sealing(str(uuid4()), account) is None
    assert services.store.vault.key_for_sealing(str(uuid4()), None) is not None


def test_an_erased_customer_s_webhooks_end_with_her_keys(app_client: TestClient, hooks: Receiver) -> None:
    """Her systems heard of her bookings through a webhook. The erasure ends the subscription as it revokes
    her API keys, so what staff do to her bookings afterwards is sent to no one; the audit says why."""
    client = app_client
    services = services_of(client)
    admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    form = person(4)
    sara = accepted_customer(client, admin, form)
    webhook = {"callbackUrl": hooks.url}
    subscription = ok(client.post("/integrations/api/v1/client/webhooks", json=webhook, headers=sara), 201)
    first, second = create(client, sara)["id"], create(client, sara)["id"]
    ok(client.put(f"{ADMIN}/rate-requests/{first}/quote", headers=admin, json=QUOTE))
    settle(client)

    def delivered() -> int:
        with services.read_models.read() as tx:
            return int(tx.scalar("SELECT COUNT(*) FROM webhook_deliveries WHERE customer_id = ?", (account,)))

    account = str(account_id(form["nationalId"]))
    assert delivered() > 0  # the count can fail: before the erasure her quote was sent
    before = delivered()
    ok(client.post(ERASE.format(account), json={"reason": "GDPR art. 17 request"}, headers=admin))
    ok(client.put(f"{ADMIN}/rate-requests/{second}/quote", headers=admin, json=QUOTE))
    settle(client)
    assert delivered() == before
    with services.read_models.read() as tx:
        assert webhooks_of(tx, account) == []
    trail = ok(client.get(f"/audit/api/v1/aggregates/{subscription['id']}/events", headers=admin))
    assert "the owner's personal data was erased" in json.dumps(trail)


def test_an_erasure_closes_the_customer_s_pending_profile_edit(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Her edit request waited for staff when she was erased. Nothing is left to decide (its values read as
    erased): the erasure closes it, so it leaves the staff's queue, neither approve nor decline moves it, and
    the audit trail says why."""
    services = services_of(client)
    form = person(5)
    sara = accepted_customer(client, admin_headers, form)
    edited = {k: v for k, v in form.items() if k != "postalCode"}
    edited |= {"id": "x", "industry": "", "destinations": "", "typeOfOperation": ""}
    edited["address"] = LONG_ADDRESSES[1]
    ok(client.put(f"{ACCOUNT_CLIENT}/indivisual-customers", json=edited, headers=sara))
    settle(client)

    def queued() -> list[str]:
        page = ok(client.get(f"{ACCOUNT_ADMIN}/update-requests?limit=100", headers=admin_headers))
        return [row["nationalId"] for row in page["list"]]

    assert form["nationalId"] in queued()  # the check can fail: her request waits for staff
    account = str(account_id(form["nationalId"]))
    ok(client.post(ERASE.format(account), json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    settle(client)

    assert form["nationalId"] not in queued() and ERASED not in json.dumps(queued())
    head = services.store.head()
    # Her national ID names no login now (it is free for a new sign-up): there is nothing to decide.
    decide = {"nationalId": form["nationalId"]}
    fails(client.post(f"{ACCOUNT_ADMIN}/update-requests/approve", json=decide, headers=admin_headers), 404)
    decline = decide | {"message": "Too late"}
    fails(client.post(f"{ACCOUNT_ADMIN}/update-requests/decline", json=decline, headers=admin_headers), 404)
    assert services.store.head() == head
    with services.read_models.read() as tx:
        row = tx.one("SELECT state, decided_at FROM profile_edit_requests WHERE account_id = ?", (account,))
    assert row is not None and row["state"] == "closed" and row["decided_at"] is not None
    request = str(edit_request_id(account))
    trail = ok(client.get(f"/audit/api/v1/aggregates/{request}/events", headers=admin_headers))
    assert ERASED_REASON in json.dumps(trail)


def test_an_erased_company_s_colleagues_lose_their_logins_with_it(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Her colleagues' names and e-mails are the company's team, so its erasure takes their own logins along:
    the booker signs in and books no more, his key ends, an invitation sent before opens no login after, and
    no file the product writes holds their names or e-mails."""
    services = services_of(client)
    owner, account = company(
        client, f"Pars Saffron Export {fresh_company_id()}", f"ops.{fresh_company_id()}@pse.ir"
    )
    first, last = PERSIAN_PEOPLE[1]
    booker_name, booker_email = f"{first} {last}", f"booker.{fresh_company_id()}@pse.ir"
    booker, booker_id = member(client, owner, booker_name, booker_email, "booker")
    key = ok(client.post(KEYS, json={"label": "erp"}, headers=booker), 201)["key"]
    reference = create(client, booker)["reference"]
    late_name, late_email = "Reza Later", f"later.{fresh_company_id()}@pse.ir"
    invite(client, owner, late_name, late_email, "viewer")
    token = invitation_token(client, late_email)
    settle(client)
    assert client.get(f"/v2/bookings/{reference}", headers={"API-Key": key}).status_code == 200

    ok(client.post(ERASE.format(account), json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    settle(client)

    answer = client.post("/auth/api/v1/login", json={"username": booker_email, "password": MEMBER_PASSWORD})
    assert answer.status_code == 401
    assert client.get(f"{BOOKING}/rate-requests", headers=booker).status_code == 401
    assert client.post(f"{BOOKING}/rate-requests", json=payload(), headers=booker).status_code == 401
    assert client.get(f"/v2/bookings/{reference}", headers={"API-Key": key}).status_code == 401
    head = services.store.head()
    accepting = {"password": MEMBER_PASSWORD}
    fails(client.post(f"/account/api/v1/team/invitations/{token}/accept", json=accepting), 400)
    assert services.store.head() == head
    personal = [booker_name, booker_email, late_name, late_email]
    assert hits(database_bytes(services.settings), personal) == []
    trail = ok(client.get(f"/audit/api/v1/aggregates/{booker_id}/events", headers=admin_headers))
    assert system_reason("erasedWithCompany", reason="GDPR art. 17 request") in json.dumps(trail)
    # Her login's name and the booker's both read as erased, each its own: the history replays, and the
    # erasure's own replay applied every event (it says so when it cannot).
    assert [r.message for r in caplog.records if r.name == "api.erasure"] == []
    assert_verify_clean(services, tmp_path)


def test_an_erased_colleague_takes_his_name_and_e_mail_and_leaves_the_company_s_bookings_named(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """A booking a colleague made is the company's: it records the company's login, not his e-mail, so his
    erasure leaves none of his in any file; the trail still names the company he acted for."""
    services = services_of(client)
    company_name = f"Pars Saffron Export {fresh_company_id()}"
    owner, _ = company(client, company_name, f"ops.{fresh_company_id()}@pse.ir")
    first, last = PERSIAN_PEOPLE[2]
    booker_name, booker_email = f"{first} {last}", f"booker.{fresh_company_id()}@pse.ir"
    booker, booker_id = member(client, owner, booker_name, booker_email, "booker")
    booking = create(client, booker)
    settle(client)
    assert hits(database_bytes(services.settings), [booker_email])  # the scan can fail: before, it is there

    ok(client.post(ERASE.format(booker_id), json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    settle(client)
    assert hits(database_bytes(services.settings), [booker_name, booker_email]) == []
    trail = ok(client.get(f"/audit/api/v1/bookings/{booking['reference']}/trail", headers=admin_headers))
    who = {entry["who"] for entry in trail["entries"]}
    assert f"{ERASED_PERSON['words']['en']} (booker, {company_name})" in who, who
    assert ok(client.get(f"{BOOKING}/rate-requests/{booking['id']}", headers=owner))["reference"]


def test_a_team_whose_last_owner_is_erased_passes_to_its_longest_standing_member(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """An owner colleague made the company's own login a booker, then was erased: the team is not left
    without anyone who may manage it. The company's login is owner again, by the erasure, and says so."""
    owner, account = company(
        client, f"Pars Saffron Export {fresh_company_id()}", f"ops.{fresh_company_id()}@pse.ir"
    )
    chief, chief_id = member(client, owner, "Dariush Kamali", f"chief.{fresh_company_id()}@pse.ir", "owner")
    _, viewer_id = member(client, owner, "Vida Kamali", f"viewer.{fresh_company_id()}@pse.ir", "viewer")
    ok(client.put(f"{TEAM}/members/{account}", json={"role": "booker"}, headers=chief))
    invitee = {"email": f"new.hire.{fresh_company_id()}@pse.ir", "name": "Sima Rahimi", "role": "viewer"}
    settle(client)
    assert fails(client.post(f"{TEAM}/invitations", json=invitee, headers=owner), 403)

    ok(client.post(ERASE.format(chief_id), json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    settle(client)

    roles = {row["id"]: row["role"] for row in ok(client.get(TEAM, headers=owner))["list"]}
    assert roles == {account: "owner", viewer_id: "viewer"}
    ok(client.post(f"{TEAM}/invitations", json=invitee, headers=owner), 201)
    trail = ok(client.get(f"/audit/api/v1/aggregates/{team_id(account)}/events", headers=admin_headers))
    assert OWNER_BY_ERASURE in json.dumps(trail)


def test_a_colleague_erased_alone_leaves_the_company_s_team_without_his_name(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """His name and e-mail in the company's team are his own data, sealed under his key (the team owns it):
    erasing his login alone takes them along and takes him out of the team, while the company and its other
    colleague keep theirs."""
    services = services_of(client)
    company_name = f"Pars Saffron Export {fresh_company_id()}"
    owner, account = company(client, company_name, f"ops.{fresh_company_id()}@pse.ir")
    first, last = PERSIAN_PEOPLE[0]
    his_name, his_email = f"{first} {last}", f"booker.{fresh_company_id()}@pse.ir"
    other_name, other_email = "Vida Kamali", f"viewer.{fresh_company_id()}@pse.ir"
    _, his_id = member(client, owner, his_name, his_email, "booker")
    member(client, owner, other_name, other_email, "viewer")
    settle(client)
    assert hits(database_bytes(services.settings), [his_name, his_email])  # the scan can fail: they are there

    ok(client.post(ERASE.format(his_id), json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    settle(client)

    assert hits(database_bytes(services.settings), [his_name, his_email]) == []
    team = ok(client.get(TEAM, headers=owner))
    by_id = {row["id"]: row for row in team["list"]}
    assert his_id not in by_id  # he left the team with his erasure
    trail = ok(client.get(f"/audit/api/v1/aggregates/{team_id(account)}/events", headers=admin_headers))
    assert MEMBER_ERASED in json.dumps(trail)
    assert team["companyName"] == company_name
    assert {(row["name"], row["email"]) for row in team["list"]} >= {(other_name, other_email)}

    # Invited again, he joins under a login of the next generation (his erased one's key is gone for good),
    # and the invitation reaches him in words, not erased markers.
    again, new_id = member(client, owner, his_name, his_email, "booker")
    assert new_id == str(account_id(his_email, 1)) != his_id
    assert ok(client.get(f"{AUTH}/me", headers=again))["id"] == new_id
    rows = {row["id"]: row for row in ok(client.get(TEAM, headers=owner))["list"]}
    assert his_id not in rows and (rows[new_id]["name"], rows[new_id]["email"]) == (his_name, his_email)


def test_an_erased_colleague_s_profile_change_still_says_his_language(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    """His language is no one's personal data (decision 3883): once he is erased, his own profile change
    still says it in the record's trail (his name and phone read as erased), never as an erased person."""
    owner, _ = company(
        client, f"Pars Saffron Export {fresh_company_id()}", f"ops.{fresh_company_id()}@pse.ir"
    )
    first, last = PERSIAN_PEOPLE[1]
    his, his_id = member(client, owner, f"{first} {last}", f"booker.{fresh_company_id()}@pse.ir", "booker")
    mine = {"name": f"{first} {last}", "phone": "+98 912 000 1111", "language": "fa"}
    ok(client.put(f"{TEAM}/me", json=mine, headers=his))
    settle(client)

    ok(client.post(ERASE.format(his_id), json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    settle(client)

    record = ok(client.get(f"/audit/api/v1/aggregates/{his_id}/events", headers=admin_headers))
    (changed,) = [e for e in record["events"] if e["type"] == "ProfileUpdated"]
    values = changed["changes"]["values"]
    assert (values["name"], values["phone"]) == (ERASED, ERASED)
    assert values["language"] == "fa"
    (opened,) = [e for e in record["events"] if e["type"] == "Opened"]
    assert opened["changes"]["profile"]["language"] == "en"
    assert record["valueNames"]["language"] == {"fa": "Persian", "en": "English"}
    assert_verify_clean(services_of(client), tmp_path)


def test_a_language_sealed_before_3883_reads_in_the_as_of_state_as_the_trail_says_it(
    client: TestClient, admin_headers: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A colleague's language and company, sealed with his name before decision 3883 kept them in clear, are
    erased with him: the as-of state holds the stored marker, and the record's words for it (`valueNames`,
    which the audit screen's state panel reads its values by) say "unknown: erased with the person's data",
    as the trail does, never "Erased person"."""
    owner, _ = company(
        client, f"Pars Saffron Export {fresh_company_id()}", f"ops.{fresh_company_id()}@pse.ir"
    )
    # Written as before decision 3883: the profile's language and company sealed with the rest of it.
    monkeypatch.setattr(Account.Opened, "clear_fields", ())
    monkeypatch.setattr(Account.ProfileUpdated, "clear_fields", ())
    first, last = PERSIAN_PEOPLE[1]
    his, his_id = member(client, owner, f"{first} {last}", f"booker.{fresh_company_id()}@pse.ir", "booker")
    mine = {"name": f"{first} {last}", "phone": "+98 912 000 1111", "language": "fa"}
    ok(client.put(f"{TEAM}/me", json=mine, headers=his))
    settle(client)
    monkeypatch.undo()

    ok(client.post(ERASE.format(his_id), json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    settle(client)

    for language in ("en", "fa"):
        headers = {**admin_headers, "Accept-Language": language}
        record = ok(client.get(f"/audit/api/v1/aggregates/{his_id}/events", headers=headers))
        position = record["events"][-1]["position"]
        state = ok(
            client.get(
                f"/audit/api/v1/aggregates/{his_id}/state", params={"position": position}, headers=headers
            )
        )["state"]
        gone = audit_trail.WORDS_IN[language]["erased_with_person"]
        for field in ("language", "company_id"):
            assert record["valueNames"][field][state["profile"][field]] == gone, (field, record["valueNames"])
        assert ERASED_PERSON["words"][language] not in json.dumps(record["valueNames"], ensure_ascii=False)


def test_a_colleague_erased_at_his_next_company_takes_the_login_he_left_behind_along(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """He was one company's booker, removed (his login there retired) and joined another under a login of
    the next generation (decision 3826): erasing him there takes the retired one too, so no file holds his
    name or e-mail, and the first company's team keeps no copy of them."""
    services = services_of(client)
    first_owner, first_account = company(client, "Kavir Export", f"ops.{fresh_company_id()}@kavir.ir")
    next_owner, _ = company(client, "Sepid Shipping", f"ops.{fresh_company_id()}@sepid.ir")
    first, last = PERSIAN_PEOPLE[2]
    his_name, his_email = f"{first} {last}", f"booker.{fresh_company_id()}@pse.ir"
    _, left_id = member(client, first_owner, his_name, his_email, "booker")
    ok(client.delete(f"{TEAM}/members/{left_id}", headers=first_owner))
    _, his_id = member(client, next_owner, his_name, his_email, "viewer")
    assert his_id == str(account_id(his_email, 1)) != left_id
    settle(client)
    assert hits(database_bytes(services.settings), [his_name, his_email])  # the scan can fail: they are there

    ok(client.post(ERASE.format(his_id), json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    settle(client)

    assert hits(database_bytes(services.settings), [his_name, his_email]) == []
    trail = ok(client.get(f"/audit/api/v1/aggregates/{left_id}/events", headers=admin_headers))
    assert system_reason("erasedWithLaterLogin", reason="GDPR art. 17 request") in json.dumps(trail)
    team = ok(client.get(f"/audit/api/v1/aggregates/{team_id(first_account)}/events", headers=admin_headers))
    assert his_email not in json.dumps(team, ensure_ascii=False)


def test_staff_read_an_erased_customer_s_sign_up_notice_in_their_own_words(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """The notice of her sign-up named her; once she is erased staff read that it spoke of an erased person,
    in the language they read the portal in, and it opens her sign-up by identity number no more."""
    form = person(7)
    accepted_customer(client, admin_headers, form)
    me = ok(client.get("/auth/api/v1/me", headers=admin_headers))["id"]

    def notices(language: str) -> list[dict[str, Any]]:
        settle(client)
        headers = {**admin_headers, "Accept-Language": language}
        page = ok(client.get(f"{NOTIFY}/{me}/paging", headers=headers, params={"pageSize": 100}))["data"]
        return list(page["costumerlNotificationDetails"]["list"])

    (before,) = [n for n in notices("fa") if n["subject"] and n["subject"]["id"] == form["nationalId"]]
    assert form["firstName"] in before["message"]
    ok(
        client.post(
            ERASE.format(account_id(form["nationalId"])), json={"reason": "GDPR"}, headers=admin_headers
        )
    )
    for language in ("en", "fa"):
        (after,) = [n for n in notices(language) if n["id"] == before["id"]]
        assert after["subject"] is None
        assert after["message"] == ERASED_PERSON["words"][language]
        assert ERASED not in json.dumps(after, ensure_ascii=False)


def test_an_erased_customer_s_file_downloads_under_its_id_alone(
    client: TestClient, admin_headers: dict[str, str], settings: Settings
) -> None:
    """A file's name may name its owner ("Sara-Rahimi-passport.pdf"). Once she is erased, a download reads the
    file's record as it is now (not as this process, or another worker, last read it) and names the file by
    its id and the extension of its type only: no header of the answer holds any part of the old name."""
    form = person(11)
    sara = accepted_customer(client, admin_headers, form)
    first, last = "Sara", "Rahimi"
    sent_name = f"{first}-{last}-{form['nationalId']}-passport.pdf"
    persian_name = f"{form['firstName']}-{form['lastName']}-passport.pdf"
    file_id = upload(client, sara, key="passport", name=sent_name)
    persian_id = upload(client, sara, data=PNG, key="passport-fa", name=persian_name)
    # A second API worker on the same store (its followers elsewhere), which the erasure does not run in.
    worker_settings = settings.model_copy(update={"RUN_FOLLOWERS": False})
    with TestClient(create_app(worker_settings), raise_server_exceptions=False) as worker:
        # Both read before the erasure, by her and by staff, in both workers (what a process may keep).
        for door in (client, worker):
            for headers in (sara, admin_headers):
                answer = door.get(f"{FILES}/{file_id}", headers=headers)
                assert answer.status_code == 200 and sent_name in answer.headers["content-disposition"]
                assert door.get(f"{FILES}/{persian_id}", headers=headers).status_code == 200

        ok(
            client.post(
                ERASE.format(account_id(form["nationalId"])), json={"reason": "GDPR"}, headers=admin_headers
            )
        )

        traces = [first, last, form["nationalId"], form["firstName"], form["lastName"], "passport", ERASED]
        for door in (worker, client):
            for fid, data, extension in ((file_id, PDF, ".pdf"), (persian_id, PNG, ".png")):
                answer = door.get(f"{FILES}/{fid}", headers=admin_headers)
                assert answer.status_code == 200 and answer.content == data
                assert answer.headers["content-disposition"] == f'attachment; filename="{fid}{extension}"'
                said = "\n".join(f"{name}: {value}" for name, value in answer.headers.items())
                assert [trace for trace in traces if trace in said or quote(trace) in said] == []


def test_a_draft_an_erased_colleague_sent_is_said_sent_by_a_colleague_not_by_the_marker(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Who last sent a booking's shared draft (decision 3886) is named as the trail names him: once he is
    erased his name is gone, so the detail answers no name (the screen says "A colleague"), never the
    stored marker, which a reader would read as a name, in English whatever her language."""
    owner, _ = company(
        client, f"Pars Saffron Export {fresh_company_id()}", f"ops.{fresh_company_id()}@pse.ir"
    )
    first, last = PERSIAN_PEOPLE[1]
    booker, booker_id = member(
        client, owner, f"{first} {last}", f"booker.{fresh_company_id()}@pse.ir", "booker"
    )
    rid = create(client, booker)["id"]
    settle(client)
    sent = ok(client.get(f"{BOOKING}/rate-requests/{rid}", headers=owner))["sent"]["request"]
    assert (sent["name"], sent["byYou"]) == (f"{first} {last}", False)  # the check can fail: he is named

    ok(client.post(ERASE.format(booker_id), json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    settle(client)
    sent = ok(client.get(f"{BOOKING}/rate-requests/{rid}", headers=owner))["sent"]["request"]
    assert (sent["name"], sent["byYou"]) == (None, False), sent


def test_a_declined_applicant_is_erased_though_no_login_was_opened(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    """Her sign-up was declined, so she never had an account to erase by: the sign-up itself is erased
    (decision 3892). No file holds her values, staff's list and the audit say "erased", the history replays,
    and she may sign up again with the same form. One waiting for staff is decided first."""
    services = services_of(client)
    form = person(12)
    sign_up_individual(client, form)
    erase = f"{ACCOUNT_ADMIN}/register-requests/{form['nationalId']}/erase"
    fails(client.post(erase, json={"reason": "GDPR art. 17 request"}, headers=admin_headers), 409)
    decline = f"{ACCOUNT_ADMIN}/register-requests/{form['nationalId']}/decline"
    ok(client.post(decline, json={"message": "The ID card's scan is unreadable"}, headers=admin_headers))
    settle(client)
    personal = [form[key] for key in ("firstName", "lastName", "nationalId", "phone", "email", "address")]
    assert hits(database_bytes(services.settings), personal)  # the scan can fail: before, they are there

    erased = ok(client.post(erase, json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    assert erased["nationalId"] == form["nationalId"] and erased["keysDestroyed"] >= 1
    fails(client.post(erase, json={"reason": "again"}, headers=admin_headers), 404)  # it names no sign-up now
    settle(client)
    assert hits(database_bytes(services.settings), personal) == []
    listed = ok(client.get(f"{ACCOUNT_ADMIN}/register-requests?limit=100", headers=admin_headers))["list"]
    assert hits(json.dumps(listed, ensure_ascii=False).encode(), personal) == []
    sign_up = str(registration_id(form["nationalId"]))
    trail = ok(client.get(f"/audit/api/v1/aggregates/{sign_up}/events", headers=admin_headers))
    assert [e["type"] for e in trail["events"]][-2:] == ["Declined", "PersonalDataErased"]
    assert trail["events"][-1]["reason"] == "GDPR art. 17 request"
    assert_verify_clean(services, tmp_path)

    # Her national ID is free: she signs up again, is accepted, and her login is her own.
    again = accepted_customer(client, admin_headers, form)
    assert ok(client.get(f"{AUTH}/me", headers=again))["id"] == str(account_id(form["nationalId"], 1))
    # A sign-up that opened a login is erased with the customer's account, not on its own.
    fails(client.post(erase, json={"reason": "x"}, headers=admin_headers), 409)

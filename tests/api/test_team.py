"""Company teams through the API, on both stores: invitation by e-mail (a link good once, for 72 hours, kept
only as a hash), acceptance with the sign-up password rules and login by e-mail address, roles, removal
(sessions and API keys end at once) and the last-owner rule."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from fastapi.testclient import TestClient

from domain.accounts import secrets
from domain.accounts.team import LAST_OWNER, team_id
from domain.notifications.notification import Notification
from domain.shared.actor import SYSTEM_ACTOR
from domain.shared.errors import ValidationFailed
from domain.shared.messages import message
from tests.api.accounts_support import AUTH, fails, ok, outbox, settle
from tests.api.booking_support import create, customer, later, payload
from tests.api.email_support import Inbox, parts, smtp_app
from tests.api.team_support import (
    MEMBER_PASSWORD,
    TEAM,
    accept,
    company,
    invitation_token,
    invite,
    member,
)
from tests.app_services import services_of
from tests.conftest import login
from tests.corpus import TEAM_COLLEAGUES, TEAM_COMPANY, fresh_company_id

ACCEPT = "/account/api/v1/team/invitations/{}/accept"
LANGUAGE = "/account/api/v1/client/profile/language"
KEYS = "/integrations/api/v1/client/api-keys"
RESET_PAGE = "/forgetpassword/createpassword"
CONTRACT = Path(__file__).resolve().parents[2] / "contract"
REZA, MARYAM, DARIUSH, NEGAR = TEAM_COLLEAGUES


def test_invite_accept_and_log_in_with_the_email(client: TestClient) -> None:
    owner, company_id = company(client, TEAM_COMPANY, "ops@parsexport.example")
    team = ok(client.get(TEAM, headers=owner))
    assert team["companyName"] == TEAM_COMPANY
    assert [(m["id"], m["role"], m["status"]) for m in team["list"]] == [(company_id, "owner", "active")]

    invited = invite(client, owner, REZA[0], REZA[1], "booker")
    assert (invited["name"], invited["email"], invited["role"], invited["status"]) == (
        REZA[0],
        REZA[1],
        "booker",
        "invited",
    )
    token = invitation_token(client, REZA[1])
    # Only the token's hash is stored: neither the event nor the read model holds the clear token.
    services = services_of(client)
    stored = [e for e in services.accounts.recorder.select_events(team_id(company_id))]
    assert all(token.encode() not in e.state for e in stored)
    assert any(secrets.digest(token).encode() in e.state for e in stored)

    # The sign-up password rules.
    fails(client.post(ACCEPT.format(token), json={"password": "short"}), 400)
    fails(client.post(ACCEPT.format(token), json={"password": "alllowercase1"}), 400)
    accepted = ok(client.post(ACCEPT.format(token), json={"password": MEMBER_PASSWORD}))
    assert accepted == {"username": REZA[1], "companyName": TEAM_COMPANY}
    # The link works once.
    fails(client.post(ACCEPT.format(token), json={"password": MEMBER_PASSWORD}), 400)
    fails(client.post(ACCEPT.format("not-a-token"), json={"password": MEMBER_PASSWORD}), 400)

    reza = login(client, REZA[1], MEMBER_PASSWORD)
    me = ok(client.get("/auth/api/v1/me", headers=reza))
    assert (me["companyId"], me["teamRole"], me["username"]) == (company_id, "booker", REZA[1])
    rows = {m["email"]: (m["role"], m["status"]) for m in ok(client.get(TEAM, headers=owner))["list"]}
    assert rows[REZA[1]] == ("booker", "active")

    # Inviting a current member is 409; bad input 400 naming the field and storing nothing.
    fails(
        client.post(
            f"{TEAM}/invitations", json={"email": REZA[1], "name": "x", "role": "viewer"}, headers=owner
        ),
        409,
    )
    head = services.store.head()
    error = fails(
        client.post(f"{TEAM}/invitations", json={"email": "nope", "name": "", "role": "boss"}, headers=owner),
        400,
    )
    assert set(error["fields"]) == {"email", "name", "role"} and services.store.head() == head


def test_an_invitation_expires_after_72_hours(client: TestClient) -> None:
    owner, company_id = company(client, TEAM_COMPANY, "ops@parsexport.example")
    invite(client, owner, MARYAM[0], MARYAM[1], "viewer")
    token = invitation_token(client, MARYAM[1])
    services = services_of(client)
    late = datetime.now(UTC) + timedelta(hours=72, minutes=1)
    with pytest.raises(ValidationFailed, match="72 hours"):
        services.accounts.accept_invitation(company_id, token, MEMBER_PASSWORD, late)
    in_time = datetime.now(UTC) + timedelta(hours=71)
    services.settle(services.accounts.accept_invitation(company_id, token, MEMBER_PASSWORD, in_time)[1])
    ok(client.get("/auth/api/v1/me", headers=login(client, MARYAM[1], MEMBER_PASSWORD)))


def _invite(client: TestClient, headers: dict[str, str], colleague: tuple[str, str]) -> Any:
    """Invite `colleague` (name, e-mail) as a viewer, as `headers`' account."""
    name, email = colleague
    return client.post(
        f"{TEAM}/invitations", json={"email": email, "name": name, "role": "viewer"}, headers=headers
    )


def test_an_individual_has_no_team(client: TestClient) -> None:
    person = customer(client, "4000000123")
    fails(client.get(TEAM, headers=person), 404)
    fails(_invite(client, person, REZA), 404)


def test_roles_removal_and_the_last_owner(client: TestClient) -> None:
    owner, company_id = company(client, TEAM_COMPANY, "ops@parsexport.example")
    reza, reza_id = member(client, owner, REZA[0], REZA[1], "booker")
    maryam, maryam_id = member(client, owner, MARYAM[0], MARYAM[1], "viewer")

    # A booker books for the company; the owner and the viewer see it; the viewer may not change anything.
    booking = create(client, reza)
    for headers in (owner, reza, maryam):
        ok(client.get(f"/booking/api/v1/client/rate-requests/{booking['id']}", headers=headers))
    fails(client.put(f"/booking/api/v1/client/rate-requests/{booking['id']}/cancel", headers=maryam), 403)
    fails(client.post("/booking/api/v1/client/rate-requests", json={}, headers=maryam), 403)
    # Only an owner manages the team.
    fails(_invite(client, reza, DARIUSH), 403)
    fails(client.put(f"{TEAM}/members/{maryam_id}", json={"role": "owner"}, headers=reza), 403)

    # The last owner can be neither demoted nor removed.
    assert (
        fails(client.put(f"{TEAM}/members/{company_id}", json={"role": "viewer"}, headers=owner), 409)[
            "description"
        ]
        == LAST_OWNER
    )
    assert (
        fails(client.delete(f"{TEAM}/members/{company_id}", headers=owner), 409)["description"] == LAST_OWNER
    )
    # A second owner: then the first may step down, and the new owner manages the team.
    ok(client.put(f"{TEAM}/members/{reza_id}", json={"role": "owner"}, headers=owner))
    ok(client.put(f"{TEAM}/members/{company_id}", json={"role": "booker"}, headers=reza))
    assert (
        fails(client.put(f"{TEAM}/members/{reza_id}", json={"role": "viewer"}, headers=reza), 409)[
            "description"
        ]
        == LAST_OWNER
    )
    fails(_invite(client, owner, DARIUSH), 403)
    ok(client.put(f"{TEAM}/members/{company_id}", json={"role": "owner"}, headers=reza))
    fails(client.put(f"{TEAM}/members/{reza_id}", json={"role": "boss"}, headers=owner), 400)

    # A role change counts at once: the viewer made booker books.
    ok(client.put(f"{TEAM}/members/{maryam_id}", json={"role": "booker"}, headers=owner))
    create(client, maryam)
    # Removal ends the member's sessions and API keys at once.
    key = ok(client.post(KEYS, json={"label": "ERP"}, headers=maryam), 201)["key"]
    assert client.get("/v2/bookings/x1", headers={"API-Key": key}).status_code == 404
    ok(client.delete(f"{TEAM}/members/{maryam_id}", headers=owner))
    assert client.get("/auth/api/v1/me", headers=maryam).status_code == 401
    assert client.get("/v2/bookings/x1", headers={"API-Key": key}).status_code == 401
    assert (
        client.post(
            "/auth/api/v1/login", json={"username": MARYAM[1], "password": MEMBER_PASSWORD}
        ).status_code
        == 401
    )
    assert MARYAM[1] not in {m["email"] for m in ok(client.get(TEAM, headers=owner))["list"]}
    fails(client.delete(f"{TEAM}/members/{maryam_id}", headers=owner), 404)

    # Invited again, the same person comes back with the role given now, under a new login (decision 3826):
    # the key she made before stays ended.
    back = invite(client, owner, MARYAM[0], MARYAM[1], "viewer")
    accept(client, MARYAM[1])
    again = login(client, MARYAM[1], MEMBER_PASSWORD)
    assert ok(client.get("/auth/api/v1/me", headers=again))["teamRole"] == "viewer"
    assert back["id"] != maryam_id and ok(client.get(f"{TEAM}/me", headers=again))["id"] == back["id"]
    assert client.get("/v2/bookings/x1", headers={"API-Key": key}).status_code == 401
    assert ok(client.get(KEYS, headers=again))["list"] == []


def test_a_members_own_profile(client: TestClient) -> None:
    owner, _ = company(client, TEAM_COMPANY, "ops@parsexport.example")
    negar, _ = member(client, owner, NEGAR[0], NEGAR[1], "viewer")
    mine = ok(client.get(f"{TEAM}/me", headers=negar))
    assert (mine["name"], mine["email"], mine["role"], mine["companyName"]) == (
        NEGAR[0],
        NEGAR[1],
        "viewer",
        TEAM_COMPANY,
    )
    changed = ok(
        client.put(
            f"{TEAM}/me",
            json={"name": "Negar Sharifi", "phone": "+98 912 345 6789", "language": "fa"},
            headers=negar,
        )
    )
    assert (changed["name"], changed["phone"], changed["language"]) == (
        "Negar Sharifi",
        "+98 912 345 6789",
        "fa",
    )
    fails(
        client.put(f"{TEAM}/me", json={"name": "", "phone": "call me", "language": "xx"}, headers=negar), 400
    )
    # The language is the login's one choice: the header's switch and this form set and read the same, and
    # the portal (`/me`, what its e-mails and notices read too) follows the last of them.
    assert ok(client.get("/auth/api/v1/me", headers=negar))["language"] == "fa"
    ok(client.put(LANGUAGE, json={"language": "en"}, headers=negar))
    settle(client)
    assert ok(client.get(f"{TEAM}/me", headers=negar))["language"] == "en"
    mine = {"name": "Negar Sharifi", "phone": "+98 912 345 6789"}
    ok(client.put(f"{TEAM}/me", json={**mine, "language": "fa"}, headers=negar))
    settle(client)
    assert ok(client.get("/auth/api/v1/me", headers=negar))["language"] == "fa"
    # A viewer changes their own password like anyone.
    body = {
        "currentPassword": MEMBER_PASSWORD,
        "newPassword": "Another-Pass9",
        "confirmNewPassword": "Another-Pass9",
    }
    ok(client.put("/auth/api/v1/change-password", json=body, headers=negar))
    login(client, NEGAR[1], "Another-Pass9")
    # The company's own login has the company's profile, not a member's.
    fails(client.get(f"{TEAM}/me", headers=owner), 404)


def test_a_members_bad_phone_is_refused_in_the_readers_language(client: TestClient) -> None:
    """The phone a colleague gives on his own profile is checked by a message of the catalogue, which names
    the field, in English and in Persian (it was an English text no catalogue held, so Persian readers got
    it in English)."""
    owner, _ = company(client, TEAM_COMPANY, "ops@parsexport.example")
    negar, _ = member(client, owner, NEGAR[0], NEGAR[1], "viewer")
    key = "accounts.phone.memberInvalid"
    persian = json.loads((CONTRACT / "validation-messages.fa.json").read_text(encoding="utf-8"))[key]
    assert "phone" in message(key).lower() and "تلفن" in persian  # each names the field
    for language, said in (("en", message(key)), ("fa", persian)):
        asking = {**negar, "Accept-Language": language}
        for phone in ("call me", "0" * 31):
            body = {"name": NEGAR[0], "phone": phone, "language": "fa"}
            error = fails(client.put(f"{TEAM}/me", json=body, headers=asking), 400)
            assert error["fields"] == {"phone": said}, error


def test_the_trail_of_a_booking_worked_by_three_members_names_each(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    owner, _ = company(client, TEAM_COMPANY, "ops@parsexport.example")
    reza, _ = member(client, owner, REZA[0], REZA[1], "booker")
    dariush, _ = member(client, owner, DARIUSH[0], DARIUSH[1], "booker")
    maryam, _ = member(client, owner, MARYAM[0], MARYAM[1], "owner")
    booking = create(client, reza)
    rid = booking["id"]
    ok(client.put(f"/booking/api/v1/client/rate-requests/{rid}", json=payload(quantity=3), headers=dariush))
    quote = {"price": 1250.5, "validUntil": later()}
    ok(client.put(f"/booking/api/v1/admin/rate-requests/{rid}/quote", json=quote, headers=admin_headers))
    ok(client.put(f"/booking/api/v1/client/rate-requests/{rid}/approve", headers=maryam))

    trail = ok(client.get(f"/audit/api/v1/bookings/{booking['reference']}/trail", headers=admin_headers))
    named = {e["who"] for e in trail["entries"]}
    print("trail names:", sorted(named))
    for person, role in ((REZA, "booker"), (DARIUSH, "booker"), (MARYAM, "owner")):
        assert f"{person[0]} ({role}, {TEAM_COMPANY})" in named, named


def test_the_event_log_names_a_colleague_his_role_and_his_company_apart(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """The log gives who acted, his team role and his company as fields of their own (the screens say the
    role in the reader's words); the trail, said by the server, names the role in the reader's language."""
    owner, company_id = company(client, TEAM_COMPANY, "ops@parsexport.example")
    reza, _ = member(client, owner, REZA[0], REZA[1], "booker")
    booking = create(client, reza)
    events = ok(client.get(f"/audit/api/v1/aggregates/{booking['id']}/events", headers=admin_headers))
    created = events["events"][0]
    assert (created["actorName"], created["actorTeamRole"], created["actorCompany"]) == (
        REZA[0],
        "booker",
        TEAM_COMPANY,
    )
    assert created["actor"]["role"] == "customer"
    # The company's own login is the company: no colleague's role or company beside its name.
    mine = ok(client.get("/audit/api/v1/events", headers=admin_headers, params={"actor": company_id}))
    assert mine["list"] and all((e["actorTeamRole"], e["actorCompany"]) == (None, None) for e in mine["list"])

    trail = f"/audit/api/v1/bookings/{booking['reference']}/trail"
    said = {
        language: {
            e["who"]
            for e in ok(client.get(trail, headers={**admin_headers, "Accept-Language": language}))["entries"]
        }
        for language in ("en", "fa")
    }
    assert f"{REZA[0]} (booker, {TEAM_COMPANY})" in said["en"], said
    assert f"{REZA[0]} (رزروکننده، {TEAM_COMPANY})" in said["fa"], said
    assert not any("booker" in who for who in said["fa"]), said


def _company_notice(client: TestClient, company_id: str, title: str, subject: dict[str, Any] | None) -> str:
    """A notice to the company's account, as the policy records one (the sign-up's welcome opens nothing)."""
    services = services_of(client)
    notice = Notification.create(
        f"{title}/{company_id}", 1, company_id, title, f"{title}.", SYSTEM_ACTOR, subject=subject
    )
    services.settle(services.notifications.record(notice))
    return str(notice.id)


def test_a_member_reads_the_companys_notifications(client: TestClient, admin_headers: dict[str, str]) -> None:
    owner, company_id = company(client, TEAM_COMPANY, "ops@parsexport.example")
    welcome = _company_notice(client, company_id, "Registration accepted", None)
    edit = {"kind": "edit_request", "id": "10101010103", "reference": None}
    edited = _company_notice(client, company_id, "Profile edit approved", edit)
    reza, reza_id = member(client, owner, REZA[0], REZA[1], "booker")
    rid = create(client, reza)["id"]
    quote = {"price": 990, "validUntil": later()}
    ok(client.put(f"/booking/api/v1/admin/rate-requests/{rid}/quote", json=quote, headers=admin_headers))
    settle(client)
    page = "/notification/api/v1/notifications/{}/paging"

    def listed(who: dict[str, str], account: str = company_id) -> tuple[list[str], int, int]:
        data = ok(client.get(page.format(account), headers=who))["data"]
        notices = data["costumerlNotificationDetails"]["list"]
        return [n["id"] for n in notices], data["totalCount"], data["notSeenCount"]

    # The company's login reads every notice; a booker its bookings' alone (not the sign-up's welcome, which
    # tells of a password link e-mailed to the company, nor its profile edits, an owner's business).
    everything, total, _ = listed(owner)
    about_bookings = [n for n in everything if n not in (welcome, edited)]
    assert {welcome, edited} < set(everything) and about_bookings
    assert listed(reza) == listed(reza, reza_id) == (about_bookings, total - 2, total - 2)
    marking = "/notification/api/v1/notifications/mark-as-read"
    fails(client.put(marking, json={"notificationId": welcome}, headers=reza), 404)
    _, other_id = company(client, "Caspian Lines", "desk@caspian.example", foreign=True)
    fails(client.get(page.format(other_id), headers=reza), 403)
    # An owner of the team also reads what its profile edits came to.
    negar, _ = member(client, owner, NEGAR[0], NEGAR[1], "owner")
    assert listed(negar)[0] == [n for n in everything if n != welcome]

    # Each colleague reads the company's notices for himself: a viewer's read clears it for him alone.
    maryam, _ = member(client, owner, MARYAM[0], MARYAM[1], "viewer")
    first = about_bookings[0]
    marked = {"notificationId": first}
    ok(client.put(marking, json=marked, headers=maryam))
    settle(client)

    def unseen(who: dict[str, str]) -> tuple[int, bool]:
        data = ok(client.get(page.format(company_id), headers=who))["data"]
        read = {n["id"]: n["isRead"] for n in data["costumerlNotificationDetails"]["list"]}
        return data["notSeenCount"], read[first]

    assert unseen(maryam) == (len(about_bookings) - 1, True)
    assert unseen(reza) == (len(about_bookings), False)
    assert unseen(owner) == (total, False)
    ok(client.put(marking, json=marked, headers=reza))
    ok(client.put(marking, json=marked, headers=reza))  # once
    settle(client)
    assert unseen(reza) == (len(about_bookings) - 1, True)
    assert unseen(owner) == (total, False)
    ok(client.put(marking, json={"notificationId": welcome}, headers=owner))
    settle(client)
    assert unseen(owner)[0] == total - 1 and unseen(reza)[0] == len(about_bookings) - 1


def test_the_team_shares_the_companys_address_book(client: TestClient) -> None:
    book = "/booking/api/v1/client/address-book"
    owner, _ = company(client, TEAM_COMPANY, "ops@parsexport.example")
    reza, _ = member(client, owner, REZA[0], REZA[1], "booker")
    maryam, _ = member(client, owner, MARYAM[0], MARYAM[1], "viewer")
    saved = ok(
        client.post(book, json={"name": "Hamburg Notify GmbH", "address": "Am Sandtorkai 1"}, headers=reza),
        201,
    )
    for headers in (owner, reza, maryam):
        assert [p["id"] for p in ok(client.get(book, headers=headers))["list"]] == [saved["id"]]
    fails(client.post(book, json={"name": "Caspian", "address": "Bandar Anzali"}, headers=maryam), 403)
    other, _ = company(client, "Caspian Lines", "desk@caspian.example", foreign=True)
    assert ok(client.get(book, headers=other))["list"] == []


def test_a_members_api_key_is_theirs_alone_and_nobody_elses_is_found(client: TestClient) -> None:
    """Keys are personal: neither the owner nor a colleague learns that another's key exists (both 404,
    never a 403 that tells one apart), and each lists only their own."""
    owner, _ = company(client, "Kimia Logistics", "ops@kimia.example")
    reza, _ = member(client, owner, REZA[0], REZA[1], "booker")
    owners = ok(client.post(KEYS, json={"label": "ERP"}, headers=owner), 201)
    rezas = ok(client.post(KEYS, json={"label": "TMS"}, headers=reza), 201)
    for key, someone_else in ((owners, reza), (rezas, owner)):
        assert fails(client.delete(f"{KEYS}/{key['id']}", headers=someone_else), 404)["description"] == (
            "API key not found"
        )
        assert client.get("/v2/bookings/x1", headers={"API-Key": key["key"]}).status_code == 404  # still live
    assert [k["label"] for k in ok(client.get(KEYS, headers=reza))["list"]] == ["TMS"]
    assert [k["label"] for k in ok(client.get(KEYS, headers=owner))["list"]] == ["ERP"]
    ok(client.delete(f"{KEYS}/{rezas['id']}", headers=reza))
    assert client.get("/v2/bookings/x1", headers={"API-Key": rezas["key"]}).status_code == 401


def test_a_renamed_company_is_named_as_it_is_now_by_its_team(client: TestClient) -> None:
    """The team copied the company's name and contact when it was formed; after an approved profile edit,
    invitations, the members' own profile, an acceptance and the team list say the name it has now."""
    services = services_of(client)
    owner, company_id = company(client, "Kavir Trading", "ops@kavir.example")
    reza, _ = member(client, owner, REZA[0], REZA[1], "booker")  # the team is formed with the old name
    account = services.accounts.customer(company_id)
    renamed = {**account.profile, "name": "Kavir Global Logistics", "contact_person": "Shirin Kavir"}
    account.update_profile(renamed, "r1", SYSTEM_ACTOR)
    services.settle(services.accounts.record(account))

    assert ok(client.get(f"{TEAM}/me", headers=reza))["companyName"] == "Kavir Global Logistics"
    listed = ok(client.get(TEAM, headers=owner))
    assert listed["companyName"] == "Kavir Global Logistics"
    assert [m["name"] for m in listed["list"] if m["id"] == company_id] == ["Shirin Kavir"]
    invite(client, owner, MARYAM[0], MARYAM[1], "viewer")
    (mail,) = [m for m in outbox(client) if m["to"] == MARYAM[1]]
    assert "Kavir Global Logistics" in mail["subject"] and "Kavir Trading" not in mail["body"]
    assert accept(client, MARYAM[1])["companyName"] == "Kavir Global Logistics"


def _links_to(inbox: Inbox, address: str, path: str) -> list[dict[str, str]]:
    """The query of every link to `path` in the e-mails the SMTP server received for `address`."""
    found = []
    for mail in inbox.received:
        if mail["To"] != address:
            continue
        text, _ = parts(mail)
        for link in re.findall(r"https?://\S+", text):
            if urlparse(link).path == path:
                found.append({k: v[0] for k, v in parse_qs(urlparse(link).query).items()})
    return found


def _colleague_by_smtp(client: TestClient, owner: dict[str, str], inbox: Inbox) -> str:
    """Reza invited, his link taken from the e-mail the SMTP server received, accepted: his member id."""
    invited = invite(client, owner, REZA[0], REZA[1], "booker")
    settle(client)
    (link,) = _links_to(inbox, REZA[1], "/team/invitation")
    ok(client.post(ACCEPT.format(link["token"]), json={"password": MEMBER_PASSWORD}))
    login(client, REZA[1], MEMBER_PASSWORD)
    return str(invited["id"])


def test_a_removed_colleague_gets_no_reset_link(smtp_server: tuple[int, Inbox], tmp_path: Path) -> None:
    """Asked for a removed colleague's address, the reset answers as for an address nobody has, records
    nothing and e-mails nothing; a colleague still in the team gets his link as ever."""
    port, inbox = smtp_server
    with smtp_app(tmp_path / "var", port) as (client, _):
        owner, _ = company(client, TEAM_COMPANY, "ops@parsexport.example")
        reza_id = _colleague_by_smtp(client, owner, inbox)
        invite(client, owner, MARYAM[0], MARYAM[1], "viewer")
        settle(client)
        (link,) = _links_to(inbox, MARYAM[1], "/team/invitation")
        ok(client.post(ACCEPT.format(link["token"]), json={"password": MEMBER_PASSWORD}))
        # Maryam, still a colleague, gets her link.
        ok(client.get(f"{AUTH}/{MARYAM[1]}/reset-password/token"))
        settle(client)
        assert len(_links_to(inbox, MARYAM[1], RESET_PAGE)) == 1
        ok(client.delete(f"{TEAM}/members/{reza_id}", headers=owner))
        head = settle(client)
        received = len(inbox.received)

        removed = client.get(f"{AUTH}/{REZA[1]}/reset-password/token")
        unknown = client.get(f"{AUTH}/nobody.{fresh_company_id()}@parsexport.example/reset-password/token")
        assert (removed.status_code, removed.json()) == (unknown.status_code, unknown.json())
        assert settle(client) == head
        assert len(inbox.received) == received and _links_to(inbox, REZA[1], RESET_PAGE) == []


def test_a_reset_link_sent_before_the_removal_is_refused_after_it(
    smtp_server: tuple[int, Inbox], tmp_path: Path
) -> None:
    """A colleague asked for a reset link, then was removed from the team: the link sets no password (as a
    wrong link is refused), he still logs in nowhere, and it stays refused once he is invited back."""
    port, inbox = smtp_server
    with smtp_app(tmp_path / "var", port) as (client, _):
        owner, _ = company(client, TEAM_COMPANY, "ops@parsexport.example")
        reza_id = _colleague_by_smtp(client, owner, inbox)
        ok(client.get(f"{AUTH}/{REZA[1]}/reset-password/token"))
        settle(client)
        (link,) = _links_to(inbox, REZA[1], RESET_PAGE)
        assert link["nationalId"] == REZA[1]
        ok(client.delete(f"{TEAM}/members/{reza_id}", headers=owner))
        head = settle(client)

        new = "Regained-Pass8"
        body = {"token": link["token"], "newPassword": new, "confirmNewPassword": new}
        used = client.put(f"{AUTH}/{REZA[1]}/reset-password", json=body)
        wrong = client.put(f"{AUTH}/{REZA[1]}/reset-password", json={**body, "token": "not-the-token"})
        assert used.status_code == 400
        assert (used.status_code, used.json()) == (wrong.status_code, wrong.json())
        assert settle(client) == head
        for password in (new, MEMBER_PASSWORD):
            answer = client.post(f"{AUTH}/login", json={"username": REZA[1], "password": password})
            assert answer.status_code == 401

        # Invited back (not yet accepted), the old link is refused still.
        invite(client, owner, REZA[0], REZA[1], "viewer")
        settle(client)
        fails(client.put(f"{AUTH}/{REZA[1]}/reset-password", json=body), 400)

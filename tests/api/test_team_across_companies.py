"""One person, two companies: a person's e-mail address names one live login, so a company may not invite
someone another company's team holds, nor change or remove another company's member; and erasing a company
takes what its team held of the people it invited, never another company's colleague. One removed from a
team may join another, under a new login that carries nothing of the one he left (decisions 1801, 3809,
3810, 3823, 3826). SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from domain.accounts.account import account_id
from domain.accounts.team import ADDRESS_TAKEN
from domain.shared.actor import CUSTOMER, Actor
from tests.api.accounts_support import fails, ok, outbox, settle
from tests.api.booking_support import assert_verify_clean, create, customer
from tests.api.team_support import MEMBER_PASSWORD, TEAM, accept, company, invitation_token, invite
from tests.app_services import services_of
from tests.conftest import login
from tests.corpus import TEAM_COLLEAGUES

ERASE = "/account/api/v1/admin/customers/{}/erase"
REZA, MARYAM, _, NEGAR = TEAM_COLLEAGUES


def _names(client: TestClient, owner: dict[str, str]) -> dict[str, tuple[str, str, str]]:
    return {m["id"]: (m["name"], m["email"], m["role"]) for m in ok(client.get(TEAM, headers=owner))["list"]}


def test_a_company_cannot_take_or_change_another_companys_colleague(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    kavir, _ = company(client, "Kavir Trading", "ops@kavir-across.example")
    sepid, _ = company(client, "Sepid Lines", "ops@sepid-across.example")
    invited = invite(client, kavir, REZA[0], REZA[1], "booker")
    # While Kavir's link is good, Sepid may not invite him: the one login would be two companies'.
    refused = fails(
        client.post(f"{TEAM}/invitations", headers=sepid, json={**_body(REZA), "role": "viewer"}), 409
    )
    assert "another company" in refused["description"]
    assert invited["id"] in _names(client, kavir)  # Kavir's invitation stands, its link too
    ok(client.delete(f"{TEAM}/members/{invited['id']}", headers=kavir))  # Kavir withdraws it

    invite(client, sepid, REZA[0], REZA[1], "viewer")
    accept(client, REZA[1])
    reza = login(client, REZA[1], MEMBER_PASSWORD)
    # Kavir's old invitation names the same person: Kavir can neither promote nor remove Sepid's viewer.
    fails(client.put(f"{TEAM}/members/{invited['id']}", json={"role": "owner"}, headers=kavir), 404)
    fails(client.delete(f"{TEAM}/members/{invited['id']}", headers=kavir), 404)
    fails(client.post(f"{TEAM}/invitations", headers=kavir, json={**_body(REZA), "role": "booker"}), 409)
    assert _names(client, sepid)[invited["id"]] == (REZA[0], REZA[1], "viewer")
    assert ok(client.get("/auth/api/v1/me", headers=reza))["teamRole"] == "viewer"


def _body(person: tuple[str, str]) -> dict[str, str]:
    return {"name": person[0], "email": person[1]}


def test_erasing_a_company_leaves_another_companys_colleague_and_invitations(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    kavir, kavir_id = company(client, "Kavir Export", "ops@kavir-erased.example")
    sepid, _ = company(client, "Sepid Shipping", "ops@sepid-kept.example")
    dena, dena_id = company(client, "Dena Freight", "ops@dena-erased.example")
    # Kavir invited Maryam and withdrew; she joined Sepid since.
    first = invite(client, kavir, MARYAM[0], MARYAM[1], "booker")
    ok(client.delete(f"{TEAM}/members/{first['id']}", headers=kavir))
    invite(client, sepid, MARYAM[0], MARYAM[1], "booker")
    accept(client, MARYAM[1])
    # Dena invited Negar, who never answered.
    invite(client, dena, NEGAR[0], NEGAR[1], "viewer")

    for erased in (kavir_id, dena_id):
        ok(client.post(ERASE.format(erased), json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    settle(client)

    maryam = login(client, MARYAM[1], MEMBER_PASSWORD)  # she still signs in, as Sepid's
    assert ok(client.get(f"{TEAM}/me", headers=maryam))["name"] == MARYAM[0]
    assert _names(client, sepid)[first["id"]] == (MARYAM[0], MARYAM[1], "booker")
    # Kavir's team held her name as invited: that went with Kavir.
    team_events = ok(client.get(f"/audit/api/v1/aggregates/{_team(kavir_id)}/events", headers=admin_headers))
    assert MARYAM[1] not in str(team_events) and MARYAM[0] not in str(team_events)
    # Negar may be invited by another company as if Dena never had: named, and e-mailed her link.
    again = invite(client, sepid, NEGAR[0], NEGAR[1], "viewer")
    assert (again["name"], again["email"]) == (NEGAR[0], NEGAR[1])
    assert invitation_token(client, NEGAR[1])
    assert any(m["to"] == NEGAR[1] and "Sepid Shipping" in m["subject"] for m in outbox(client))


def _team(company_id: str) -> str:
    from domain.accounts.team import team_id

    return str(team_id(company_id))


KEYS = "/integrations/api/v1/client/api-keys"
BOOKINGS = "/booking/api/v1/client/rate-requests"
SEPID_PASSWORD = "Sepid-Colleague9"


def _left_kavir_for_sepid(client: TestClient) -> dict[str, object]:
    """Reza joined Kavir as a booker, booked, made an API key and was removed; Sepid invited him as its owner
    and he chose a new password on Sepid's link: what the tests below read of it."""
    kavir, kavir_id = company(client, "Kavir Trading", "ops@kavir-left.example")
    sepid, sepid_id = company(client, "Sepid Lines", "ops@sepid-joined.example")
    invite(client, kavir, REZA[0], REZA[1], "booker")
    accept(client, REZA[1])
    at_kavir = login(client, REZA[1], MEMBER_PASSWORD)
    kavir_booking = create(client, at_kavir)
    key = ok(client.post(KEYS, json={"label": "Kavir ERP"}, headers=at_kavir), 201)["key"]
    kavir_member = ok(client.get(f"{TEAM}/me", headers=at_kavir))["id"]
    ok(client.delete(f"{TEAM}/members/{kavir_member}", headers=kavir))
    assert client.get("/auth/api/v1/me", headers=at_kavir).status_code == 401

    invited = invite(client, sepid, REZA[0], REZA[1], "owner")  # 201: he is nobody's colleague now
    assert accept(client, REZA[1], SEPID_PASSWORD) == {"username": REZA[1], "companyName": "Sepid Lines"}
    return {
        "kavir": kavir,
        "kavir_id": kavir_id,
        "sepid": sepid,
        "sepid_id": sepid_id,
        "at_kavir": at_kavir,
        "kavir_member": kavir_member,
        "kavir_booking": kavir_booking,
        "key": key,
        "sepid_member": invited["id"],
    }


def test_a_colleague_one_company_removed_may_join_another_as_a_new_login(client: TestClient) -> None:
    """Decision 3826: removal retires the login the person had at the company; the next company's invitation
    opens a login of his own there, with nothing of the first one's: not its sessions, keys or password."""
    left = _left_kavir_for_sepid(client)
    assert left["sepid_member"] != left["kavir_member"]
    old = client.post("/auth/api/v1/login", json={"username": REZA[1], "password": MEMBER_PASSWORD})
    assert old.status_code == 401  # Kavir's password is not his at Sepid
    reza = login(client, REZA[1], SEPID_PASSWORD)
    me = ok(client.get("/auth/api/v1/me", headers=reza))
    assert (me["companyId"], me["teamRole"], me["username"]) == (left["sepid_id"], "owner", REZA[1])
    assert ok(client.get(f"{TEAM}/me", headers=reza))["companyName"] == "Sepid Lines"

    # He books for Sepid and sees Sepid's bookings, not Kavir's.
    sepid_booking = create(client, reza)
    listed = ok(client.get(f"{BOOKINGS}?limit=10&offset=1", headers=reza))["list"]["list"]
    assert [b["id"] for b in listed] == [sepid_booking["id"]]
    kavir_booking = left["kavir_booking"]
    assert isinstance(kavir_booking, dict)
    fails(client.get(f"{BOOKINGS}/{kavir_booking['id']}", headers=reza), 404)
    # What he had at Kavir opens nothing, at Kavir or at Sepid: its session, its API key.
    at_kavir = left["at_kavir"]
    assert isinstance(at_kavir, dict)
    assert client.get("/auth/api/v1/me", headers=at_kavir).status_code == 401
    assert client.get(f"{BOOKINGS}/{sepid_booking['id']}", headers=at_kavir).status_code == 401
    assert client.get("/v2/bookings/x1", headers={"API-Key": str(left["key"])}).status_code == 401
    assert ok(client.get(KEYS, headers=reza))["list"] == []
    page = "/notification/api/v1/notifications/{}/paging"
    fails(client.get(page.format(left["kavir_id"]), headers=reza), 403)

    # Sepid's team has him as its owner; Kavir's lists him no more, and may not take him back while he is
    # Sepid's.
    sepid, kavir = left["sepid"], left["kavir"]
    assert isinstance(sepid, dict) and isinstance(kavir, dict)
    assert _names(client, sepid)[str(left["sepid_member"])] == (REZA[0], REZA[1], "owner")
    assert REZA[1] not in {email for _, email, _ in _names(client, kavir).values()}
    fails(client.post(f"{TEAM}/invitations", headers=kavir, json={**_body(REZA), "role": "viewer"}), 409)
    fails(client.delete(f"{TEAM}/members/{left['sepid_member']}", headers=kavir), 404)


def test_the_trail_names_whose_colleague_he_was_when_he_acted(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """What he did at Kavir stays Kavir's booker's; what he does at Sepid is Sepid's owner's."""
    left = _left_kavir_for_sepid(client)
    reza = login(client, REZA[1], SEPID_PASSWORD)
    sepid_booking = create(client, reza)
    kavir_booking = left["kavir_booking"]
    assert isinstance(kavir_booking, dict)

    def who(booking: dict[str, object]) -> set[str]:
        trail = f"/audit/api/v1/bookings/{booking['reference']}/trail"
        return {e["who"] for e in ok(client.get(trail, headers=admin_headers))["entries"]}

    assert f"{REZA[0]} (booker, Kavir Trading)" in who(kavir_booking)
    assert f"{REZA[0]} (owner, Sepid Lines)" in who(sepid_booking)
    created = ok(client.get(f"/audit/api/v1/aggregates/{kavir_booking['id']}/events", headers=admin_headers))
    first = created["events"][0]
    assert (first["actorName"], first["actorTeamRole"], first["actorCompany"]) == (
        REZA[0],
        "booker",
        "Kavir Trading",
    )


def test_erasing_the_company_he_left_leaves_his_place_at_the_next(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    left = _left_kavir_for_sepid(client)
    assert_verify_clean(services_of(client), tmp_path)  # a rebuild sets the retired login's name aside too
    reza = login(client, REZA[1], SEPID_PASSWORD)
    sepid_booking = create(client, reza)
    ok(
        client.post(
            ERASE.format(left["kavir_id"]), json={"reason": "GDPR art. 17 request"}, headers=admin_headers
        )
    )
    settle(client)

    reza = login(client, REZA[1], SEPID_PASSWORD)  # he still signs in, as Sepid's owner
    assert ok(client.get(f"{TEAM}/me", headers=reza))["name"] == REZA[0]
    assert ok(client.get(f"{BOOKINGS}/{sepid_booking['id']}", headers=reza))["id"] == sepid_booking["id"]
    sepid = left["sepid"]
    assert isinstance(sepid, dict)
    assert _names(client, sepid)[str(left["sepid_member"])] == (REZA[0], REZA[1], "owner")
    # Kavir's team held him as its booker: that went with Kavir.
    team_events = ok(
        client.get(f"/audit/api/v1/aggregates/{_team(str(left['kavir_id']))}/events", headers=admin_headers)
    )
    assert REZA[1] not in str(team_events) and REZA[0] not in str(team_events)
    assert_verify_clean(services_of(client), tmp_path)


def test_a_customers_own_login_is_not_invited(client: TestClient) -> None:
    """An address that is a customer's own login (not a colleague's) stays refused: it has a login of its
    own, in no team."""
    kavir, _ = company(client, "Kavir Trading", "ops@kavir-customer.example")
    customer(client, NEGAR[1])
    refused = fails(
        client.post(f"{TEAM}/invitations", headers=kavir, json={**_body(NEGAR), "role": "viewer"}), 409
    )
    assert refused["description"] == ADDRESS_TAKEN


def test_a_colleague_removed_before_removals_retired_his_login_may_join_another(client: TestClient) -> None:
    """A store written before decision 3826 holds removed colleagues whose login was not retired: the next
    company's invitation retires it then, and he joins under a new login as anyone removed since."""
    kavir, kavir_id = company(client, "Kavir Trading", "ops@kavir-before.example")
    sepid, sepid_id = company(client, "Sepid Lines", "ops@sepid-before.example")
    invited = invite(client, kavir, MARYAM[0], MARYAM[1], "booker")
    accept(client, MARYAM[1])
    services = services_of(client)
    owner = Actor(kavir_id, CUSTOMER)
    team = services.accounts.team(kavir_id, owner)
    team.remove(invited["id"], owner)  # removed as the code before did: the team alone
    services.settle(services.accounts.record(team))
    assert not services.accounts.customer(invited["id"]).retired

    again = invite(client, sepid, MARYAM[0], MARYAM[1], "viewer")
    assert again["id"] == str(account_id(MARYAM[1], 1))
    assert services.accounts.customer(invited["id"]).retired
    accept(client, MARYAM[1], SEPID_PASSWORD)
    maryam = login(client, MARYAM[1], SEPID_PASSWORD)
    assert ok(client.get("/auth/api/v1/me", headers=maryam))["companyId"] == sepid_id

"""One person, two companies: a person's login is one (their e-mail address), so a company may not invite
someone another company's team holds, nor change or remove another company's member; and erasing a company
takes what its team held of the people it invited, never another company's colleague (decisions 1801,
3809, 3810). SQLite and PostgreSQL."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.api.accounts_support import fails, ok, outbox, settle
from tests.api.team_support import MEMBER_PASSWORD, TEAM, accept, company, invitation_token, invite
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

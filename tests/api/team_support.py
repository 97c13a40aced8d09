"""Helpers of the team tests: a company account opened in the store, colleagues invited and accepted."""

from __future__ import annotations

from typing import Any

import httpx

from domain.accounts.account import DOMESTIC_COMPANY, FOREIGN_COMPANY, Account
from domain.shared.actor import SYSTEM_ACTOR
from tests.api.accounts_support import ok, outbox
from tests.app_services import services_of
from tests.conftest import TEST_PASSWORDS, login
from tests.corpus import fresh_company_id

TEAM = "/account/api/v1/client/team"
PASSWORD = "Company-Pass1"
MEMBER_PASSWORD = "Colleague-Pass7"


def company(client: httpx.Client, name: str, email: str, foreign: bool = False) -> tuple[dict[str, str], str]:
    """A company account (registration is its own tests' business) logged in as its own login: (headers,
    account id)."""
    services = services_of(client)
    username = fresh_company_id()
    profile = {"name": name, "email": email, "contact_person": name, "phone": "09121234567"}
    kind = FOREIGN_COMPANY if foreign else DOMESTIC_COMPANY
    account = Account.open(username, kind, ["customer"], profile, SYSTEM_ACTOR)
    account.set_password(TEST_PASSWORDS.hash(PASSWORD), SYSTEM_ACTOR)
    services.settle(services.accounts.record(account))
    return login(client, username, PASSWORD), str(account.id)


def invitation_token(client: httpx.Client, email: str) -> str:
    tokens = [
        m["data"]["token"]
        for m in outbox(client)
        if m["channel"] == "email" and m["to"] == email and "/team/invitation" in m["data"].get("link", "")
    ]
    assert tokens, f"no invitation was e-mailed to {email}"
    return str(tokens[-1])


def invite(client: httpx.Client, owner: dict[str, str], name: str, email: str, role: str) -> dict[str, Any]:
    body = {"email": email, "name": name, "role": role}
    return dict(ok(client.post(f"{TEAM}/invitations", json=body, headers=owner), 201))


def accept(client: httpx.Client, email: str, password: str = MEMBER_PASSWORD) -> dict[str, Any]:
    token = invitation_token(client, email)
    url = f"/account/api/v1/team/invitations/{token}/accept"
    return dict(ok(client.post(url, json={"password": password})))


def member(
    client: httpx.Client, owner: dict[str, str], name: str, email: str, role: str
) -> tuple[dict[str, str], str]:
    """A colleague invited, accepted and logged in with their e-mail address: (headers, member id)."""
    invited = invite(client, owner, name, email, role)
    accept(client, email)
    return login(client, email, MEMBER_PASSWORD), str(invited["id"])

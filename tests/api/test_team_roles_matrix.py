"""The authorisation matrix with the team's roles: every door of the app (read from the app itself, so a door
added later is in it too) x the roles viewer, booker and owner x the other company.

- wrongly granted: a viewer let into any door that changes something (other than their own session,
  password, profile, API keys and notifications), a booker into an owner's door (the team, webhooks, the
  company profile, approving the transport document), a member into a staff door, or a viewer's API key into
  a `/v2` or `/v3` change;
- cross-company reads: any member reading the other company's booking by its id or reference at any door.
Both must be 0."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.api.accounts_support import ok
from tests.api.booking_support import create, in_shipping_order
from tests.api.identity_support import STREAM, Door, doors
from tests.api.team_support import company, member
from tests.app_services import app_of
from tests.corpus import TEAM_COLLEAGUES, TEAM_COMPANY

REZA, MARYAM, DARIUSH, _ = TEAM_COLLEAGUES
KEYS = "/integrations/api/v1/client/api-keys"
# What any member does for themselves, whatever their role.
PERSONAL = re.compile(
    r"^(/auth/api/v1/(login|logout|logout-all|change-password)|/account/api/v1/client/team/me"
    r"|/account/api/v1/client/profile/language"
    r"|/integrations/api/v1/client/api-keys(/\{[^}]+\})?|/notification/api/v1/notifications/mark-as-read)$"
)
# An owner's alone.
OWNERS = re.compile(
    r"^(/account/api/v1/client/team/(invitations|members/\{id\})|/integrations/api/v1/client/webhooks.*"
    r"|/account/api/v1/client/(indivisual|domestic-corporate|foreign-corporate)-customers"
    r"|/account/api/v1/client/email-preferences|/booking/api/v1/client/shipping-orders/\{id\}/approve"
    r"|/v3/transport-documents/\{transportDocumentReference\})$"
)
STAFF = re.compile(r"^/(booking|account|audit|integrations|tracking|notification)/api/v1/admin/|^/audit/")
# Calls that would end the caller's own session mid-matrix (their refusal is not in question: personal).
SKIP = {
    ("POST", "/auth/api/v1/logout"),
    ("POST", "/auth/api/v1/logout-all"),
    ("PUT", "/auth/api/v1/change-password"),
    ("GET", STREAM),
}


def _changes(door: Door) -> bool:
    return door.method not in ("GET", "HEAD", "OPTIONS")


def _granted(status: int) -> bool:
    return status not in (401, 403)


def test_roles_at_every_door(client: TestClient, admin_headers: dict[str, str]) -> None:
    owner, _ = company(client, TEAM_COMPANY, "ops@parsexport.example")
    booker, _ = member(client, owner, REZA[0], REZA[1], "booker")
    viewer, _ = member(client, owner, MARYAM[0], MARYAM[1], "viewer")
    viewer_key = ok(client.post(KEYS, json={"label": "ERP"}, headers=viewer), 201)["key"]
    everyone = {"viewer": viewer, "booker": booker}
    tried, wrong = 0, []
    for door in doors(app_of(client)):
        if (door.method, door.path) in SKIP or door.path == "/account/api/v1/team/invitations/{token}/accept":
            continue
        for role, headers in everyone.items():
            refused_here = (
                (STAFF.match(door.path) is not None and not door.path.startswith("/audit/api/v1/client"))
                or (_changes(door) and role == "viewer" and not PERSONAL.match(door.path))
                or (
                    role != "owner"
                    and OWNERS.match(door.path) is not None
                    and (_changes(door) or "webhooks" in door.path)
                )
            )
            if not refused_here:
                continue
            tried += 1
            answer = door.call(client, headers)
            if _granted(answer.status_code):
                wrong.append(f"{role} {door.method} {door.path}: {answer.status_code}")
        if door.path.startswith(("/v2/", "/v3/")) and _changes(door):
            tried += 1
            answer = door.call(client, {"API-Key": viewer_key})
            if _granted(answer.status_code):
                wrong.append(f"viewer key {door.method} {door.path}: {answer.status_code}")
    # The owner's own doors are open to the owner (the check refuses by role, not for everyone).
    for path in ("/account/api/v1/client/team/invitations", "/integrations/api/v1/client/webhooks"):
        tried += 1
        if client.post(path, json={}, headers=owner).status_code in (401, 403):
            wrong.append(f"owner POST {path} refused")
    # ... and what is anyone's own is a viewer's too: choosing the language she reads the portal in.
    tried += 1
    chosen = client.put("/account/api/v1/client/profile/language", json={"language": "fa"}, headers=viewer)
    if chosen.status_code != 200:
        wrong.append(f"viewer PUT her own language refused: {chosen.status_code}")
    print(f"role matrix: tried {tried}, wrongly granted {len(wrong)}")
    assert not wrong, wrong


def test_no_member_reads_another_companys_booking(client: TestClient, admin_headers: dict[str, str]) -> None:
    owner, _ = company(client, TEAM_COMPANY, "ops@parsexport.example")
    booker, _ = member(client, owner, REZA[0], REZA[1], "booker")
    viewer, _ = member(client, owner, MARYAM[0], MARYAM[1], "viewer")
    other, _ = company(client, "Caspian Lines", "desk@caspian.example", foreign=True)
    rid = in_shipping_order(client, other, admin_headers)
    theirs = ok(client.get(f"/booking/api/v1/client/rate-requests/{rid}", headers=other))
    own = create(client, booker)["id"]
    ok(client.get(f"/booking/api/v1/client/rate-requests/{own}", headers=viewer))
    keys = {
        role: ok(client.post(KEYS, json={"label": role}, headers=headers), 201)["key"]
        for role, headers in (("viewer", viewer), ("booker", booker))
    }
    callers = {
        "owner": owner,
        "booker": booker,
        "viewer": viewer,
        "viewer key": {"API-Key": keys["viewer"]},
        "booker key": {"API-Key": keys["booker"]},
    }
    tried, leaked = 0, []
    for door in doors(app_of(client)):
        if door.method != "GET" or "{" not in door.path or door.path == STREAM:
            continue
        for value in (rid, theirs["reference"]):
            url = re.sub(r"\{[^}]+\}", value, door.path)
            for who, headers in callers.items():
                tried += 1
                answer = client.get(url, headers=headers)
                if answer.status_code < 300:
                    leaked.append(f"{who} GET {url}: {answer.status_code}")
    # The list reads show only the caller's company's bookings.
    for who, headers in (("owner", owner), ("booker", booker), ("viewer", viewer)):
        tried += 1
        listed = ok(client.get("/booking/api/v1/client/rate-requests", headers=headers))
        ids = {r["id"] for r in listed["list"]["list"]}
        if rid in ids:
            leaked.append(f"{who} lists the other company's booking")
        assert own in ids, f"{who} does not list the company's own booking"
    print(f"cross-company reads: tried {tried}, leaked {len(leaked)}")
    assert not leaked, leaked

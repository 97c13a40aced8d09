"""Who of the company last sent each shared draft of a booking, and when (decision 3886): the rate request,
the booking request's documents and the shipping order. A colleague typing one of them is told that another
sent it meanwhile; the detail says who and when, to those who may read the booking and to nobody else."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.booking_support import ADMIN, CLIENT, customer, fails, in_shipping_order, ok, order_payload
from tests.api.team_support import company, member
from tests.corpus import TEAM_COLLEAGUES, TEAM_COMPANY

REZA, MARYAM, _, NEGAR = TEAM_COLLEAGUES


def _detail(client: TestClient, rid: str, headers: dict[str, str]) -> dict[str, Any]:
    return dict(ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers)))


def test_who_sent_each_draft_is_read_by_the_team_and_no_one_else(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    owner, _ = company(client, TEAM_COMPANY, "ops@parsexport.example")
    reza, _ = member(client, owner, REZA[0], REZA[1], "booker")
    maryam, _ = member(client, owner, MARYAM[0], MARYAM[1], "owner")
    negar, _ = member(client, owner, NEGAR[0], NEGAR[1], "viewer")
    outsider = customer(client, "sent-meanwhile-outsider")

    # Reza created the request and sent its documents; nobody sent an order yet.
    rid = in_shipping_order(client, reza, admin_headers)
    before = _detail(client, rid, negar)["sent"]
    assert (before["request"]["name"], before["request"]["byYou"]) == (REZA[0], False)
    assert (before["documents"]["name"], before["documents"]["byYou"]) == (REZA[0], False)
    assert before["order"] is None

    # Maryam sends the order while Reza is typing it: Reza is told it was she, and when.
    ok(client.post(f"{CLIENT}/shipping-orders", headers=maryam, json=order_payload(rid)), 201)
    told = _detail(client, rid, reza)
    sent = told["sent"]["order"]
    assert (sent["name"], sent["byYou"]) == (MARYAM[0], False), sent
    assert sent["at"] == told["order"]["createdAt"]
    assert told["sent"]["documents"]["byYou"] is True  # Reza's own send is said to be his
    # Maryam's own screen knows the send was hers; a viewer reads who it was too.
    assert _detail(client, rid, maryam)["sent"]["order"]["byYou"] is True
    assert _detail(client, rid, negar)["sent"]["order"]["name"] == MARYAM[0]

    # Staff read it with the booking; nobody outside the company reads the booking or who sent what.
    staff = ok(client.get(f"{ADMIN}/rate-requests/{rid}", headers=admin_headers))
    assert staff.get("sent") is None or staff["sent"]["order"]["name"] == MARYAM[0]
    refused = fails(client.get(f"{CLIENT}/rate-requests/{rid}", headers=outsider), 404)
    assert MARYAM[0] not in str(refused)

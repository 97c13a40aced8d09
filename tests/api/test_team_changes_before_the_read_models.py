"""A team's role change and removal count at every door from the moment they are recorded, however far the
read models' follower has got (decision 3890): with the follower held, the owner's demotion and removal are
answered 202 (recorded, not yet shown), and from then on the demoted booker's change and his key's `/v2`
booking are refused as a viewer's, and the removed colleague's key as her session is."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.edge.identity import VIEWER_REFUSED
from api.main import create_app
from tests.api.accounts_support import fails, ok
from tests.api.booking_support import CLIENT, payload
from tests.api.dcsa_support import sample
from tests.api.team_support import MEMBER_PASSWORD, TEAM, accept, company, invite, member
from tests.app_services import services_of
from tests.conftest import login, make_settings
from tests.corpus import TEAM_COLLEAGUES, TEAM_COMPANY

REZA, MARYAM, DARIUSH, _ = TEAM_COLLEAGUES
KEYS = "/integrations/api/v1/client/api-keys"
# The owner's answer waits this long for the read models before it says 202 (recorded, not yet shown).
SETTLE_SECONDS = 0.3


@pytest.fixture
def late(database_url: str | None, tmp_path: Path) -> Iterator[TestClient]:
    settings = make_settings(tmp_path / "var", database_url, SETTLE_SECONDS=SETTLE_SECONDS)
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        yield client


def _held(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Holds the read models' follower before its next batch (no transaction open) until the event is set."""
    follower = services_of(client).read_follower
    apply_next = follower.apply_next
    gate = threading.Event()

    def held() -> int:
        gate.wait(60)
        return apply_next()

    monkeypatch.setattr(follower, "apply_next", held)
    return gate


def test_a_demotion_and_a_removal_count_before_the_read_models_show_them(
    late: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = late
    owner, _ = company(client, TEAM_COMPANY, "ops@parsexport.example")
    reza, reza_id = member(client, owner, REZA[0], REZA[1], "booker")
    maryam, maryam_id = member(client, owner, MARYAM[0], MARYAM[1], "viewer")
    rezas_key = {"API-Key": ok(client.post(KEYS, json={"label": "TMS"}, headers=reza), 201)["key"]}
    maryams_key = {"API-Key": ok(client.post(KEYS, json={"label": "ERP"}, headers=maryam), 201)["key"]}
    services = services_of(client)
    assert services.settle_all()
    gate = _held(client, monkeypatch)
    try:
        demoted = client.put(f"{TEAM}/members/{reza_id}", json={"role": "viewer"}, headers=owner)
        removed = client.delete(f"{TEAM}/members/{maryam_id}", headers=owner)
        assert (demoted.status_code, removed.status_code) == (202, 202), (demoted.text, removed.text)
        assert not services.shown_now(services.store.head())  # the read models still show the old team

        def refusals() -> None:
            assert (
                fails(client.post(f"{CLIENT}/rate-requests", json=payload(), headers=reza), 403)[
                    "description"
                ]
                == VIEWER_REFUSED
            )
            assert (
                client.post("/v2/bookings", json=sample("booking-regular"), headers=rezas_key).status_code
                == 403
            )
            assert client.get("/v2/bookings/x1", headers=rezas_key).status_code == 404  # a viewer still reads
            assert client.get("/v2/bookings/x1", headers=maryam).status_code == 401
            assert client.get("/v2/bookings/x1", headers=maryams_key).status_code == 401

        refusals()
    finally:
        gate.set()
    assert services.settle_all()
    refusals()  # ... and the same once the read models show the changes
    assert ok(client.get(f"{CLIENT}/rate-requests", headers=owner))["list"]["list"] == []


def test_an_invitation_withdrawn_and_made_again_lets_the_colleague_in(late: TestClient) -> None:
    """A withdrawn invitation names the same login as the next one of that address (no login was opened):
    the early write of the withdrawal does not outlive the new invitation."""
    client = late
    owner, _ = company(client, TEAM_COMPANY, "ops@parsexport.example")
    first = invite(client, owner, DARIUSH[0], DARIUSH[1], "booker")
    ok(client.delete(f"{TEAM}/members/{first['id']}", headers=owner))
    assert invite(client, owner, DARIUSH[0], DARIUSH[1], "booker")["id"] == first["id"]
    accept(client, DARIUSH[1])
    dariush = login(client, DARIUSH[1], MEMBER_PASSWORD)
    assert ok(client.get("/auth/api/v1/me", headers=dariush))["teamRole"] == "booker"
    ok(client.post(f"{CLIENT}/rate-requests", json=payload(), headers=dariush), 201)

"""A rate request's command answers its detail as a detail read does (api/fresh_answers.py): in one read
transaction, asking the tracking progress only where tracking events reached the booking, on both stores."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

import api.presenters.tracking as tracking_presenter
from projections.tracking import positions as tracking_positions
from tests.api.booking_support import ADMIN, CLIENT, create, customer, later, ok
from tests.corpus import NATIONAL_IDS


def test_create_quote_and_accept_answer_without_asking_the_tracking_progress(
    client: TestClient, admin_headers: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    headers = customer(client, NATIONAL_IDS[0])
    asked: list[list[str]] = []
    positions = tracking_positions  # what the presenter calls

    def counted(tx: Any, ids: list[str]) -> Any:
        asked.append(list(ids))
        return positions(tx, ids)

    monkeypatch.setattr(tracking_presenter, "positions", counted)
    created = create(client, headers)
    rid = created["id"]
    quoted = ok(
        client.put(
            f"{ADMIN}/rate-requests/{rid}/quote",
            headers=admin_headers,
            json={"price": 1250.5, "validUntil": later()},
        )
    )
    accepted = ok(client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=headers))
    assert asked == []  # no tracking event reached it: nothing to ask
    assert [a["progress"] for a in (created, quoted, accepted)] == [None, None, None]
    assert quoted["id"] == accepted["id"] == rid and quoted["price"] == accepted["price"] == 1250.5
    # The answer is the detail a read gives right after it.
    assert ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers)) == accepted

"""At most three verification codes an hour go to one phone number, whichever sign-ups ask (different
national ids, finalize or resend): the fourth ask is 429 with the wait in the `Retry-After` header and in
the envelope, and no SMS goes out. Asks that send nothing (a resend too soon, for another id) use none of
the allowance. The clock of the shared counters is injected: the hour passes without waiting."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.api.accounts_support import CLIENT, INDIVIDUAL_FORM, fails, ok, outbox
from tests.app_services import services_of
from tests.corpus import fresh_national_id

IND = f"{CLIENT}/indivisual-customers/register"
PHONE = "09123456780"


def _sign_up(client: TestClient, phone: str = PHONE) -> tuple[str, Any]:
    """A new national id starts and finalizes a sign-up with `phone`: (the id, the finalize answer)."""
    national_id = fresh_national_id()
    ok(client.post(f"{IND}/start", json={"nationalId": national_id, "phone": phone}))
    form = {
        **INDIVIDUAL_FORM,
        "nationalId": national_id,
        "phone": phone,
        "email": f"c{national_id}@example.com",
    }
    return national_id, client.post(f"{IND}/finalize", json=form)


def _codes_to(client: TestClient, phone: str) -> int:
    return len([m for m in outbox(client) if m["channel"] == "sms" and m["to"] == phone])


def test_six_sign_ups_with_one_phone_send_three_codes(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    counters = services_of(client).limiters.counters
    now = [counters.clock()]
    monkeypatch.setattr(counters, "clock", lambda: now[0])

    first, answer = _sign_up(client)
    ok(answer)
    # Asks that send nothing use none of the allowance: too soon after the last code, an unknown id.
    ok(client.post(f"{IND}/resend", json={"nationalId": first, "phone": PHONE}))
    ok(client.post(f"{IND}/resend", json={"nationalId": fresh_national_id(), "phone": PHONE}))
    for _ in range(2):
        ok(_sign_up(client)[1])
    assert _codes_to(client, PHONE) == 3

    refusals = [_sign_up(client)[1] for _ in range(3)]
    refusals.append(client.post(f"{IND}/resend", json={"nationalId": first, "phone": PHONE}))
    for refused in refusals:
        error = fails(refused, 429)
        assert 0 < error["retryAfter"] <= 3600 and refused.headers["retry-after"] == str(error["retryAfter"])
    assert _codes_to(client, PHONE) == 3  # no SMS for any of them

    ok(_sign_up(client, "09123456781")[1])  # another number has its own allowance
    now[0] += int(refusals[0].headers["retry-after"])  # waited as told
    ok(_sign_up(client)[1])
    assert _codes_to(client, PHONE) == 4

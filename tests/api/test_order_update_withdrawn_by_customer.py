"""The customer withdraws her update of a shipping order on the portal (`PUT .../shipping-orders/{id}/
cancel-update`, decision 3839), on SQLite and PostgreSQL: the same domain command as the standard's PATCH
with `updatedShippingInstructionsStatus: UPDATE_CANCELLED` on `/v3`, so the order before the update stands
again at every door (submitted, or returned for changes when it answered staff's request); another customer's
order is not found, staff do not withdraw it, and an order with no update awaiting staff is refused (409
naming the state) and left as it was."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from domain.booking.reference import seed_containers
from tests.api.booking_support import ADMIN, CLIENT, assert_verify_clean, customer, fails, ok
from tests.api.dcsa_support import confirmed_dcsa_booking, rate_request_id
from tests.api.test_dcsa_ebl import instructions
from tests.app_services import services_of

ORDERS = f"{CLIENT}/shipping-orders"
SI = "/v3/shipping-instructions"
CONTAINER = seed_containers()[0].number
FA = {"Accept-Language": "fa"}


def _accepted(answer: Any) -> None:
    assert answer.status_code == 202, answer.text


def _order(client: TestClient, who: dict[str, str], rid: str) -> dict[str, Any]:
    return dict(ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=who))["order"])


def _events(client: TestClient, admin: dict[str, str], order_id: str) -> list[dict[str, Any]]:
    return list(ok(client.get(f"/audit/api/v1/aggregates/{order_id}/events", headers=admin))["events"])


def _sent(client: TestClient, who: dict[str, str], admin: dict[str, str]) -> tuple[str, str, str]:
    """A confirmed booking whose instructions `who` sent on `/v3`: (booking id, order id, SI reference)."""
    booking = confirmed_dcsa_booking(client, who, admin)
    rid = rate_request_id(client, booking)
    _accepted(client.post(SI, json=instructions(booking, CONTAINER), headers=who))
    return rid, str(_order(client, who, rid)["id"]), f"SI-{booking}"


def _update(client: TestClient, who: dict[str, str], reference: str) -> None:
    booking = reference.removeprefix("SI-")
    updated = instructions(booking, CONTAINER, "Raw pistachios", reference)
    _accepted(client.put(f"{SI}/{reference}", json=updated, headers=who))


def _on_v3(client: TestClient, who: dict[str, str], reference: str) -> dict[str, Any]:
    answer = client.get(f"{SI}/{reference}", headers=who)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def test_the_customer_withdraws_her_update_and_every_reading_agrees(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Any
) -> None:
    who = customer(client, "withdraw-update")
    rid, order_id, reference = _sent(client, who, admin_headers)
    _update(client, who, reference)
    assert _order(client, who, rid)["cargoDescription"] == "Raw pistachios"
    assert _on_v3(client, who, reference)["updatedShippingInstructionsStatus"] == "UPDATE_RECEIVED"

    answer = ok(client.put(f"{ORDERS}/{order_id}/cancel-update", headers=who))
    assert answer["id"] == order_id and answer["statusName"] == "submitted"
    assert answer["cargoDescription"] == "Pistachios"
    # The screens, staff's and the standard's door read the order before the update again.
    mine = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=who))
    staffs = ok(client.get(f"{ADMIN}/rate-requests/{rid}", headers=admin_headers))
    for detail in (mine, staffs):
        assert (detail["orderState"], detail["orderStateName"]) == (0, "submitted")
        assert detail["order"]["statusLabel"] == "Submitted"
        assert detail["order"]["cargoDescription"] == "Pistachios"
    assert _on_v3(client, who, reference).get("updatedShippingInstructionsStatus") is None
    # The audit trail keeps who withdrew it.
    last = _events(client, admin_headers, order_id)[-1]
    assert last["type"] == "UpdateCancelled" and last["actor"]["role"] == "customer"
    assert_verify_clean(services_of(client), tmp_path)


def test_an_update_answering_staff_s_request_withdrawn_leaves_it_returned_for_changes(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who = customer(client, "withdraw-revision")
    rid, order_id, reference = _sent(client, who, admin_headers)
    revise = {"revise": {"cargoDescription": "Say what is in the bags"}}
    ok(client.put(f"{ADMIN}/shipping-orders/{order_id}/request-revision", headers=admin_headers, json=revise))
    _update(client, who, reference)
    assert _order(client, who, rid)["statusName"] == "update_received"
    answer = ok(client.put(f"{ORDERS}/{order_id}/cancel-update", headers=who))
    assert answer["statusName"] == "revision_requested"
    assert answer["cargoDescription"] == "Pistachios"


def test_only_its_customer_withdraws_an_update_awaiting_staff_and_a_refusal_changes_nothing(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who = customer(client, "withdraw-owner")
    stranger = customer(client, "withdraw-stranger")
    rid, order_id, reference = _sent(client, who, admin_headers)
    # No update awaits staff: the lifecycle has no cancel_update from submitted, said so; nothing recorded.
    before = _order(client, who, rid)
    history = _events(client, admin_headers, order_id)
    refused = fails(client.put(f"{ORDERS}/{order_id}/cancel-update", headers=who), 409)
    said = "Cannot withdraw the update of a shipping order in state submitted (0)"
    assert refused["description"] == said, refused
    # In Persian, every word of it: the act, the thing and the state, from the lifecycle file (3841).
    persian = fails(client.put(f"{ORDERS}/{order_id}/cancel-update", headers={**who, **FA}), 409)
    assert persian["description"] == "پس گرفتن به‌روزرسانی دستور حمل در وضعیت «ارسال شد» ممکن نیست"
    assert _order(client, who, rid) == before
    assert _events(client, admin_headers, order_id) == history

    _update(client, who, reference)
    # Another customer's order is not found (its id is not confirmed); staff do not withdraw her update.
    fails(client.put(f"{ORDERS}/{order_id}/cancel-update", headers=stranger), 404)
    # Staff are told the act they may not do, in the lifecycle's words, not "Only customers may do this".
    staff = fails(client.put(f"{ORDERS}/{order_id}/cancel-update", headers=admin_headers), 403)
    assert staff["description"] == "Staff may not withdraw the update of a shipping order"
    staff = fails(client.put(f"{ORDERS}/{order_id}/cancel-update", headers={**admin_headers, **FA}), 403)
    assert staff["description"] == "کارمند اجازهٔ پس گرفتن به‌روزرسانی دستور حمل را ندارد"
    assert _order(client, who, rid)["statusName"] == "update_received"
    ok(client.put(f"{ORDERS}/{order_id}/cancel-update", headers=who))
    # Withdrawn already: refused once more, the order left as it stands.
    history = _events(client, admin_headers, order_id)
    fails(client.put(f"{ORDERS}/{order_id}/cancel-update", headers=who), 409)
    assert _events(client, admin_headers, order_id) == history
    assert _order(client, who, rid)["statusName"] == "submitted"

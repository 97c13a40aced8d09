"""Each check of the crossings machine catches what it is there to catch: a world of a few bookings on
SQLite where the checks hold, then a deliberately broken copy of one part of the product (a dropped fee, a
status map out of step, a missing transport plan, a read that fails, a message handed over twice, ...) and
the one check that must then fail.

"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import api.dcsa.booking.confirmation
import api.dcsa.booking.content
import api.dcsa.booking.routes
import api.dcsa.booking.status
import api.dcsa.booking.view
import api.dcsa.ebl.documents
import api.dcsa.ebl.routes
import api.dcsa.schedules.routes
import api.presenters.booking
import api.routers.audit
import api.routers.booking
import api.routers.integrations
import api.schemas.bill_of_lading
import domain.booking.application
import domain.booking.emails
import domain.booking.notices
import domain.emails.words
import policies.webhooks.queries
import projections.booking.queries
import projections.booking_trail
from domain.booking.rate_request import RateRequest
from domain.booking.reference import seed_containers
from domain.booking.shipping_order import ShippingOrder
from domain.shared.aggregate import Recorded, audit_fields
from policies.webhooks import steps
from tests.api.dcsa_support import Received
from tests.api.test_dcsa_ebl import instructions
from tests.property.crossings_support import (
    ADMIN,
    CHECKS,
    CLIENT,
    ORDERS,
    SI,
    STAFF_LANE,
    TARIFF_LANE,
    TD_HOOK,
    V2,
    Booking,
    Customer,
    OrderAsItWas,
    World,
    envelope,
    order_payload,
    remember_fees,
    screens_payload,
    v2_payload,
)
from tests.property.test_crossings import InProcessWorld

SAILING = {"vesselIMONumber": "9321483", "carrierExportVoyageNumber": "2407W"}
NINGBO = 3  # the seed's: the published sailing never calls there


def _screens_booking(
    world: World, lane: dict[str, int], quantity: int, who: Customer | None = None
) -> Booking:
    who = who or world.customers[0]
    body = screens_payload(lane, quantity, False, "Pistachios")
    made = envelope(world.call("POST", f"{CLIENT}/rate-requests", who.headers, json=body), 201, 202)
    booking = Booking(made["id"], who, "screens")
    world.bookings[booking.id] = booking
    return booking


def _confirmed_on_the_screens(world: World) -> Booking:
    """Instantly quoted from the tariff (with its documentation fee), accepted, letter sent, confirmed on
    the published sailing."""
    booking = _screens_booking(world, TARIFF_LANE, 2)
    who = booking.owner
    envelope(world.call("PUT", f"{CLIENT}/rate-requests/{booking.id}/approve", who.headers))
    upload = world.call(
        "POST",
        "/file-manager/api/v1/files/upload-chunk",
        who.headers,
        data={"TotalChunks": "1", "ChunkNumber": "1", "FileId": "loi"},
        files={"File": ("loi.pdf", b"%PDF-1.4\n" + b"0" * 500 + b"\n%%EOF\n", "application/octet-stream")},
    )
    documents = {"documents": [{"documentTypeId": 1, "fileId": envelope(upload)["filePath"]}]}
    envelope(
        world.call("PUT", f"{CLIENT}/rate-requests/{booking.id}/booking-request", who.headers, json=documents)
    )
    path = f"{ADMIN}/rate-requests/{booking.id}/confirm-booking"
    envelope(world.call("PUT", path, world.admin, json={"sailing": SAILING}))
    return booking


def _v2_booking(world: World) -> Booking:
    who = world.customers[0]
    answer = world.call("POST", V2, who.api_key, json=v2_payload(1, SAILING))
    reference = answer.json()["carrierBookingRequestReference"]
    world.settle()
    rows = envelope(world.call("GET", f"{CLIENT}/rate-requests", who.headers, params={"search": reference}))
    booking = Booking(rows["list"]["list"][0]["id"], who, "v2", reference=reference)
    world.bookings[booking.id] = booking
    return booking


def _confirm_request(world: World, booking: Booking) -> None:
    path = f"{ADMIN}/rate-requests/{booking.id}/confirm-request"
    envelope(world.call("PUT", path, world.admin, json={"price": "900"}))


def _ordered_on_the_screens(world: World, booking: Booking) -> None:
    """The screens' shipping order for `booking`, accepted by staff: a transport document in DRAFT."""
    body = order_payload(booking.id, 2, "Roasted pistachios in boxes", False)
    envelope(world.call("POST", ORDERS, booking.owner.headers, json=body))
    world.settle()
    order = world.portal(booking)["order"]["id"]
    envelope(world.call("PUT", f"{ADMIN}/shipping-orders/{order}/accept", world.admin))


def _instructed_on_v3(world: World, booking: Booking) -> None:
    """Shipping instructions sent on /v3 for `booking` (one container), and staff's revision request."""
    body = instructions(booking.reference, seed_containers()[0].number)
    answer = world.call("POST", SI, booking.owner.api_key, json=body)
    assert answer.status_code == 202, answer.text
    world.settle()
    order = world.portal(booking)["order"]["id"]
    revise = {"revise": {"cargoDescription": "Say roasted or raw"}}
    envelope(world.call("PUT", f"{ADMIN}/shipping-orders/{order}/request-revision", world.admin, json=revise))


@pytest.fixture(scope="module")
def world() -> Iterator[InProcessWorld]:
    found = InProcessWorld()
    try:
        found.new_customer(True, None)
        found.new_customer(False, None)
        _ordered_on_the_screens(found, _confirmed_on_the_screens(found))
        on_v2 = _v2_booking(found)
        _confirm_request(found, on_v2)
        _instructed_on_v3(found, on_v2)
        # A subscribed company (with a colleague of its own login) erased with a request open: the erasure's
        # checks have someone to check.
        erased = found.new_customer(True, None, company=True)
        _screens_booking(found, STAFF_LANE, 1, erased)
        found.erase(erased)
        yield found
    finally:
        found.close()


def _holds(world: World, name: str) -> None:
    world.settle()
    world.refresh()
    world.round = {}
    try:
        CHECKS[name](world)
    finally:
        world.round = None


def _fails(world: World, name: str) -> str:
    with pytest.raises(AssertionError) as caught:
        _holds(world, name)
    return str(caught.value)


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_the_check_holds_on_a_sound_world(world: InProcessWorld, name: str) -> None:
    _holds(world, name)


def _without_fee_in_total(original: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    def broken(row: Any) -> dict[str, Any]:
        found = dict(original(row))
        for key, value in found.items():
            if "total" in key.lower() and value is not None:
                found[key] = value - 65  # the documentation fee, dropped from the total
        return found

    return broken


def test_a_dropped_fee_fails_money_adds_up(world: InProcessWorld, monkeypatch: pytest.MonkeyPatch) -> None:
    original = api.presenters.booking.quote_charges
    monkeypatch.setattr(api.presenters.booking, "quote_charges", _without_fee_in_total(original))
    assert "total" in _fails(world, "money_adds_up")


def test_a_fee_dropped_on_v2_fails_money_same_on_v2(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = api.dcsa.booking.confirmation.charges
    monkeypatch.setattr(api.dcsa.booking.confirmation, "charges", lambda row: original(row)[:-1])
    assert "/v2 charges" in _fails(world, "money_same_on_v2")


def test_a_status_map_out_of_step_fails_doors_agree(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(api.dcsa.booking.status.BOOKING_STATUS, "shipping_order", "RECEIVED")
    assert "on /v2" in _fails(world, "doors_agree_on_status")


def test_an_invalid_body_fails_v2_bodies_are_valid(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        api.dcsa.booking.confirmation, "confirmed_equipments", lambda row, requested: [{"units": "two"}]
    )
    _fails(world, "v2_bodies_are_valid")


def test_a_missing_transport_plan_fails_confirmed_says_what_was_confirmed(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(api.dcsa.booking.routes, "confirmed_sailing_terms", lambda *_: {})
    assert "transportPlan" in _fails(world, "confirmed_says_what_was_confirmed")


def test_a_bill_of_lading_out_of_step_fails_v3_agrees_with_the_order(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = api.schemas.bill_of_lading.bill_of_lading
    # The customer's door reading a status of its own instead of the transport document's.
    monkeypatch.setattr(
        api.routers.booking,
        "bill_of_lading",
        lambda document: real({**document, "transportDocumentStatus": "APPROVED"}),
    )
    assert "bill of lading" in _fails(world, "v3_agrees_with_the_order")


def _broken(*_: Any) -> Any:
    """A read that fails as a missing key in a stored row would."""
    raise KeyError("carrierBookingRequestReference")


def test_a_failing_trail_fails_every_read_answers(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(projections.booking_trail, "booking_trail", _broken)  # as the audit router calls it
    assert "500" in _fails(world, "every_read_answers")


def test_a_failing_delivery_log_fails_delivery_logs_answer(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(policies.webhooks.queries, "deliveries_page", _broken)  # as the router calls it
    assert "500" in _fails(world, "delivery_logs_answer")


def test_a_message_handed_over_twice_fails_each_move_told_once(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent = world.outbox()
    monkeypatch.setattr(world, "outbox", lambda: [*sent, sent[-1]])
    assert "twice" in _fails(world, "each_move_told_once")


def test_a_wrong_amount_in_an_email_fails_money_in_messages(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = domain.emails.words.money  # the function the e-mails import
    monkeypatch.setattr(
        domain.booking.emails, "money", lambda amount, language: original(amount + 1, language)
    )
    booking = _screens_booking(world, STAFF_LANE, 1)
    try:
        quote = {"price": "1250.50", "validUntil": "2099-01-01T00:00:00+00:00"}
        envelope(world.call("PUT", f"{ADMIN}/rate-requests/{booking.id}/quote", world.admin, json=quote))
        assert "never shown" in _fails(world, "money_in_messages")
    finally:
        monkeypatch.undo()
        envelope(
            world.call("PUT", f"{CLIENT}/rate-requests/{booking.id}/cancel", booking.owner.headers)
        )  # the booking stays, priced as shown; the wrong e-mail is in the outbox for good
        del world.bookings[booking.id]


def test_a_move_not_notified_fails_webhook_tells_what_v2_reads(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    event: type[Recorded] = RateRequest.BookingConfirmed
    confirmed = steps.STEPS[event]
    monkeypatch.setitem(steps.STEPS, event, steps.Step(confirmed.kind, moves=True, notified=False))
    booking = _v2_booking(world)
    try:
        _confirm_request(world, booking)
        assert "the last webhook said" in _fails(world, "webhook_tells_what_v2_reads")
    finally:
        del world.bookings[booking.id]


def test_an_order_left_open_by_a_cancelled_booking_fails_a_closed_booking_holds_nothing_open(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(domain.booking.application.BookingApplication, "_closed_with", lambda *_: [])
    booking = _confirmed_on_the_screens(world)
    try:
        _ordered_on_the_screens(world, booking)
        path = f"{CLIENT}/rate-requests/{booking.id}/cancellation-request"
        envelope(world.call("POST", path, booking.owner.headers, json={"reason": "Plans changed"}))
        confirm = f"{ADMIN}/rate-requests/{booking.id}/cancellation-request/confirm"
        envelope(world.call("PUT", confirm, world.admin, json={}))
        failed = _fails(world, "a_closed_booking_holds_nothing_open")
        assert "shipping order still ready_for_approval" in failed
    finally:
        del world.bookings[booking.id]


def test_a_filter_that_lists_every_booking_fails_the_waiting_list_is_what_waits(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The world's bookings wait for their customer (a draft to approve, an order to revise): the filter
    # broken to the other side lists none of them.
    monkeypatch.setattr(projections.booking.queries, "WAITING_FOR_CUSTOMER", "r.waiting_for = 'staff'")
    assert "waiting=customer lists" in _fails(world, "the_waiting_list_is_what_waits")


def test_every_check_is_shown_to_fail_somewhere() -> None:
    """A new check comes with its broken copy here."""
    source = Path(__file__).read_text(encoding="utf-8")
    unproven = [n for n in CHECKS if f'_fails(world, "{n}")' not in source]
    assert not unproven, unproven


def test_a_fee_dropped_by_a_new_price_fails_fees_stay(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    _holds(world, "fees_stay")  # the fees of today remembered
    remember_fees(world)
    original = api.presenters.booking.quote_charges

    def without_fees(row: Any) -> dict[str, Any]:
        found = dict(original(row))
        for key, value in found.items():
            if isinstance(value, list):
                found[key] = [c for c in value if c.get("per") != "booking"]
        return found

    monkeypatch.setattr(api.presenters.booking, "quote_charges", without_fees)
    assert "lost ['documentation_fee']" in _fails(world, "fees_stay")


def test_a_reason_left_out_of_the_feedbacks_fails_staff_reasons_reach_the_integrator(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    booking = _confirmed_on_the_screens(world)
    who = booking.owner
    base = f"{CLIENT}/rate-requests/{booking.id}/cancellation-request"
    envelope(world.call("POST", base, who.headers, json={"reason": "Cargo not ready"}), 200, 201, 202)
    decline = f"{ADMIN}/rate-requests/{booking.id}/cancellation-request/decline"
    envelope(world.call("PUT", decline, world.admin, json={"message": "The vessel is already loading"}))
    _holds(world, "staff_reasons_reach_the_integrator")
    monkeypatch.setattr(api.dcsa.booking.view, "decision_feedbacks", lambda **_: [])
    assert "not in /v2 feedbacks" in _fails(world, "staff_reasons_reach_the_integrator")


def test_a_cursor_that_needs_its_query_again_fails_standard_paging_and_filters(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(api.dcsa.schedules.routes, "_with_cursor_query", lambda request: request)
    assert "by cursor alone" in _fails(world, "standard_paging_and_filters")


def test_an_invalid_instructions_body_fails_v3_bodies_are_valid(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = api.dcsa.ebl.documents.instructions
    monkeypatch.setattr(
        api.dcsa.ebl.documents,
        "instructions",
        lambda *a: {**original(*a), "transportDocumentTypeCode": "Bill of lading"},
    )
    _fails(world, "v3_bodies_are_valid")


def test_a_status_fact_out_of_step_fails_v3_agrees_with_the_order(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = api.dcsa.ebl.documents.state_fact
    monkeypatch.setattr(
        api.dcsa.ebl.documents,
        "state_fact",
        lambda state, fact: "RECEIVED" if fact == "dcsa" else original(state, fact),
    )
    assert "instructions ('RECEIVED', None) on /v3" in _fails(world, "v3_agrees_with_the_order")


def test_a_party_left_out_on_v3_fails_v3_same_parties_and_containers(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = api.dcsa.ebl.documents.instructions

    def without_consignee(*arguments: Any) -> dict[str, Any]:
        found = original(*arguments)
        parties = dict(found["documentParties"])
        parties.pop("consignee", None)
        return {**found, "documentParties": parties}

    monkeypatch.setattr(api.dcsa.ebl.documents, "instructions", without_consignee)
    assert "the screens show" in _fails(world, "v3_same_parties_and_containers")


def test_a_notification_sent_twice_fails_v3_moves_told_once(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = world.webhooks_of

    def twice(who: Any) -> list[Received]:
        heard = original(who)
        last = [r for r in heard if r.path.endswith(TD_HOOK)][-1:]
        return heard + last

    monkeypatch.setattr(world, "webhooks_of", twice)
    assert "told twice" in _fails(world, "v3_moves_told_once")


def test_another_customers_document_shown_fails_v3_strangers_see_nothing(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Everyone(str):
        """An account id equal to every other: the owner's test lets anyone through."""

        def __eq__(self, other: object) -> bool:
            return True

        def __ne__(self, other: object) -> bool:
            return False

        __hash__ = str.__hash__

    monkeypatch.setattr(api.dcsa.booking.routes, "company_account_id", lambda principal: Everyone("anyone"))
    assert "another's /v3" in _fails(world, "v3_strangers_see_nothing")


def test_an_e_mail_to_an_erased_customer_fails_the_erased_hear_nothing(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A customer erased with a request open; staff quote it, and the e-mail goes to the address a
    policy read before the erasure (as it did before 3807)."""
    who = world.new_customer(False, None)
    booking = _screens_booking(world, STAFF_LANE, 1, who)
    world.erase(who)
    monkeypatch.setattr(domain.booking.emails, "customer_address", lambda *_: who.email)
    quote = {"price": "1250.50", "validUntil": "2099-01-01T00:00:00+00:00"}
    envelope(world.call("PUT", f"{ADMIN}/rate-requests/{booking.id}/quote", world.admin, json=quote))
    try:
        assert f"after {who.username}'s erasure" in _fails(world, "the_erased_hear_nothing")
    finally:
        monkeypatch.undo()
        world.erased[-1].mails_before = len(world.outbox())  # the wrong e-mail is in the outbox for good


def test_a_document_asked_for_and_not_read_fails_doors_agree_on_the_transport_document(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = api.dcsa.booking.content.booking_content

    def forgetful(body: Any, as_sent: dict[str, Any]) -> Any:
        return dataclasses.replace(original(body, as_sent), sea_waybill=None)

    monkeypatch.setattr(api.dcsa.booking.routes, "booking_content", forgetful)
    who = world.customers[0]
    answer = world.call("POST", V2, who.api_key, json=v2_payload(1, SAILING, document="SWB"))
    reference = answer.json()["carrierBookingRequestReference"]
    world.settle()
    rows = envelope(world.call("GET", f"{CLIENT}/rate-requests", who.headers, params={"search": reference}))
    booking = Booking(rows["list"]["list"][0]["id"], who, "v2", reference=reference)
    world.bookings[booking.id] = booking
    try:
        failure = _fails(world, "doors_agree_on_the_transport_document")
        assert "isSWBL False on the screens, SWB on /v2" in failure
    finally:
        del world.bookings[booking.id]


def test_a_sailing_left_behind_by_an_edit_fails_a_booking_sails_between_its_ports(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(domain.booking.application.BookingApplication, "_sailing_follows", lambda *_: None)
    booking = _screens_booking(world, TARIFF_LANE, 1)
    who = booking.owner
    try:
        path = f"{CLIENT}/rate-requests/{booking.id}"
        envelope(world.call("PUT", f"{path}/sailing", who.headers, json={"sailing": SAILING}))
        to_ningbo = screens_payload({**TARIFF_LANE, "podId": NINGBO}, 1, False, "Pistachios")
        envelope(world.call("PUT", path, who.headers, json=to_ningbo))
        assert "its sailing CNSHA to SGSIN" in _fails(world, "a_booking_sails_between_its_ports")
    finally:
        del world.bookings[booking.id]


def test_an_order_filled_again_agrees_on_both_doors_and_one_closed_with_its_booking_holds_nothing_open(
    world: InProcessWorld,
) -> None:
    """Decision 3824: a declined order filled again reads alike on the screens and `/v3`; an order closed with
    its rejected booking is declined, no longer a final state, and still holds nothing open."""
    live, ended = _confirmed_on_the_screens(world), _confirmed_on_the_screens(world)
    try:
        for booking in (live, ended):
            body = order_payload(booking.id, 2, "Roasted pistachios in boxes", False)
            envelope(world.call("POST", ORDERS, booking.owner.headers, json=body))
        world.settle()
        order = world.portal(live)["order"]["id"]
        decline = {"message": "The consignee may not receive this cargo"}
        envelope(world.call("PUT", f"{ADMIN}/shipping-orders/{order}/decline", world.admin, json=decline))
        again = order_payload(live.id, 2, "Saffron in tins", False)
        del again["rateRequestId"]
        again["containers"] = [{**c, "containerId": c["containerId"] + 4} for c in again["containers"]]
        envelope(world.call("PUT", f"{ORDERS}/{order}/resubmit", live.owner.headers, json=again))
        reject = {"message": "The vessel was withdrawn"}
        envelope(world.call("PUT", f"{ADMIN}/rate-requests/{ended.id}/reject", world.admin, json=reject))
        for name in ("a_closed_booking_holds_nothing_open", "v3_agrees_with_the_order"):
            _holds(world, name)
        _holds(world, "v3_same_parties_and_containers")
        assert world.portal(live)["order"]["statusName"] == "submitted"
        assert world.portal(ended)["order"]["statusName"] == "declined"
    finally:
        del world.bookings[live.id], world.bookings[ended.id]


def _updated_on_v3(world: World) -> tuple[Booking, OrderAsItWas]:
    """A firm booking whose instructions the customer sent on /v3 and then updated (awaiting staff), and the
    order as it stood before the update."""
    booking = _v2_booking(world)
    _confirm_request(world, booking)
    container, key = seed_containers()[1].number, booking.owner.api_key
    sent = world.call("POST", SI, key, json=instructions(booking.reference, container))
    assert sent.status_code == 202, sent.text
    world.settle()
    before = OrderAsItWas("submitted", str(world.portal(booking)["order"]["cargoDescription"]))
    reference = f"SI-{booking.reference}"
    update = instructions(booking.reference, container, "Raw pistachios", reference)
    assert world.call("PUT", f"{SI}/{reference}", key, json=update).status_code == 202
    return booking, before


def test_a_withdrawal_that_leaves_the_update_standing_fails_a_withdrawn_update_restores_the_order(
    world: InProcessWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Decision 3839: the screens' withdrawal brings back the order before the update at every door; one
    recorded with the order left awaiting staff (its update standing) is caught."""
    sound, before = _updated_on_v3(world)
    broken, before_broken = _updated_on_v3(world)
    try:
        world.settle()
        order = world.portal(sound)["order"]["id"]
        envelope(world.call("PUT", f"{ORDERS}/{order}/cancel-update", sound.owner.headers))
        sound.withdrawn = before
        _holds(world, "a_withdrawn_update_restores_the_order")
        sound.withdrawn = None

        def left_standing(order: ShippingOrder, actor: Any) -> None:
            order._record(
                order.UpdateCancelled,
                audit_fields(actor),
                restored=dict(order.details),
                state=order.state,
                customer_id=order.customer_id,
            )

        monkeypatch.setattr(ShippingOrder, "cancel_update", left_standing)
        order = world.portal(broken)["order"]["id"]
        envelope(world.call("PUT", f"{ORDERS}/{order}/cancel-update", broken.owner.headers))
        broken.withdrawn = before_broken
        failed = _fails(world, "a_withdrawn_update_restores_the_order")
        assert "('update_received', 'Update Received', 'Raw pistachios'" in failed, failed
    finally:
        del world.bookings[sound.id], world.bookings[broken.id]

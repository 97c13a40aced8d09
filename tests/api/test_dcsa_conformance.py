"""DCSA Booking 2.0.5 conformance: the standard's use cases played as an integrator plays them, with an API
key only (the shipper's side), against staff deciding on the screens' routes (the carrier's side), on SQLite
and PostgreSQL.

Every /v2 answer is checked against the document (contract/dcsa/BKG_v2.0.5.yaml): its status is one the
operation documents, and its body is valid against the operation's schema (`Booking`,
`CreateBookingResponse`, `ErrorResponse`; PUT and PATCH accept with an empty body). Every state the standard
names in a use case is reached and read back. Each status change is notified to the integrator's webhook,
valid against `BookingNotification` and signed with the subscription's secret; the last notification of a
booking says what `GET` says.

| use case | played by |
|---|---|
| UC1 submit booking request: RECEIVED | every journey |
| UC2 request to update (carrier): PENDING_UPDATE | `test_uc1_uc2_uc3_uc5_update_then_confirm` |
| UC3 submit updated booking request: UPDATE_RECEIVED (again on a second update) | same |
| UC4 reject booking request: REJECTED | `test_uc4_reject` |
| UC5 confirm booking request: CONFIRMED with confirmedEquipments and charges | `test_uc1_uc2_uc3_uc5_...` |
| UC6 request to amend (carrier): PENDING_AMENDMENT, answered (AMENDMENT_RECEIVED) | `test_uc6_...` (both) |
| UC7 request amendment: AMENDMENT_RECEIVED (a newer one replaces it) | `test_uc7_uc8_uc9_amendments` |
| UC8 process amendment: AMENDMENT_CONFIRMED, AMENDMENT_DECLINED | same |
| UC9 cancel amendment: AMENDMENT_CANCELLED | same |
| UC10 decline booking: DECLINED | `test_uc10_decline_a_confirmed_booking` |
| UC11 cancel booking request: CANCELLED | `test_uc11_cancel_the_booking_request` |
| UC12 booking completed: COMPLETED (staff confirm it; nothing asked of the shipper) | `test_uc12_completed` |
| UC13 cancel confirmed booking: CANCELLATION_RECEIVED | `test_uc13_uc14_cancel_a_confirmed_booking` |
| UC14 process cancellation: CANCELLATION_DECLINED, CANCELLATION_CONFIRMED (CANCELLED) | same |
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient

from api.dcsa.booking.feedbacks import ESTIMATED_PLAN_NOTE
from tests.api.booking_support import ADMIN, customer, fails, later, ok
from tests.api.dcsa_support import DCSA_DIR, Receiver, eventually, rate_request_id, sample, validate
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login

V2 = "/v2/bookings"
INTEGRATIONS = "/integrations/api/v1/client"


@cache
def _operations() -> dict[tuple[str, str], dict[str, Any]]:
    document = yaml.safe_load((DCSA_DIR / "BKG_v2.0.5.yaml").read_text(encoding="utf-8"))
    return {
        (method.upper(), path): operation
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        if method in ("get", "post", "put", "patch")
    }


def _schema_name(response: dict[str, Any]) -> str | None:
    schema = (response.get("content") or {}).get("application/json", {}).get("schema") or {}
    ref = str(schema.get("$ref", ""))
    return ref.rsplit("/", 1)[-1] or None


def conforming(method: str, path: str, answer: Any) -> Any:
    """`answer` checked against the document's operation: a documented status, a body of its schema."""
    template = V2 if path.rstrip("/") == V2 else f"{V2}/{{bookingReference}}"
    responses = _operations()[(method, template)]["responses"]
    status = str(answer.status_code)
    assert status in responses or (status[0] in "45" and "default" in responses), (method, path, status)
    assert answer.headers["API-Version"] == "2.0.5"
    described = responses.get(status, responses.get("default"))
    name = _schema_name(described)
    if name is None:  # the standard's accepted update or cancellation: an empty payload
        assert answer.content == b"", (method, path, answer.text)
        return None
    validate(answer.json(), name)
    return answer.json()


@dataclass
class Integrator:
    """The shipper's system: an API key, a webhook receiver and its secret; and the carrier's staff."""

    client: TestClient
    key: dict[str, str]
    staff: dict[str, str]
    hooks: Receiver
    secret: str

    def call(self, method: str, path: str, body: Any = None) -> Any:
        answer = self.client.request(method, path, json=body, headers=self.key)
        return answer, conforming(method, path, answer)

    def book(self, body: dict[str, Any] | None = None) -> str:
        answer, created = self.call("POST", V2, body or sample("booking-regular"))
        assert answer.status_code == 202, answer.text
        reference = str(created["carrierBookingRequestReference"])
        assert self.status(reference) == ("RECEIVED", None, None)
        return reference

    def read(self, reference: str, amended: bool = False) -> dict[str, Any]:
        answer, booking = self.call("GET", f"{V2}/{reference}{'?amendedContent=true' if amended else ''}")
        assert answer.status_code == 200, answer.text
        return dict(booking)

    def status(self, reference: str) -> tuple[Any, Any, Any]:
        booking = self.read(reference)
        found = (
            booking["bookingStatus"],
            booking.get("amendedBookingStatus"),
            booking.get("bookingCancellationStatus"),
        )
        return found

    def accepted(self, method: str, reference: str, body: dict[str, Any]) -> None:
        answer, _ = self.call(method, f"{V2}/{reference}", body)
        assert answer.status_code == 202, answer.text

    def refused(self, method: str, reference: str, body: dict[str, Any], status: int) -> None:
        answer, error = self.call(method, f"{V2}/{reference}", body)
        assert answer.status_code == status, answer.text
        assert error["statusCode"] == status

    def staff_put(self, reference: str, action: str, body: dict[str, Any] | None = None) -> None:
        rid = rate_request_id(self.client, reference)
        ok(self.client.put(f"{ADMIN}/rate-requests/{rid}/{action}", headers=self.staff, json=body))

    def staff_refused(self, reference: str, action: str, status: int) -> None:
        rid = rate_request_id(self.client, reference)
        fails(self.client.put(f"{ADMIN}/rate-requests/{rid}/{action}", headers=self.staff), status)

    def notified_as(self, reference: str, expected: tuple[Any, Any, Any]) -> None:
        """The booking's notifications arrive, each valid and signed; the last one says `expected`."""

        def last() -> tuple[Any, Any, Any] | None:
            mine = [
                r
                for r in self.hooks.received
                if r.json["data"]["carrierBookingRequestReference"] == reference
            ]
            if not mine:
                return None
            data = mine[-1].json["data"]
            return (
                data["bookingStatus"],
                data.get("amendedBookingStatus"),
                data.get("bookingCancellationStatus"),
            )

        assert eventually(lambda: last() == expected), (reference, last(), expected)
        for received in self.hooks.received:
            validate(received.json, "BookingNotification")
            assert received.signed_by(self.secret)


@pytest.fixture
def integrator(store_kind: str, app_client: TestClient, hooks: Receiver) -> Integrator:
    client = app_client
    alice = customer(client, f"conformance-{store_kind}")
    # The one moment the portal's login is used: to issue the API key and register the webhook (a
    # key cannot manage keys or webhooks); from here on, the key only.
    key = {
        "API-Key": ok(client.post(f"{INTEGRATIONS}/api-keys", json={"label": "erp"}, headers=alice), 201)[
            "key"
        ]
    }
    hook = ok(client.post(f"{INTEGRATIONS}/webhooks", json={"callbackUrl": hooks.url}, headers=alice), 201)
    staff = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    return Integrator(client, key, staff, hooks, hook["secret"])


def test_uc1_uc2_uc3_uc5_update_then_confirm(integrator: Integrator) -> None:
    it = integrator
    reference = it.book()  # UC1
    it.notified_as(reference, ("RECEIVED", None, None))
    # UC3 straight after UC1: an update of a received request.
    update = sample("booking-regular")
    update["carrierExportVoyageNumber"] = "404E"
    it.accepted("PUT", reference, update)
    assert it.status(reference) == ("UPDATE_RECEIVED", None, None)
    # UC2: the carrier asks for an update, naming the field.
    it.staff_put(reference, "request-revision", {"message": "$.requestedEquipments[0].units: one unit only"})
    assert it.status(reference) == ("PENDING_UPDATE", None, None)
    assert it.read(reference)["feedbacks"][0]["jsonPath"] == "$.requestedEquipments[0].units"
    it.notified_as(reference, ("PENDING_UPDATE", None, None))
    # UC3: the shipper's updated request.
    update["carrierExportVoyageNumber"] = "405E"
    it.accepted("PUT", reference, update)
    assert it.status(reference) == ("UPDATE_RECEIVED", None, None)
    assert it.read(reference)["carrierExportVoyageNumber"] == "405E"
    it.notified_as(reference, ("UPDATE_RECEIVED", None, None))
    # UC5: the carrier confirms with its charges (quoted first, then confirmed; nothing asked of the shipper).
    it.staff_put(reference, "quote", {"price": 1100, "validUntil": later()})
    assert it.status(reference) == ("UPDATE_RECEIVED", None, None)
    it.staff_put(reference, "confirm-request")
    booking = it.read(reference)
    assert booking["bookingStatus"] == "CONFIRMED" and booking["carrierBookingReference"]
    assert booking["confirmedEquipments"][0]["units"] == 1
    assert booking["charges"][0]["currencyAmount"] == 1100
    assert it.read(booking["carrierBookingReference"])["carrierBookingRequestReference"] == reference
    it.notified_as(reference, ("CONFIRMED", None, None))
    # A confirmed booking is not cancelled as a request (UC11's precondition), nor updated as one.
    it.refused("PATCH", reference, {"bookingStatus": "CANCELLED"}, 409)


def test_uc4_reject(integrator: Integrator) -> None:
    it = integrator
    reference = it.book(sample("booking-reefer"))
    it.staff_put(reference, "reject", {"message": "No reefer plugs on this voyage"})
    booking = it.read(reference)
    assert booking["bookingStatus"] == "REJECTED" and "carrierBookingReference" not in booking
    assert booking["feedbacks"][0]["message"] == "No reefer plugs on this voyage"
    it.notified_as(reference, ("REJECTED", None, None))
    it.refused("PUT", reference, sample("booking-reefer"), 409)


def test_uc11_cancel_the_booking_request(integrator: Integrator) -> None:
    it = integrator
    reference = it.book(sample("booking-dg"))
    it.accepted("PATCH", reference, {"bookingStatus": "CANCELLED", "reason": "Cargo not ready"})
    assert it.status(reference) == ("CANCELLED", None, None)
    it.notified_as(reference, ("CANCELLED", None, None))
    it.refused("PATCH", reference, {"bookingStatus": "CANCELLED"}, 409)


def confirmed(it: Integrator, price: int = 900) -> str:
    reference = it.book()
    it.staff_put(reference, "confirm-request", {"price": price})  # quoted and confirmed in one act
    assert it.status(reference) == ("CONFIRMED", None, None)
    return reference


def test_uc7_uc8_uc9_amendments(integrator: Integrator) -> None:
    it = integrator
    reference = confirmed(it)
    amended = sample("booking-regular")
    amended["carrierExportVoyageNumber"] = "410E"
    it.accepted("PUT", reference, amended)  # UC7
    assert it.status(reference) == ("CONFIRMED", "AMENDMENT_RECEIVED", None)
    it.notified_as(reference, ("CONFIRMED", "AMENDMENT_RECEIVED", None))
    amended["carrierExportVoyageNumber"] = "411E"
    it.accepted("PUT", reference, amended)  # a newer amendment replaces the one awaiting a decision
    assert it.status(reference) == ("CONFIRMED", "AMENDMENT_RECEIVED", None)
    assert it.read(reference, amended=True)["carrierExportVoyageNumber"] == "411E"
    assert it.read(reference)["carrierExportVoyageNumber"] == "403W"  # the original stands meanwhile
    it.accepted("PATCH", reference, {"amendedBookingStatus": "AMENDMENT_CANCELLED"})  # UC9
    assert it.status(reference) == ("CONFIRMED", "AMENDMENT_CANCELLED", None)
    it.notified_as(reference, ("CONFIRMED", "AMENDMENT_CANCELLED", None))
    it.accepted("PUT", reference, amended)
    it.staff_put(reference, "amendments/decline", {"message": "Voyage 411E is full"})  # UC8, declined
    assert it.status(reference) == ("CONFIRMED", "AMENDMENT_DECLINED", None)
    it.notified_as(reference, ("CONFIRMED", "AMENDMENT_DECLINED", None))
    it.accepted("PUT", reference, amended)
    it.staff_put(reference, "amendments/approve")  # UC8, confirmed
    assert it.status(reference) == ("CONFIRMED", "AMENDMENT_CONFIRMED", None)
    assert it.read(reference)["carrierExportVoyageNumber"] == "411E"
    it.notified_as(reference, ("CONFIRMED", "AMENDMENT_CONFIRMED", None))


def test_uc6_the_carrier_asks_for_an_amendment(integrator: Integrator) -> None:
    """UC6: the carrier asks the shipper to amend a confirmed booking (PENDING_AMENDMENT, the reason as a
    feedback naming the field); the shipper's PUT answers it (PENDING_AMENDMENT with AMENDMENT_RECEIVED, a
    newer one replacing it), and the carrier's decision ends it (CONFIRMED with AMENDMENT_CONFIRMED)."""
    it = integrator
    reference = confirmed(it)
    amended = sample("booking-regular")
    amended["carrierExportVoyageNumber"] = "420E"
    it.accepted("PUT", reference, amended)  # an earlier amendment of the shipper's own, declined
    it.staff_put(reference, "amendments/decline", {"message": "Not this one"})
    assert it.status(reference) == ("CONFIRMED", "AMENDMENT_DECLINED", None)
    it.staff_put(
        reference, "amendments/ask", {"message": "$.carrierExportVoyageNumber: voyage 403W is cancelled"}
    )
    # The earlier amendment is no longer shown (the standard: no longer accessible after UC6).
    assert it.status(reference) == ("PENDING_AMENDMENT", None, None)
    booking = it.read(reference)
    assert booking["carrierBookingReference"] and booking["confirmedEquipments"]
    assert booking["feedbacks"][0]["jsonPath"] == "$.carrierExportVoyageNumber"
    assert booking["feedbacks"][0]["message"] == "voyage 403W is cancelled"
    it.notified_as(reference, ("PENDING_AMENDMENT", None, None))
    told = [
        r.json["data"]
        for r in it.hooks.received
        if r.json["data"]["carrierBookingRequestReference"] == reference
    ]
    assert told[-1]["feedbacks"] == booking["feedbacks"]  # the notification says why, as GET does
    answer, error = it.call("GET", f"{V2}/{reference}?amendedContent=true")  # nothing sent yet: 404
    assert answer.status_code == 404 and error["statusCode"] == 404
    it.refused("PATCH", reference, {"amendedBookingStatus": "AMENDMENT_CANCELLED"}, 404)
    it.refused("PATCH", reference, {"bookingStatus": "CANCELLED"}, 409)  # confirmed: not a request's cancel
    amended["carrierExportVoyageNumber"] = "421E"
    it.accepted("PUT", reference, amended)  # the shipper's answer
    assert it.status(reference) == ("PENDING_AMENDMENT", "AMENDMENT_RECEIVED", None)
    assert it.read(reference, amended=True)["carrierExportVoyageNumber"] == "421E"
    assert it.read(reference)["carrierExportVoyageNumber"] == "403W"  # the original stands meanwhile
    it.notified_as(reference, ("PENDING_AMENDMENT", "AMENDMENT_RECEIVED", None))
    amended["carrierExportVoyageNumber"] = "422E"
    it.accepted("PUT", reference, amended)  # a newer answer replaces it; the ask still stands
    assert it.status(reference) == ("PENDING_AMENDMENT", "AMENDMENT_RECEIVED", None)
    assert it.read(reference, amended=True)["carrierExportVoyageNumber"] == "422E"
    it.notified_as(reference, ("PENDING_AMENDMENT", "AMENDMENT_RECEIVED", None))
    it.staff_put(reference, "amendments/approve")  # UC8 ends the ask: confirmed again
    assert it.status(reference) == ("CONFIRMED", "AMENDMENT_CONFIRMED", None)
    booking = it.read(reference)
    assert booking["carrierExportVoyageNumber"] == "422E"
    # The ask is no longer shown; only the note that the plan is estimated (confirmed on no sailing) stays.
    assert [f["message"] for f in booking.get("feedbacks", [])] == [ESTIMATED_PLAN_NOTE]
    it.notified_as(reference, ("CONFIRMED", "AMENDMENT_CONFIRMED", None))


def test_uc6_then_cancel_or_decline(integrator: Integrator) -> None:
    """A booking PENDING_AMENDMENT may still have its cancellation requested (UC13's precondition names
    it); a declined answer ends the ask; the carrier may decline the booking (UC10) meanwhile."""
    it = integrator
    reference = confirmed(it)
    it.staff_put(reference, "amendments/ask", {"message": "Please book a reefer instead"})
    cancel = {"bookingCancellationStatus": "CANCELLATION_RECEIVED", "reason": "We go elsewhere"}
    it.accepted("PATCH", reference, cancel)
    assert it.status(reference) == ("PENDING_AMENDMENT", None, "CANCELLATION_RECEIVED")
    it.notified_as(reference, ("PENDING_AMENDMENT", None, "CANCELLATION_RECEIVED"))
    it.refused("PUT", reference, sample("booking-reefer"), 409)  # a change awaits a decision
    it.staff_put(reference, "cancellation-request/decline", {"message": "Talk to us first"})
    assert it.status(reference) == ("PENDING_AMENDMENT", None, "CANCELLATION_DECLINED")
    it.accepted("PUT", reference, sample("booking-reefer"))
    it.staff_put(reference, "amendments/decline", {"message": "No reefer plugs left"})
    assert it.status(reference) == ("CONFIRMED", "AMENDMENT_DECLINED", "CANCELLATION_DECLINED")
    it.notified_as(reference, ("CONFIRMED", "AMENDMENT_DECLINED", "CANCELLATION_DECLINED"))
    it.staff_put(reference, "amendments/ask", {"message": "Please book a reefer instead"})
    it.staff_put(reference, "reject", {"message": "The vessel was withdrawn"})  # UC10 while pending
    assert it.status(reference)[0] == "DECLINED"
    it.notified_as(reference, it.status(reference))


def test_uc10_decline_a_confirmed_booking(integrator: Integrator) -> None:
    it = integrator
    reference = confirmed(it)
    it.staff_put(reference, "reject", {"message": "The vessel was withdrawn"})
    assert it.status(reference) == ("DECLINED", None, None)
    it.notified_as(reference, ("DECLINED", None, None))


def test_uc13_uc14_cancel_a_confirmed_booking(integrator: Integrator) -> None:
    it = integrator
    reference = confirmed(it)
    it.refused("PATCH", reference, {"bookingStatus": "CANCELLED"}, 409)
    cancel = {"bookingCancellationStatus": "CANCELLATION_RECEIVED", "reason": "Order lost"}
    it.accepted("PATCH", reference, cancel)  # UC13
    assert it.status(reference) == ("CONFIRMED", None, "CANCELLATION_RECEIVED")
    it.notified_as(reference, ("CONFIRMED", None, "CANCELLATION_RECEIVED"))
    it.staff_put(reference, "cancellation-request/decline", {"message": "Already loaded"})  # UC14, declined
    assert it.status(reference) == ("CONFIRMED", None, "CANCELLATION_DECLINED")
    it.notified_as(reference, ("CONFIRMED", None, "CANCELLATION_DECLINED"))
    it.accepted("PATCH", reference, cancel)
    it.staff_put(reference, "cancellation-request/confirm")  # UC14, confirmed
    assert it.status(reference) == ("CANCELLED", None, "CANCELLATION_CONFIRMED")
    it.notified_as(reference, ("CANCELLED", None, "CANCELLATION_CONFIRMED"))


def test_uc12_completed(integrator: Integrator) -> None:
    """UC12 is the carrier's: staff confirm a booking made through the standard completed (its transport
    document surrendered), with nothing asked of the shipper; not while a change awaits a decision."""
    it = integrator
    reference = confirmed(it)
    amended = sample("booking-regular")
    amended["carrierExportVoyageNumber"] = "430E"
    it.accepted("PUT", reference, amended)
    it.staff_refused(reference, "confirm-completed", 409)  # the amendment awaits a decision
    assert it.status(reference) == ("CONFIRMED", "AMENDMENT_RECEIVED", None)
    it.accepted("PATCH", reference, {"amendedBookingStatus": "AMENDMENT_CANCELLED"})
    it.staff_put(reference, "confirm-completed")
    assert it.status(reference) == ("COMPLETED", "AMENDMENT_CANCELLED", None)
    it.notified_as(reference, ("COMPLETED", "AMENDMENT_CANCELLED", None))
    it.refused("PUT", reference, amended, 409)  # a completed booking is neither updated nor amended
    it.refused("PATCH", reference, {"bookingCancellationStatus": "CANCELLATION_RECEIVED"}, 409)


def test_an_estimated_plan_never_says_the_carrier_will_name_what_the_shipper_sent(
    integrator: Integrator,
) -> None:
    """The sample names its vessel and voyage (none published): confirmed on an estimated plan, neither the
    read nor the notification tells the integrator the carrier will name them, and both say the same."""
    it = integrator
    sent = sample("booking-regular")
    assert sent["vessel"]["name"] and sent["carrierExportVoyageNumber"]
    reference = confirmed(it)
    said = [f["message"] for f in it.read(reference).get("feedbacks", [])]
    assert said == [ESTIMATED_PLAN_NOTE]
    assert not any("will name the vessel" in text for text in said), said
    it.notified_as(reference, ("CONFIRMED", None, None))
    told = [
        r.json["data"]
        for r in it.hooks.received
        if r.json["data"]["carrierBookingRequestReference"] == reference
    ]
    assert [f["message"] for f in told[-1]["feedbacks"]] == said

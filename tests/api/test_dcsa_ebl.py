"""DCSA Bill of Lading 3.0.3 on /v3: shipping instructions and the transport document they produce, played
with an API key only (the shipper's side) against staff deciding on the screens' routes (the carrier's side),
on SQLite and PostgreSQL. Every /v3 answer is checked against the vendored document
(contract/dcsa/EBL_v3.0.3.yaml): a status the operation documents, a body valid against its schema."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

import eventsourcing.domain
import pytest
import yaml

from domain.booking.reference import seed_containers
from domain.integrations.notification_types import ORDER_KINDS
from domain.shared.local_time import port_day
from tests.api.accounts_support import outbox
from tests.api.booking_support import ADMIN, CLIENT, assert_verify_clean, customer, fails, ok, order_payload
from tests.api.dcsa_document import document_validator
from tests.api.dcsa_support import (
    DCSA_DIR,
    Receiver,
    confirmed_dcsa_booking,
    dcsa_error,
    eventually,
    rate_request_id,
    sample,
)
from tests.api.schedules_support import PUBLISH, VESSEL_IMO, VOYAGE, publication
from tests.api.tracking_support import equipment, publish, publisher_key, read_events, transport
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login
from tests.corpus import FOREIGN_PHONES, ZAHRA_HOSSEINI

INTEGRATIONS = "/integrations/api/v1/client"
validate = document_validator(DCSA_DIR / "EBL_v3.0.3.yaml", "urn:dcsa:ebl:3.0.3")
_TEMPLATES = {
    "/v3/shipping-instructions": "/v3/shipping-instructions",
    "/v3/shipping-instructions/": "/v3/shipping-instructions/{documentReference}",
    "/v3/transport-documents/": "/v3/transport-documents/{transportDocumentReference}",
}


@cache
def _operations() -> dict[tuple[str, str], dict[str, Any]]:
    document = yaml.safe_load((DCSA_DIR / "EBL_v3.0.3.yaml").read_text(encoding="utf-8"))
    return {
        (method.upper(), path): operation
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        if method in ("get", "post", "put", "patch", "delete")
    }


def _not_offered() -> list[tuple[str, str]]:
    document = json.loads((Path(__file__).parents[2] / "web" / "openapi.json").read_text(encoding="utf-8"))
    return [
        (method.upper(), path)
        for path, operations in document["paths"].items()
        if path.startswith("/v3/")
        for method, operation in operations.items()
        if "501" in operation.get("responses", {})
    ]


def _template(path: str) -> str:
    if path == "/v3/shipping-instructions":
        return path
    for start, template in _TEMPLATES.items():
        if start.endswith("/") and path.startswith(start):
            return template
    raise AssertionError(path)


def conforming(method: str, path: str, answer: Any) -> Any:
    responses = _operations()[(method, _template(path))]["responses"]
    status = str(answer.status_code)
    assert status in responses or (status[0] in "45" and "default" in responses), (method, path, status)
    assert answer.headers["API-Version"] == "3.0.3"
    described = responses.get(status, responses.get("default"))
    schema = ((described.get("content") or {}).get("application/json") or {}).get("schema") or {}
    name = str(schema.get("$ref", "")).rsplit("/", 1)[-1]
    if not name:
        assert answer.content == b"", (method, path, answer.text)
        return None
    validate(answer.json(), name)
    body = answer.json()
    if name == "TransportDocument" and body["transportDocumentStatus"] == "ISSUED":
        # The standard, in words its schema cannot say: exactly one of the two dates on an issued B/L, and
        # the document is of the type that date makes it.
        dates = [key for key in ("shippedOnBoardDate", "receivedForShipmentDate") if key in body]
        assert len(dates) == 1, (path, dates)
        assert body["isShippedOnBoardType"] is (dates == ["shippedOnBoardDate"]), (path, body)
    return body


def instructions(
    booking_reference: str, container: str, goods: str = "Pistachios", update_of: str | None = None
) -> dict[str, Any]:
    """Shipping instructions for one container of a booking (a shipper and a consignee with phones);
    `update_of`: the reference of the instructions this body updates."""
    (first, last), latin = ZAHRA_HOSSEINI
    named = {"shippingInstructionsReference": update_of} if update_of else {}
    return named | {
        "transportDocumentTypeCode": "BOL",
        "isShippedOnBoardType": True,
        "freightPaymentTermCode": "PRE",
        "isElectronic": True,
        "isToOrder": False,
        "isCargoDeliveredInICS2Zone": False,
        "partyContactDetails": [{"name": latin, "phone": FOREIGN_PHONES[0]}],
        "documentParties": {
            "shipper": {
                "partyName": f"{first} {last}",
                "addressLines": ["Valiasr Street 12, Tehran"],
                "partyContactDetails": [{"name": latin, "phone": FOREIGN_PHONES[0]}],
            },
            "consignee": {
                "partyName": "Hamburg Nuts GmbH",
                "address": {"street": "Grosse Elbstrasse", "city": "Hamburg", "countryCode": "DE"},
                "partyContactDetails": [{"name": "Jan Meyer", "phone": FOREIGN_PHONES[1]}],
            },
            "notifyParties": [
                {
                    "partyName": "Elbe Forwarding",
                    "addressLines": ["Am Sandtorkai 1, Hamburg"],
                    "partyContactDetails": [{"name": "Eva Kurz", "phone": FOREIGN_PHONES[1]}],
                }
            ],
        },
        "consignmentItems": [
            {
                "carrierBookingReference": booking_reference,
                "descriptionOfGoods": [goods],
                "HSCodes": ["080251"],
                "cargoItems": [
                    {
                        "equipmentReference": container,
                        "cargoGrossWeight": {"value": 12000, "unit": "KGM"},
                        "cargoNetWeight": {"value": 11000, "unit": "KGM"},
                        "outerPackaging": {"numberOfPackages": 400, "description": "Bags"},
                    }
                ],
            }
        ],
        "utilizedTransportEquipments": [
            {
                "isShipperOwned": False,
                "equipmentReference": container,
                "seals": [{"number": "SEAL0001"}],
            }
        ],
    }


@dataclass
class Shipper:
    client: Any
    key: dict[str, str]
    staff: dict[str, str]
    booking: str
    address: str = ""
    screens: dict[str, str] = field(default_factory=dict)  # the shipper's own sign-in, for the portal's door

    def mailed(self) -> list[dict[str, Any]]:
        """The e-mails the shipper was sent (the outbox, once the followers caught up)."""
        return [m for m in outbox(self.client) if m["channel"] == "email" and m["to"] == self.address]

    def call(self, method: str, path: str, body: Any = None) -> tuple[Any, Any]:
        answer = self.client.request(method, path, json=body, headers=self.key)
        return answer, conforming(method, path, answer)

    def submit(self, body: dict[str, Any]) -> str:
        answer, created = self.call("POST", "/v3/shipping-instructions", body)
        assert answer.status_code == 202, answer.text
        return str(created["shippingInstructionsReference"])

    def read(self, reference: str) -> dict[str, Any]:
        answer, document = self.call("GET", f"/v3/shipping-instructions/{reference}")
        assert answer.status_code == 200, answer.text
        return dict(document)

    def status(self, reference: str) -> tuple[Any, Any]:
        found = self.read(reference)
        return found["shippingInstructionsStatus"], found.get("updatedShippingInstructionsStatus")

    def accepted(self, method: str, path: str, body: dict[str, Any]) -> None:
        answer, _ = self.call(method, path, body)
        assert answer.status_code == 202, answer.text

    def order_id(self) -> str:
        rid = rate_request_id(self.client, self.booking)
        detail = ok(self.client.get(f"{ADMIN}/rate-requests/{rid}", headers=self.staff))
        return str(detail["order"]["id"])

    def staff_put(self, path: str, body: dict[str, Any] | None = None) -> Any:
        return ok(self.client.put(f"{ADMIN}/{path}", headers=self.staff, json=body))


@pytest.fixture
def shipper(client: Any) -> Shipper:
    address = "ebl-shipper@shipper.example"
    alice = customer(client, "ebl-shipper", {"email": address, "name": "ebl-shipper"})
    key = {
        "API-Key": ok(client.post(f"{INTEGRATIONS}/api-keys", json={"label": "erp"}, headers=alice), 201)[
            "key"
        ]
    }
    staff = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    booking = confirmed_dcsa_booking(client, key, staff)
    return Shipper(client, key, staff, booking, address, alice)


CONTAINER = seed_containers()[0].number


def test_submit_revise_update_accept_approve_issue(shipper: Shipper) -> None:
    it = shipper
    reference = it.submit(instructions(it.booking, CONTAINER))
    assert reference == f"SI-{it.booking}"
    assert it.status(reference) == ("RECEIVED", None)
    # The same order on the screens: the staff's console shows it with the instructions' values.
    rid = rate_request_id(it.client, it.booking)
    detail = ok(it.client.get(f"{ADMIN}/rate-requests/{rid}", headers=it.staff))
    assert detail["order"]["cargoDescription"] == "Pistachios"
    # Staff ask for a revision, naming the field: PENDING_UPDATE with the feedback's jsonPath.
    order = it.order_id()
    it.staff_put(
        f"shipping-orders/{order}/request-revision",
        {"revise": {"cargoDescription": "$.consignmentItems[0].descriptionOfGoods: say roasted or raw"}},
    )
    read = it.read(reference)
    assert read["shippingInstructionsStatus"] == "PENDING_UPDATE"
    assert read["feedbacks"][0]["severity"] == "ERROR"
    # Staff name the field by the order's wire key; the feedback points at it in the standard's document.
    assert read["feedbacks"][0]["jsonPath"] == "$.consignmentItems[0].descriptionOfGoods", read["feedbacks"]
    # The shipper's update: UPDATE_RECEIVED, read back as sent.
    it.accepted(
        "PUT",
        f"/v3/shipping-instructions/{reference}",
        instructions(it.booking, CONTAINER, "Raw pistachios", reference),
    )
    assert it.status(reference) == ("RECEIVED", "UPDATE_RECEIVED")
    assert it.read(reference)["consignmentItems"][0]["descriptionOfGoods"] == ["Raw pistachios"]
    # No transport document before staff accept.
    answer, missing = it.call("GET", f"/v3/transport-documents/BL-{it.booking}")
    assert answer.status_code == 404
    assert missing["errors"][0]["errorCodeMessage"].endswith(
        f"shipping instructions {reference} are RECEIVED"
    )
    # Staff accept (the existing console action): a DRAFT transport document.
    it.staff_put(f"shipping-orders/{order}/accept")
    found = it.read(reference)
    assert found["transportDocumentReference"] == f"BL-{it.booking}"
    answer, draft = it.call("GET", f"/v3/transport-documents/BL-{it.booking}")
    assert answer.status_code == 200, answer.text
    assert draft["transportDocumentStatus"] == "DRAFT"
    assert draft["consignmentItems"][0]["descriptionOfGoods"] == ["Raw pistachios"]
    # Issuing before approval is refused.
    fails(it.client.put(f"{ADMIN}/rate-requests/{rid}/transport-document/issue", headers=it.staff), 409)
    # The shipper approves the draft; staff issue it.
    it.accepted("PATCH", f"/v3/transport-documents/BL-{it.booking}", {"transportDocumentStatus": "APPROVED"})
    _, approved = it.call("GET", f"/v3/transport-documents/BL-{it.booking}")
    assert approved["transportDocumentStatus"] == "APPROVED"
    it.staff_put(f"rate-requests/{rid}/transport-document/issue")
    _, issued = it.call("GET", f"/v3/transport-documents/BL-{it.booking}")
    assert issued["transportDocumentStatus"] == "ISSUED" and issued["issueDate"]
    assert it.status(reference) == ("COMPLETED", None)
    # The trail says so.
    trail = ok(it.client.get(f"/audit/api/v1/bookings/{it.booking}/trail", headers=it.staff))
    assert "Bill of lading issued" in str(trail)
    issued_mail = [m for m in it.mailed() if m["data"]["kind"] == "billOfLadingIssued"]
    assert len(issued_mail) == 1 and it.booking in issued_mail[0]["subject"], it.mailed()


def test_an_issued_bill_of_lading_is_dated_by_what_tracking_saw_of_its_cargo(shipper: Shipper) -> None:
    """Decision 3855: received for shipment (the day its container gated in at the port of loading, else the
    day of issue) until tracking sees it loaded there; then shipped on board, on the day it was loaded; the
    vessel its tracking saw leave is the document's."""
    it = shipper
    it.submit(instructions(it.booking, CONTAINER))  # a shipped-on-board B/L asked for
    path = f"/v3/transport-documents/BL-{it.booking}"

    def read() -> Any:
        """The document on `/v3`, and the portal's bill of lading saying the same (both doors agree)."""
        document = it.call("GET", path)[1]
        portal = ok(it.client.get(f"{CLIENT}/rate-requests/{rid}/bill-of-lading", headers=it.screens))
        assert portal == {
            "reference": document["transportDocumentReference"],
            "status": document["transportDocumentStatus"],
            "vesselName": document["transports"]["vesselVoyages"][0]["vesselName"],
            "issueDate": document.get("issueDate"),
            "shippedOnBoardDate": document.get("shippedOnBoardDate"),
            "receivedForShipmentDate": document.get("receivedForShipmentDate"),
        }
        return document

    rid = rate_request_id(it.client, it.booking)
    # Nothing to show before staff accept the order; nobody else's booking shows.
    assert ok(it.client.get(f"{CLIENT}/rate-requests/{rid}/bill-of-lading", headers=it.screens)) is None
    stranger = customer(it.client, "ebl-stranger")
    fails(it.client.get(f"{CLIENT}/rate-requests/{rid}/bill-of-lading", headers=stranger), 404)
    it.staff_put(f"shipping-orders/{it.order_id()}/accept")
    draft = read()
    port = draft["transports"]["portOfLoading"]["UNLocationCode"]
    assert not {"shippedOnBoardDate", "receivedForShipmentDate"} & set(draft)
    it.accepted("PATCH", path, {"transportDocumentStatus": "APPROVED"})
    it.staff_put(f"rate-requests/{rid}/transport-document/issue")
    issued = read()
    assert (issued["isShippedOnBoardType"], issued["receivedForShipmentDate"]) == (False, issued["issueDate"])
    publisher = publisher_key(it.client, it.staff)
    # Gated in late in the evening at the port: the day as it was written there, not the UTC day.
    publish(it.client, publisher, equipment("bl-gtin", "GTIN", CONTAINER, "2026-11-20T23:30:00+03:30", port))
    assert read()["receivedForShipmentDate"] == "2026-11-20"
    # A planned load, and a load at another port (a transshipment): not on board at the port of loading.
    planned = {"eventTypeCode": "EQUIPMENT", "eventClassifierCode": "PLN", "equipmentEventTypeCode": "LOAD"}
    publish(
        it.client,
        publisher,
        equipment(
            "bl-load-pln", "LOAD", CONTAINER, "2026-11-21T08:00:00Z", port, eventClassification=planned
        ),
        equipment(
            "bl-load-other",
            "LOAD",
            CONTAINER,
            "2026-11-19T08:00:00Z",
            "SGSIN" if port != "SGSIN" else "NLRTM",
        ),
    )
    assert read()["isShippedOnBoardType"] is False
    # Loaded at the port of loading: shipped on board that day, and no other date.
    publish(it.client, publisher, equipment("bl-load", "LOAD", CONTAINER, "2026-11-22T01:15:00+03:30", port))
    on_board = read()
    assert (on_board["isShippedOnBoardType"], on_board["shippedOnBoardDate"]) == (True, "2026-11-22")
    assert (
        on_board["transports"]["vesselVoyages"][0]["vesselName"]
        == draft["transports"]["vesselVoyages"][0]["vesselName"]
    )
    # The vessel leaves with it: the document names the vessel tracking saw.
    publish(
        it.client,
        publisher,
        transport(
            "bl-dep", "DEPA", "ACT", "2026-11-22T20:00:00Z", port, it.booking, "2026-11-22T20:00:00Z", "KARUN"
        ),
    )
    assert read()["transports"]["vesselVoyages"][0]["vesselName"] == "KARUN"


def test_staff_read_what_issuing_the_bill_today_would_date_it_by(shipper: Shipper) -> None:
    """Decision 3857: while the bill awaits issue, staff's detail says which date issuing it today would
    give it, as tracking stands; issued, the bill carries the date staff were last told."""
    it = shipper
    it.submit(instructions(it.booking, CONTAINER))  # a shipped-on-board B/L asked for
    rid = rate_request_id(it.client, it.booking)
    path = f"/v3/transport-documents/BL-{it.booking}"

    def staff_reads() -> Any:
        return ok(it.client.get(f"{ADMIN}/rate-requests/{rid}", headers=it.staff))["billOfLading"]

    assert staff_reads() is None  # no bill before staff accept the order
    it.staff_put(f"shipping-orders/{it.order_id()}/accept")
    draft = staff_reads()
    assert (draft["status"], draft["ifIssuedToday"]) == ("DRAFT", None)  # the shipper has not approved it
    it.accepted("PATCH", path, {"transportDocumentStatus": "APPROVED"})
    today = port_day(datetime.now(UTC), "IRBND")  # the issuing office's day (decision 3877)
    # Tracking saw nothing: issued today it would be received for shipment, dated the day of issue.
    assert staff_reads()["ifIssuedToday"] == {
        "shippedOnBoardAsked": True,
        "shippedOnBoardDate": None,
        "receivedForShipmentDate": today,
        "seen": "NOTHING",
    }
    port = it.call("GET", path)[1]["transports"]["portOfLoading"]["UNLocationCode"]
    publisher = publisher_key(it.client, it.staff)
    publish(it.client, publisher, equipment("sd-gtin", "GTIN", CONTAINER, "2026-11-20T10:00:00Z", port))
    received = staff_reads()["ifIssuedToday"]
    assert (received["seen"], received["receivedForShipmentDate"]) == ("RECEIVED", "2026-11-20"), received
    assert received["shippedOnBoardDate"] is None
    publish(it.client, publisher, equipment("sd-load", "LOAD", CONTAINER, "2026-11-22T06:00:00Z", port))
    told = staff_reads()["ifIssuedToday"]
    assert (told["seen"], told["shippedOnBoardDate"]) == ("ON_BOARD", "2026-11-22"), told
    assert told["receivedForShipmentDate"] is None
    it.staff_put(f"rate-requests/{rid}/transport-document/issue")
    issued = staff_reads()
    assert (issued["status"], issued["ifIssuedToday"]) == ("ISSUED", None)
    document = it.call("GET", path)[1]
    assert document["shippedOnBoardDate"] == told["shippedOnBoardDate"] == issued["shippedOnBoardDate"]
    assert "receivedForShipmentDate" not in document


def test_tracking_follows_the_containers_an_update_of_the_instructions_names(shipper: Shipper) -> None:
    """Events of a container without a booking reference go to the booking whose order names it, the most
    recent tie: an update sent through the standard retakes the order's containers as the screens' edit
    does, and cancelling the update gives the first container back."""
    it = shipper
    first, second = seed_containers()[1].number, seed_containers()[2].number
    reference = it.submit(instructions(it.booking, first))
    # Another customer's earlier order named the second container.
    staff = it.staff
    bob = customer(it.client, "ebl-other")
    bob_key = {
        "API-Key": ok(it.client.post(f"{INTEGRATIONS}/api-keys", json={"label": "b"}, headers=bob), 201)[
            "key"
        ]
    }
    bobs = confirmed_dcsa_booking(it.client, bob_key, staff)
    answer = it.client.post("/v3/shipping-instructions", json=instructions(bobs, second), headers=bob_key)
    assert answer.status_code == 202, answer.text
    it.accepted(
        "PUT", f"/v3/shipping-instructions/{reference}", instructions(it.booking, second, update_of=reference)
    )
    publisher = publisher_key(it.client, staff)
    when = "2026-11-20T08:00:00Z"
    publish(
        it.client, publisher, equipment("a7c1e0f2-0001-4b8e-9d7a-3c1f5e2b9a01", "GTIN", second, when, "NLAMS")
    )
    assert [e["equipmentDetails"]["equipmentReference"] for e in read_events(it.client, it.key)[0]] == [
        second
    ]
    assert read_events(it.client, bob_key)[0] == []  # not the other customer's any more
    it.accepted(
        "PATCH",
        f"/v3/shipping-instructions/{reference}",
        {"updatedShippingInstructionsStatus": "UPDATE_CANCELLED"},
    )
    later = "2026-11-21T08:00:00Z"
    publish(
        it.client, publisher, equipment("a7c1e0f2-0002-4b8e-9d7a-3c1f5e2b9a02", "GTIN", first, later, "NLAMS")
    )
    mine = read_events(it.client, it.key, equipmentReference=first)[0]
    assert [e["eventDateTime"] for e in mine] == [later]


def test_a_cancelled_update_restores_the_instructions(shipper: Shipper) -> None:
    it = shipper
    reference = it.submit(instructions(it.booking, CONTAINER))
    it.accepted(
        "PUT",
        f"/v3/shipping-instructions/{reference}",
        instructions(it.booking, CONTAINER, "Almonds", reference),
    )
    assert it.status(reference) == ("RECEIVED", "UPDATE_RECEIVED")
    it.accepted(
        "PATCH",
        f"/v3/shipping-instructions/{reference}",
        {"updatedShippingInstructionsStatus": "UPDATE_CANCELLED"},
    )
    found = it.read(reference)
    assert (found["shippingInstructionsStatus"], found.get("updatedShippingInstructionsStatus")) == (
        "RECEIVED",
        None,
    )
    assert found["consignmentItems"][0]["descriptionOfGoods"] == ["Pistachios"]
    # No update awaits any more: withdrawing again is a conflict.
    answer, error = it.call(
        "PATCH",
        f"/v3/shipping-instructions/{reference}",
        {"updatedShippingInstructionsStatus": "UPDATE_CANCELLED"},
    )
    assert answer.status_code == 409 and error["statusCode"] == 409
    # The shipper cancels the instructions.
    it.accepted(
        "PATCH", f"/v3/shipping-instructions/{reference}", {"shippingInstructionsStatus": "CANCELLED"}
    )
    assert it.status(reference) == ("CANCELLED", None)


def test_the_auditors_find_the_booking_by_the_shipper_an_update_names(
    shipper: Shipper, tmp_path: Path
) -> None:
    """The auditors' search by a shipper party's name follows the instructions: an update through the
    standard names another shipper, and cancelling the update names the first again."""
    it = shipper

    def found(name: str) -> list[str]:
        answer = ok(it.client.get("/audit/api/v1/bookings", params={"q": name}, headers=it.staff))
        return [b["reference"] for b in answer["list"]]

    reference = it.submit(instructions(it.booking, CONTAINER))
    services_of(it.client).settle_all()
    assert found("Hosseini") == [it.booking]
    updated = instructions(it.booking, CONTAINER, update_of=reference)
    updated["documentParties"]["shipper"]["partyName"] = "Kerman Pistachio Growers"
    it.accepted("PUT", f"/v3/shipping-instructions/{reference}", updated)
    services_of(it.client).settle_all()
    assert found("Kerman") == [it.booking]
    assert found("Pistachio Growers") == [it.booking]
    it.accepted(
        "PATCH",
        f"/v3/shipping-instructions/{reference}",
        {"updatedShippingInstructionsStatus": "UPDATE_CANCELLED"},
    )
    services_of(it.client).settle_all()
    assert found("Kerman") == []
    assert found("Hosseini") == [it.booking]
    assert_verify_clean(services_of(it.client), tmp_path)


def test_declined_instructions(shipper: Shipper) -> None:
    it = shipper
    reference = it.submit(instructions(it.booking, CONTAINER))
    it.staff_put(
        f"shipping-orders/{it.order_id()}/decline", {"message": "The cargo is not allowed on this lane"}
    )
    assert it.status(reference) == ("DECLINED", None)
    declined = [m for m in it.mailed() if m["data"]["kind"] == "shippingInstructionsDeclined"]
    assert len(declined) == 1 and "The cargo is not allowed on this lane" in declined[0]["body"]
    update = instructions(it.booking, CONTAINER, update_of=reference)
    answer, error = it.call("PUT", f"/v3/shipping-instructions/{reference}", update)
    assert answer.status_code == 409 and error["statusCode"] == 409


def test_the_doors_edges(shipper: Shipper) -> None:
    it = shipper
    body = instructions(it.booking, CONTAINER)
    # No credential: 401; an unknown container: 400 at its jsonPath; another customer's booking: 404.
    answer = it.client.post("/v3/shipping-instructions", json=body)
    assert answer.status_code == 401
    validate(answer.json(), "ErrorResponse")
    unknown = copy.deepcopy(body)
    unknown["utilizedTransportEquipments"][0]["equipmentReference"] = "ZZZU0000000"
    answer, error = it.call("POST", "/v3/shipping-instructions", unknown)
    assert answer.status_code == 400 and error["errors"][0]["jsonPath"] == "$.utilizedTransportEquipments[0]"
    bob = customer(it.client, "ebl-other")
    bob_key = {
        "API-Key": ok(it.client.post(f"{INTEGRATIONS}/api-keys", json={"label": "erp"}, headers=bob), 201)[
            "key"
        ]
    }
    answer = it.client.post("/v3/shipping-instructions", json=body, headers=bob_key)
    assert answer.status_code == 404, answer.text
    validate(answer.json(), "ErrorResponse")
    # Not JSON: 415; a method the path does not take: 405; an unknown path: 404.
    answer = it.client.post(
        "/v3/shipping-instructions", content=b"x", headers={**it.key, "Content-Type": "text/plain"}
    )
    assert answer.status_code == 415
    validate(answer.json(), "ErrorResponse")
    answer = it.client.delete(f"/v3/shipping-instructions/SI-{it.booking}", headers=it.key)
    assert answer.status_code == 405 and answer.headers["API-Version"] == "3.0.3"
    validate(answer.json(), "ErrorResponse")
    # The same booking's second instructions: 409.
    reference = it.submit(body)
    answer, error = it.call("POST", "/v3/shipping-instructions", body)
    assert answer.status_code == 409, answer.text
    # An update names its own booking, as a submission does: not another customer's, not an unknown one.
    bobs = confirmed_dcsa_booking(it.client, bob_key, it.staff)
    for named in (bobs, "FB-2099-999999"):
        answer, error = it.call(
            "PUT",
            f"/v3/shipping-instructions/{reference}",
            instructions(named, CONTAINER, update_of=reference),
        )
        assert answer.status_code == 400, answer.text
        assert error["errors"][0]["jsonPath"] == "$.consignmentItems" and it.booking in str(error)
    assert it.status(reference) == ("RECEIVED", None)  # nothing was changed
    found = it.read(reference)["consignmentItems"][0]["carrierBookingReference"]
    assert found == it.booking
    # The standard's optional operations not offered (those the OpenAPI document says answer 501): 501
    # with the standard's error. Read from the document, so serving one takes it off the list unedited.
    not_offered = _not_offered()
    assert not_offered, "every optional operation is served: keep a check of their answers instead"
    for method, template in not_offered:
        path = template.replace("{transportDocumentReference}", f"BL-{it.booking}")
        answer = it.client.request(method, path, headers=it.key)
        assert answer.status_code == 501, (method, path, answer.text)
        validate(answer.json(), "ErrorResponse")
    assert it.client.get(f"/v3/shipping-instructions/{reference}", headers=bob_key).status_code == 404
    assert int(answer.headers["RateLimit-Remaining"]) >= 0


def test_notifications_are_the_standards_signed_and_filtered(app_client: Any, hooks: Receiver) -> None:
    """Each step is posted to the standard's consumer endpoint, valid against its notification and signed;
    a subscription hears only the kinds it chose (here: no booking steps, no updates)."""
    client = app_client
    alice = customer(client, "ebl-hooks")
    key = {
        "API-Key": ok(client.post(f"{INTEGRATIONS}/api-keys", json={"label": "erp"}, headers=alice), 201)[
            "key"
        ]
    }
    chosen = [kind for kind in ORDER_KINDS if kind != "shipping_instructions.updated"]
    hook = ok(
        client.post(
            f"{INTEGRATIONS}/webhooks", json={"callbackUrl": hooks.url, "eventTypes": chosen}, headers=alice
        ),
        201,
    )
    staff = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    it = Shipper(client, key, staff, confirmed_dcsa_booking(client, key, staff))
    reference = it.submit(instructions(it.booking, CONTAINER))
    order = it.order_id()
    it.staff_put(
        f"shipping-orders/{order}/request-revision", {"revise": {"cargoDescription": "Say roasted or raw"}}
    )
    update = instructions(it.booking, CONTAINER, "Raw pistachios", reference)
    it.accepted("PUT", f"/v3/shipping-instructions/{reference}", update)
    it.staff_put(f"shipping-orders/{order}/accept")
    it.accepted("PATCH", f"/v3/transport-documents/BL-{it.booking}", {"transportDocumentStatus": "APPROVED"})
    it.staff_put(f"rate-requests/{rate_request_id(client, it.booking)}/transport-document/issue")

    def told() -> list[tuple[str, str]]:
        return [
            (
                r.path,
                r.json["data"].get("transportDocumentStatus") or r.json["data"]["shippingInstructionsStatus"],
            )
            for r in hooks.received
        ]

    si, td = "/hooks/v3/shipping-instructions-notifications", "/hooks/v3/transport-document-notifications"
    expected = [(si, "RECEIVED"), (si, "PENDING_UPDATE"), (td, "DRAFT"), (td, "APPROVED"), (td, "ISSUED")]
    assert eventually(lambda: sorted(told()) == sorted(expected)), told()
    for received in hooks.received:
        schema = (
            "ShippingInstructionsNotification" if received.path == si else "TransportDocumentNotification"
        )
        validate(received.json, schema)
        assert received.signed_by(hook["secret"])
        assert received.headers.get("api-version", received.headers.get("API-Version")) == "3.0.3"
    revision = next(
        r for r in hooks.received if r.json["data"].get("shippingInstructionsStatus") == "PENDING_UPDATE"
    )
    assert revision.json["data"]["feedbacks"][0]["message"] == "Say roasted or raw"
    # The owner's delivery log names what each delivery was, as the standard's notification said it.
    log = ok(client.get(f"{INTEGRATIONS}/webhooks/{hook['id']}/deliveries", headers=alice))["list"]
    kinds = sorted((row["kind"], row["eventType"].split(".")[0]) for row in log)
    assert kinds == sorted(
        [("shipping_instructions", "shipping_instructions")] * 2
        + [("transport_document", "transport_document")] * 3
    ), kinds


def test_publisher_keys_huge_bodies_and_the_rate_limit(shipper: Shipper) -> None:
    it = shipper
    # A tracking publisher's key opens no customer's door: 403.
    publisher = publisher_key(it.client, it.staff)
    answer = it.client.get(f"/v3/shipping-instructions/SI-{it.booking}", headers=publisher)
    assert answer.status_code == 403, answer.text
    validate(answer.json(), "ErrorResponse")
    huge = it.client.post(
        "/v3/shipping-instructions",
        content=b'{"x": "' + b"a" * (1024 * 1024 + 10) + b'"}',
        headers={**it.key, "content-type": "application/json"},
    )
    assert huge.status_code == 413
    validate(huge.json(), "ErrorResponse")
    # The door's limit counts this key's calls on /v3 as on /v2: past it, 429 with Retry-After.
    limit = int(
        it.client.get(f"/v3/shipping-instructions/SI-{it.booking}", headers=it.key).headers["RateLimit-Limit"]
    )
    answers = [
        it.client.get(f"/v3/transport-documents/BL-{it.booking}", headers=it.key) for _ in range(limit + 1)
    ]
    refused = answers[-1]
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert refused.headers["API-Version"] == "3.0.3"
    validate(refused.json(), "ErrorResponse")


def _with_dangerous_goods(body: dict[str, Any], goods: list[dict[str, Any]]) -> dict[str, Any]:
    """`body` declaring `goods` in its cargo item's outer packaging, as the standard's own example does."""
    declared = copy.deepcopy(body)
    declared["consignmentItems"][0]["cargoItems"][0]["outerPackaging"]["dangerousGoods"] = goods
    return declared


def test_dangerous_goods_travel_in_the_outer_packaging(client: Any) -> None:
    alice = customer(client, "ebl-dg-shipper", {"email": "dg@shipper.example", "name": "ebl-dg-shipper"})
    key = {
        "API-Key": ok(client.post(f"{INTEGRATIONS}/api-keys", json={"label": "erp"}, headers=alice), 201)[
            "key"
        ]
    }
    staff = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    booking = confirmed_dcsa_booking(client, key, staff, sample("booking-dg"))
    goods = {
        "UNNumber": "3082",
        "properShippingName": "Environmentally hazardous substance, liquid, N.O.S",
        "imoClass": "9",
        "packingGroup": 3,
        "EMSNumber": "F-A S-F",
    }
    it = Shipper(client, key, staff, booking)
    # A wrong UN number is refused where it stands, and nothing is stored.
    wrong = _with_dangerous_goods(instructions(booking, CONTAINER), [{**goods, "UNNumber": "30"}])
    errors = dcsa_error(client.post("/v3/shipping-instructions", json=wrong, headers=key), 400)
    paths = [e.get("jsonPath") for e in errors]
    assert "$.consignmentItems[0].cargoItems[0].outerPackaging.dangerousGoods[0].UNNumber" in paths, errors
    assert it.call("GET", f"/v3/shipping-instructions/SI-{booking}")[0].status_code == 404
    # Declared as the standard's example declares them: the order carries them, both doors read them.
    reference = it.submit(_with_dangerous_goods(instructions(booking, CONTAINER), [goods]))
    packaging = it.read(reference)["consignmentItems"][0]["cargoItems"][0]["outerPackaging"]
    assert packaging["dangerousGoods"][0]["UNNumber"] == "3082"
    order = ok(client.get(f"{ADMIN}/rate-requests/{rate_request_id(client, booking)}", headers=staff))[
        "order"
    ]
    assert (order["unNumber"], order["imcoClass"]) == ("3082", "9"), order


def test_staff_accepting_an_update_tell_the_instructions_update_confirmed(
    app_client: Any, hooks: Receiver
) -> None:
    """The shipper's update was notified UPDATE_RECEIVED; staff accepting the instructions confirm it: an
    integrator following the notifications is told UPDATE_CONFIRMED (not left believing it pending), then
    the draft."""
    client = app_client
    alice = customer(client, "ebl-update-confirmed")
    key = {
        "API-Key": ok(client.post(f"{INTEGRATIONS}/api-keys", json={"label": "erp"}, headers=alice), 201)[
            "key"
        ]
    }
    ok(client.post(f"{INTEGRATIONS}/webhooks", json={"callbackUrl": hooks.url}, headers=alice), 201)
    staff = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    it = Shipper(client, key, staff, confirmed_dcsa_booking(client, key, staff))
    reference = it.submit(instructions(it.booking, CONTAINER))
    update = instructions(it.booking, CONTAINER, "Raw pistachios", reference)
    it.accepted("PUT", f"/v3/shipping-instructions/{reference}", update)
    it.staff_put(f"shipping-orders/{it.order_id()}/accept")

    si = "/hooks/v3/shipping-instructions-notifications"

    def updates() -> list[str | None]:
        return [
            r.json["data"].get("updatedShippingInstructionsStatus") for r in hooks.received if r.path == si
        ]

    assert eventually(lambda: "UPDATE_CONFIRMED" in updates()), updates()
    assert updates() == [None, "UPDATE_RECEIVED", "UPDATE_CONFIRMED"]
    confirmed = next(
        r
        for r in hooks.received
        if r.json["data"].get("updatedShippingInstructionsStatus") == "UPDATE_CONFIRMED"
    )
    validate(confirmed.json, "ShippingInstructionsNotification")
    assert confirmed.json["data"]["shippingInstructionsReference"] == reference
    assert eventually(
        lambda: any(r.json["data"].get("transportDocumentStatus") == "DRAFT" for r in hooks.received)
    )


def _packaging(document: dict[str, Any]) -> dict[str, Any]:
    return dict(document["consignmentItems"][0]["cargoItems"][0]["outerPackaging"])


def test_the_kind_of_package_the_shipper_declared_is_what_every_door_reads(shipper: Shipper) -> None:
    """Decision 3871: bags declared through the standard's door (code BG, "Bags") stay bags: on the customer's
    read of the order (the report's), on staff's, and on the draft bill of lading."""
    it = shipper
    rid = rate_request_id(it.client, it.booking)
    # 400 "Bags" in words alone: kept as written, with no code and no type of the specification's.
    reference = it.submit(instructions(it.booking, CONTAINER))
    line = ok(it.client.get(f"{CLIENT}/rate-requests/{rid}", headers=it.screens))["order"]["containers"][0]
    assert (line["type"], line["packageCode"], line["packageDescription"]) == (None, None, "Bags"), line
    # The shipper's update names their code too.
    body = instructions(it.booking, CONTAINER, update_of=reference)
    body["consignmentItems"][0]["cargoItems"][0]["outerPackaging"]["packageCode"] = "BG"
    it.accepted("PUT", f"/v3/shipping-instructions/{reference}", body)
    it.staff_put(f"shipping-orders/{it.order_id()}/accept")
    for path, who in ((CLIENT, it.screens), (ADMIN, it.staff)):
        line = ok(it.client.get(f"{path}/rate-requests/{rid}", headers=who))["order"]["containers"][0]
        assert (line["type"], line["packageCode"], line["packageDescription"]) == (2, "BG", "Bags"), line
    bags = {"packageCode": "BG", "numberOfPackages": 400, "description": "Bags"}
    assert _packaging(it.read(reference)) == bags
    _, draft = it.call("GET", f"/v3/transport-documents/BL-{it.booking}")
    assert _packaging(draft) == bags


def test_an_order_filled_on_the_screens_reads_on_the_standards_door_as_the_kind_chosen(
    shipper: Shipper,
) -> None:
    """Decision 3871: the kind chosen in the container dialog (bags, `type` 2) is the standard's `packageCode`
    and description; the specification's `type` 1 is still box (BX, "Boxes")."""
    it = shipper
    rid = rate_request_id(it.client, it.booking)
    quantity = ok(it.client.get(f"{CLIENT}/rate-requests/{rid}", headers=it.screens))["quantity"]
    body = order_payload(rid, quantity)
    # A type the catalogue lacks is no kind the screens offer.
    body["containers"][0]["type"] = 99
    refused = fails(it.client.post(f"{CLIENT}/shipping-orders", headers=it.screens, json=body), 400)
    assert "containers.0.type" in refused["fields"], refused
    body["containers"][0]["type"] = 2
    ok(it.client.post(f"{CLIENT}/shipping-orders", headers=it.screens, json=body), 201)
    read = it.read(f"SI-{it.booking}")
    kinds = [item["outerPackaging"] for item in read["consignmentItems"][0]["cargoItems"]]
    assert kinds[0] == {"numberOfPackages": 100, "packageCode": "BG", "description": "Bags"}, kinds
    assert all(k == {"numberOfPackages": 100, "packageCode": "BX", "description": "Boxes"} for k in kinds[1:])
    lines = ok(it.client.get(f"{CLIENT}/rate-requests/{rid}", headers=it.screens))["order"]["containers"]
    chosen = [(c["type"], c["packageCode"], c["packageDescription"]) for c in lines]
    assert chosen == [(2, "BG", None)] + [(1, "BX", None)] * (quantity - 1), chosen


def _dcsa_shipper(client: Any, name: str, booking: dict[str, Any]) -> Shipper:
    """A shipper with an API key and their own sign-in, whose booking (`booking`, /v2) staff confirmed."""
    alice = customer(client, name, {"email": f"{name}@shipper.example", "name": name})
    key = {
        "API-Key": ok(client.post(f"{INTEGRATIONS}/api-keys", json={"label": "erp"}, headers=alice), 201)[
            "key"
        ]
    }
    staff = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    return Shipper(client, key, staff, confirmed_dcsa_booking(client, key, staff, booking), "", alice)


def test_the_bill_of_lading_names_whom_the_instructions_name_and_what_they_declare(client: Any) -> None:
    """The draft B/L names the consignee the instructions name (a straight bill, `isToOrder` false: whom to
    deliver to), every notify party and every seal, and the dangerous goods declared; the screens' order
    (what the printed draft reads) keeps the same parties and seals (decision 3877)."""
    it = _dcsa_shipper(client, "ebl-parties", sample("booking-dg"))
    goods = {"UNNumber": "3082", "properShippingName": "Environmentally hazardous substance", "imoClass": "9"}
    body = _with_dangerous_goods(instructions(it.booking, CONTAINER), [goods | {"packingGroup": 3}])
    body["documentParties"]["notifyParties"].append({"partyName": "Gulf Agencies", "addressLines": ["Kish"]})
    body["utilizedTransportEquipments"][0]["seals"].append({"number": "SEAL0002"})
    it.submit(body)
    it.staff_put(f"shipping-orders/{it.order_id()}/accept")
    _, draft = it.call("GET", f"/v3/transport-documents/BL-{it.booking}")
    parties = draft["documentParties"]
    assert parties["consignee"]["partyName"] == "Hamburg Nuts GmbH", parties
    assert parties["consignee"]["address"]["city"] == "Hamburg"
    assert [p["partyName"] for p in parties["notifyParties"]] == ["Elbe Forwarding", "Gulf Agencies"]
    assert draft["utilizedTransportEquipments"][0]["seals"] == [
        {"number": "SEAL0001"},
        {"number": "SEAL0002"},
    ]
    assert _packaging(draft)["dangerousGoods"] == [goods | {"packingGroup": 3}]
    rid = rate_request_id(client, it.booking)
    for path, who in ((CLIENT, it.screens), (ADMIN, it.staff)):
        order = ok(client.get(f"{path}/rate-requests/{rid}", headers=who))["order"]
        notify = [p["name"] for p in order["parties"] if p["partyType"] == 2 and not p["isForSwbl"]]
        assert notify == ["Elbe Forwarding", "Gulf Agencies"], order["parties"]
        assert order["containers"][0]["seal"] == "SEAL0001, SEAL0002", order["containers"]


LONG_GOODS = "Unsaturated polyester resin in drums, 200 litres each, for the fibreglass boat-building trade"


@pytest.mark.parametrize(
    ("sent", "order"),
    [
        ("booking-dg", {"imcoClass": "3", "unNumber": "1866"}),
        ("booking-reefer", {"temprature": -18, "humidity": 60, "hasVentilation": True}),
    ],
)
def test_an_order_filled_on_the_screens_declares_its_goods_on_both_documents(
    client: Any, sent: str, order: dict[str, Any]
) -> None:
    """An order filled on the screens: its dangerous goods (IMO class, UN number) and reefer settings are on
    the /v3 instructions and the draft B/L where the standard puts them, and its description of goods whole,
    in lines of at most the standard's 35 characters."""
    it = _dcsa_shipper(client, f"ebl-screens-{sent}", sample(sent))
    rid = rate_request_id(client, it.booking)
    quantity = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=it.screens))["quantity"]
    body = order_payload(rid, quantity, cargoDescription=LONG_GOODS, **order)
    ok(client.post(f"{CLIENT}/shipping-orders", headers=it.screens, json=body), 201)
    si = it.read(f"SI-{it.booking}")
    it.staff_put(f"shipping-orders/{it.order_id()}/accept")
    _, draft = it.call("GET", f"/v3/transport-documents/BL-{it.booking}")
    for document in (si, draft):
        lines = document["consignmentItems"][0]["descriptionOfGoods"]
        assert " ".join(lines) == LONG_GOODS and all(len(line) <= 35 for line in lines), lines
        packaging, used = _packaging(document), document["utilizedTransportEquipments"][0]
        if "imcoClass" in order:
            [declared] = packaging["dangerousGoods"]
            assert (declared["imoClass"], declared["UNNumber"]) == ("3", "1866"), declared
        else:
            assert used["activeReeferSettings"] == {
                "temperatureSetpoint": -18,
                "temperatureUnit": "CEL",
                "humiditySetpoint": 60,
                "isVentilationOpen": True,
            }, used


def test_the_bill_of_lading_is_dated_by_the_ports_and_the_issuing_offices_days(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Decision 3877: the planned departure and arrival are the days at the ports by their clocks (leaving
    Shanghai at 20:00 UTC is the next day there), as the screens and the printed draft say; the day of issue
    is the issuing office's (Bandar Abbas): issued at 21:00 UTC, it is the next day in Iran."""
    day = (datetime.now(UTC) + timedelta(days=20)).date()
    leaving = datetime.combine(day, datetime.min.time(), UTC) + timedelta(hours=20)
    staff = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    ok(client.put(PUBLISH, json=publication(leaving), headers=staff))
    body = sample("booking-regular")
    body["shipmentLocations"] = [
        {"location": {"UNLocationCode": "CNSHA"}, "locationTypeCode": "POL"},
        {"location": {"UNLocationCode": "SGSIN"}, "locationTypeCode": "POD"},
    ]
    alice = customer(client, "ebl-port-days")
    key = {
        "API-Key": ok(client.post(f"{INTEGRATIONS}/api-keys", json={"label": "e"}, headers=alice), 201)["key"]
    }
    answer = client.post("/v2/bookings", json=body, headers=key)
    assert answer.status_code == 202, answer.text
    it = Shipper(client, key, staff, str(answer.json()["carrierBookingRequestReference"]), "", alice)
    rid = rate_request_id(client, it.booking)
    named = {"price": 900, "sailing": {"vesselIMONumber": VESSEL_IMO, "carrierExportVoyageNumber": VOYAGE}}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=staff, json=named))
    it.submit(instructions(it.booking, CONTAINER))
    it.staff_put(f"shipping-orders/{it.order_id()}/accept")
    path = f"/v3/transport-documents/BL-{it.booking}"
    transports = it.call("GET", path)[1]["transports"]
    planned = (transports["plannedDepartureDate"], transports["plannedArrivalDate"])
    assert planned == ((day + timedelta(days=1)).isoformat(), (day + timedelta(days=7)).isoformat())
    it.accepted("PATCH", path, {"transportDocumentStatus": "APPROVED"})
    late = datetime.combine(day, datetime.min.time(), UTC) + timedelta(hours=21)
    monkeypatch.setattr(eventsourcing.domain, "datetime_now_with_tzinfo", lambda: late)
    it.staff_put(f"rate-requests/{rid}/transport-document/issue")
    monkeypatch.undo()
    issued = it.call("GET", path)[1]
    assert issued["issueDate"] == (day + timedelta(days=1)).isoformat() == port_day(late, "IRBND"), issued

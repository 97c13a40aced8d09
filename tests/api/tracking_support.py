"""Helpers of the tracking tests: the TNT 3.0.0 document as validator, samples, event bodies."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.api.booking_support import CLIENT, customer, in_shipping_order, ok
from tests.api.dcsa_document import document_validator

# The standard and its samples live in the repository (contract/dcsa/tnt, with LICENSE).
TNT_DIR = Path(__file__).resolve().parents[2] / "contract" / "dcsa" / "tnt"
_URI = "urn:dcsa:tnt:3.0.0:test"
V3 = "/v3/events"
KEYS = "/integrations/api/v1/admin/publisher-keys"
UNMATCHED = "/integrations/api/v1/admin/tracking-events/unmatched"
EXCEPTIONS = "/integrations/api/v1/admin/tracking-exceptions"
PARTY = {"partyCode": "FRT", "codeListProvider": "ZZZ", "codeListName": "LCL", "partyFunction": "CA"}


# Raises unless an instance is valid against the TNT document's `components/schemas/<name>`.
validate = document_validator(TNT_DIR / "TNT_v3.0.0.yaml", _URI)


def sample(name: str) -> dict[str, Any]:
    return copy.deepcopy(json.loads((TNT_DIR / "samples" / f"{name}.json").read_text(encoding="utf-8")))


def publisher_key(client: TestClient, admin: dict[str, str], label: str = "Rotterdam gate") -> dict[str, str]:
    issued = ok(client.post(KEYS, headers=admin, json={"label": label}), 201)
    assert issued["key"].startswith("fpk_")
    return {"API-Key": issued["key"]}


def confirmed(client: TestClient, who: dict[str, str], admin: dict[str, str]) -> str:
    """A confirmed booking of `who`: its reference (the standard's carrierBookingReference)."""
    rid = in_shipping_order(client, who, admin)
    reference = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=who))["reference"]
    assert reference
    return str(reference)


def tracked(
    client: TestClient, admin: dict[str, str], name: str
) -> tuple[dict[str, str], str, dict[str, str]]:
    """A customer `name` with a confirmed booking, and a publisher key to publish its events: the customer's
    headers, the booking's reference and the publisher's headers."""
    who = customer(client, name)
    return who, confirmed(client, who, admin), publisher_key(client, admin)


def publish(client: TestClient, publisher: dict[str, str], *events: dict[str, Any]) -> list[dict[str, Any]]:
    """POST the events; answer the feedback elements (the answer validated against the standard)."""
    body = {"events": list(events)}
    validate(body, "PostEventsRequest")
    answer = client.post(V3, json=body, headers=publisher)
    assert answer.status_code == 200, answer.text
    assert answer.headers["API-Version"] == "3.0.0"
    validate(answer.json(), "PostEventsResponse")
    return list(answer.json()["feedbackElements"])


def refused(answer: Any, status: int) -> list[dict[str, Any]]:
    assert answer.status_code == status, answer.text
    assert answer.headers["API-Version"] == "3.0.0"
    body = answer.json()
    validate(body, "PostEventsError")
    validate(body, "GetEventsError")
    assert body["feedbackElements"] and all(e["severity"] == "ERROR" for e in body["feedbackElements"])
    return list(body["feedbackElements"])


def read_events(
    client: TestClient, headers: dict[str, str], **query: Any
) -> tuple[list[dict[str, Any]], str | None]:
    answer = client.get(V3, headers=headers, params=query)
    assert answer.status_code == 200, answer.text
    assert answer.headers["API-Version"] == "3.0.0"
    validate(answer.json(), "GetEventsResponse")
    return list(answer.json()["events"]), answer.headers.get("Next-Page-Cursor")


def booking_document(reference: str) -> dict[str, Any]:
    return {"documentReference": {"typeCode": "BKG", "reference": reference}}


def equipment(
    event_id: str,
    code: str,
    container: str,
    when: str,
    port: str,
    reference: str | None = None,
    updated: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    event: dict[str, Any] = {
        "eventRouting": {"originatingParty": PARTY},
        "eventID": event_id,
        "eventDateTime": when,
        "eventUpdatedDateTime": updated or when,
        "eventLocation": {"UNLocationCode": port, "facilityTypeCode": "POTE"},
        "eventClassification": {
            "eventTypeCode": "EQUIPMENT",
            "eventClassifierCode": "ACT",
            "equipmentEventTypeCode": code,
        },
        "equipmentDetails": {
            "equipmentReference": container,
            "ISOEquipmentCode": "22GP",
            "emptyIndicatorCode": "LADEN",
        },
    }
    if reference is not None:
        event["shipmentDetails"] = booking_document(reference)
    event.update(extra)
    return event


def transport(
    event_id: str, code: str, classifier: str, when: str, port: str, reference: str, updated: str, vessel: str
) -> dict[str, Any]:
    return {
        "eventRouting": {"originatingParty": PARTY},
        "eventID": event_id,
        "eventDateTime": when,
        "eventUpdatedDateTime": updated,
        "eventLocation": {"UNLocationCode": port},
        "eventClassification": {
            "eventTypeCode": "TRANSPORT",
            "eventClassifierCode": classifier,
            "transportEventTypeCode": code,
        },
        "shipmentDetails": booking_document(reference),
        "transportDetails": {
            "transportCall": {
                "modeOfTransport": "VESSEL",
                "vesselTransport": {"vesselIMONumber": "9321483", "vesselName": vessel},
            }
        },
    }

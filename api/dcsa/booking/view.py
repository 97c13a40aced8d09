"""A rate request as the standard's `Booking`: what the sender sent (or, for a booking made on the screens,
the same facts in the standard's terms), with its references, status and feedbacks."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from api.dcsa.booking.confirmation import confirmation
from api.dcsa.booking.feedbacks import decision_feedbacks
from api.dcsa.booking.reference import booking_reference, request_reference
from api.dcsa.booking.status import (
    amended_booking_status,
    booking_status,
    cancellation_status,
    feedbacks,
    has_booking_reference,
    pending_amendment,
)
from domain.booking.amendment_requests import amended_containers
from domain.booking.booking_content import cargo_details
from domain.booking.iso_equipment import equipment_kind, iso_code_for
from projections.booking.dcsa import SCREENS_AMENDMENT

_HS_CODE = re.compile(r"^\d{6,10}$")


def _screens_booking(row: dict[str, Any]) -> dict[str, Any]:
    """A booking made on the screens in the standard's terms (yard to yard, full container loads)."""
    commodity: dict[str, Any] = {"commodityType": str(row["commodity"])[:550]}
    if row["hs_code"] and _HS_CODE.fullmatch(str(row["hs_code"])):
        commodity["HSCodes"] = [str(row["hs_code"])]
    document: dict[str, Any] = {
        "receiptTypeAtOrigin": "CY",
        "deliveryTypeAtDestination": "CY",
        "cargoMovementTypeAtOrigin": "FCL",
        "cargoMovementTypeAtDestination": "FCL",
        "isEquipmentSubstitutionAllowed": False,
        "documentParties": {},
        "shipmentLocations": [
            {"location": {"UNLocationCode": row["pol_code"]}, "locationTypeCode": "POL"},
            {"location": {"UNLocationCode": row["pod_code"]}, "locationTypeCode": "POD"},
        ],
        "requestedEquipments": [
            {
                "ISOEquipmentCode": iso_code_for(row["container_type_id"], row["container_size_id"])
                or "22GP",
                "units": int(row["quantity"]),
                "isShipperOwned": False,
                "commodities": [commodity],
            }
        ],
    }
    if row["preferred_shipping_date"]:
        document["expectedDepartureDate"] = row["preferred_shipping_date"]
    if row["is_swbl"]:
        document["transportDocumentTypeCode"] = "SWB"
    return document


def sent_document(row: dict[str, Any]) -> dict[str, Any] | None:
    """What the sender sent through the standard, or None for a booking made on the screens."""
    if not row.get("content"):
        return None
    return dict(json.loads(row["content"]).get("as_sent") or {})


# Which of the sent locations gives the booking's port of loading, and of discharge (the first kind named).
_PORTS = {"pol_code": ("POL", "PRE"), "pod_code": ("POD", "PDE")}


def _changed_on_screens(sent: dict[str, Any], row: dict[str, Any]) -> dict[str, Any]:
    """A booking sent through the standard, as the screens' details (`row`: an edit's or an amendment's)
    leave it: each field they hold takes their value where it differs from what was sent; what they do not
    hold (the equipment's exact ISO code, weights, dangerous goods, other locations) stays as sent."""
    screens = _screens_booking(row)
    document = dict(sent)
    locations = [dict(location) for location in sent.get("shipmentLocations") or []]
    for key, kinds in _PORTS.items():
        named = [
            i for kind in kinds for i, loc in enumerate(locations) if loc.get("locationTypeCode") == kind
        ]
        if not named:
            locations.append({"location": {"UNLocationCode": row[key]}, "locationTypeCode": kinds[0]})
        elif locations[named[0]].get("location", {}).get("UNLocationCode") != row[key]:
            locations[named[0]]["location"] = {"UNLocationCode": row[key]}
    document["shipmentLocations"] = locations
    document["requestedEquipments"] = _equipments(sent.get("requestedEquipments") or [], row, screens)
    document.pop("expectedDepartureDate", None)
    if "expectedDepartureDate" in screens:
        document["expectedDepartureDate"] = screens["expectedDepartureDate"]
    if "transportDocumentTypeCode" in screens:
        document["transportDocumentTypeCode"] = screens["transportDocumentTypeCode"]
    return document


def _equipments(lines: list[dict[str, Any]], row: dict[str, Any], screens: dict[str, Any]) -> list[Any]:
    """The sent equipment lines under the screens' equipment, quantity and cargo: a line keeps its ISO code
    where it is of the kind the screens chose, the lines their units where they add up to the quantity,
    and their commodities (weights, dangerous goods) where the screens' commodity is what they say."""
    (asked,) = screens["requestedEquipments"]
    kind = (row["container_type_id"], row["container_size_id"])
    commodities = [c for line in lines for c in line.get("commodities") or []]
    found = [equipment_kind(str(line.get("ISOEquipmentCode"))) for line in lines]
    same_kind = bool(lines) and all(
        f is not None and (f.container_type_id, f.container_size_id) == kind for f in found
    )
    if same_kind and sum(int(line.get("units") or 0) for line in lines) == int(row["quantity"]):
        kept = lines
    else:  # one line of the screens' quantity, of the kind sent where it is the same
        kept = [{**(lines[0] if same_kind else asked), "units": asked["units"], "commodities": commodities}]
    said = cargo_details(
        [str(c.get("commodityType")) for c in commodities],
        [h for c in commodities for h in c.get("HSCodes", [])],
    )
    if said["commodity"] != str(row["commodity"])[:200]:
        return [{**kept[0], "units": asked["units"], "commodities": asked["commodities"]}]
    if said["hs_code"] == (row["hs_code"] or "") or not row["hs_code"]:
        return kept
    if not kept[0].get("commodities"):
        return [{**kept[0], "commodities": asked["commodities"]}, *kept[1:]]
    # The screens show the first HS code: theirs stands in its place.
    first = kept[0]["commodities"][0]
    codes = [str(row["hs_code"]), *first.get("HSCodes", [])[1:]]
    return [{**kept[0], "commodities": [{**first, "HSCodes": codes}, *kept[0]["commodities"][1:]]}, *kept[1:]]


def firm(row: dict[str, Any]) -> bool:
    """A booking requested through the standard (it keeps the standard's content) is firm: staff confirm
    it with its price, the customer has none to accept (decision 0030)."""
    return bool(row.get("content"))


def _amended_on_screens(row: dict[str, Any]) -> bool:
    return bool(row.get("content")) and bool(json.loads(row["content"]).get(SCREENS_AMENDMENT))


def decisions_of(row: dict[str, Any]) -> dict[str, Any]:
    """The decisions the booking stands under, as a webhook told them when they were made: staff's reason
    for declining its latest amendment or cancellation request (while that is the latest), the latest
    amendment's new price awaiting acceptance, the sailing the carrier moved."""
    found: dict[str, Any] = {}
    amendment = row.get("amendment_state")
    if amendment == "declined" and row.get("amendment_message"):
        found["amendment_declined"] = row["amendment_message"]
    if amendment == "requoted" and row.get("amendment_price") is not None:
        amended = json.loads(row["amendment_amended"] or "{}")
        quantity = amended_containers(amended)  # the containers the new price is for, as its e-mail says
        charges = None if not row.get("amendment_charges") else json.loads(row["amendment_charges"])
        found["amendment_requoted"] = (
            row["amendment_price"],
            row["amendment_valid_until"],
            charges,
            quantity,
        )
    if row.get("cancellation_state") == "declined" and row.get("cancellation_message"):
        found["cancellation_declined"] = row["cancellation_message"]
    if row.get("sailing_previous") and row.get("sailing_now"):
        found["sailing_moved"] = (json.loads(row["sailing_previous"]), json.loads(row["sailing_now"]))
    return found


def status_of(row: dict[str, Any]) -> str:
    """The booking's `bookingStatus`."""
    pending = pending_amendment(row.get("amendment_state"), row.get("amendment_asked"))
    return booking_status(row["state_name"], bool(row.get("confirmed")), bool(row.get("updated")), pending)


def booking(row: dict[str, Any], amendment: dict[str, Any] | None = None) -> dict[str, Any]:
    """The booking; with `amendment` (`amendedContent=true`), its latest amendment's content instead."""
    confirmed = bool(row.get("confirmed"))
    state = row["state_name"]
    document = sent_document(row) or _screens_booking(row)
    # What the carrier confirmed is the booking's equipment, not that of an amendment awaiting a decision.
    booked = _changed_on_screens(document, row) if _amended_on_screens(row) else document
    if amendment is not None and amendment.get("amended_content"):
        # An amendment sent through the standard reads back as it was sent.
        document = sent_document({"content": amendment["amended_content"]}) or document
    elif amendment is not None or _amended_on_screens(row):
        # One asked on the screens changes what they hold; once approved they are the row's details.
        document = _changed_on_screens(document, {**row, **amendment} if amendment is not None else row)
    answer: dict[str, Any] = {"carrierBookingRequestReference": request_reference(row)}
    was_confirmed = has_booking_reference(state, confirmed)
    if was_confirmed:
        answer["carrierBookingReference"] = booking_reference(row)
    amendment_state = row.get("amendment_state")
    pending = pending_amendment(amendment_state, row.get("amendment_asked"))
    answer["bookingStatus"] = status_of(row)
    amended = amended_booking_status(amendment_state)
    if amended:
        answer["amendedBookingStatus"] = amended
    cancellation = cancellation_status(row.get("cancellation_state"))
    if cancellation:
        answer["bookingCancellationStatus"] = cancellation
    answer.update(document)
    if was_confirmed:
        answer.update(confirmation(row, list(booked.get("requestedEquipments") or [])))
    said = feedbacks(
        state,
        row["revision_message"],
        row["rejection_message"],
        row["price"],
        row["valid_until"],
        firm=firm(row),
        amendment_asked=row.get("amendment_asked") if pending else None,
        charges=json.loads(row["charges"]) if row.get("charges") else None,
        quantity=int(row["quantity"]),
    ) + decision_feedbacks(**decisions_of(row))
    if said:
        answer["feedbacks"] = said
    return answer


def notification_data(
    row: dict[str, Any],
    state: str,
    confirmed: bool,
    amended: str | None = None,
    cancellation: str | None = None,
    decisions: Mapping[str, Any] | None = None,
    updated: bool = False,
    **messages: Any,
) -> dict[str, Any]:
    """The lightweight notification's `data`: statuses (`amended`: amendedBookingStatus, `cancellation`:
    bookingCancellationStatus), references (of `row`: id, reference) and feedbacks (`messages`: those
    `feedbacks` takes; with `amendment_asked`, the booking is PENDING_AMENDMENT)."""
    asked = messages.get("amendment_asked") is not None
    data: dict[str, Any] = {"bookingStatus": booking_status(state, confirmed, updated, asked)}
    if amended:
        data["amendedBookingStatus"] = amended
    if cancellation:
        data["bookingCancellationStatus"] = cancellation
    data["carrierBookingRequestReference"] = request_reference(row)
    if has_booking_reference(state, confirmed):
        data["carrierBookingReference"] = booking_reference(row)
    said = feedbacks(state, **messages) + decision_feedbacks(**(decisions or {}))
    if said:
        data["feedbacks"] = said
    return data

"""The standard's shipping instructions onto the shipping order the screens show, and the order back as the
standard's `ShippingInstructions` and `TransportDocument`.

An order made through `/v3` keeps the instructions as sent (`as_sent`) beside the values the screens show,
and reads back as sent; an order made (or edited) on the screens reads from its values, in the standard's
terms. Statuses come from each state's facts in state-machines/shipping_order.json, never from code.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping
from typing import Any

from api.dcsa.errors import DetailedError
from api.mapping import ORDER, wire_name
from domain.booking.document_references import (
    shipping_instructions_reference,
    transport_document_reference,
    transport_document_status,
)
from domain.booking.values import (
    CONSIGNEE,
    NOTIFY,
    SUPPLIER,
    ContainerDraft,
    FreightType,
    OrderDraft,
    PartyDraft,
    package_code,
    package_words,
)
from domain.integrations.notification_types import (
    SHIPPING_INSTRUCTIONS_NOTIFICATION,
    TRANSPORT_DOCUMENT_NOTIFICATION,
)
from domain.shared.lifecycle import lifecycle
from domain.shared.local_time import port_day
from domain.tracking.shipment import Shipment

_LBR_IN_KGM = 0.45359237
# The carrier this portal speaks for, on the documents it issues (no SMDG code of its own: a placeholder the
# standard's pattern accepts).
CARRIER_CODE = "FRBK"
TERMS = "Carriage under the carrier's standard bill of lading terms and conditions, available on request."
# Where the carrier's office that issues its bills of lading stands (the issuing party's city): the day of
# issue is that office's calendar day (decision 3877).
ISSUING_OFFICE = "IRBND"
# The standard's lines of `descriptionOfGoods`: each at most 35 characters, at most 150 of them.
_GOODS_LINE, _GOODS_LINES = 35, 150
# The seals of one container as the screens keep them: one text, the seals' numbers joined.
SEALS_JOINED = ", "


def state_fact(state: str, fact: str) -> Any:
    return lifecycle("shipping_order").fact(state, fact)


# -- the standard's instructions as the order's draft ----------------------------------------------------
def _kilograms(weight: Mapping[str, Any] | None) -> float | None:
    if not weight:
        return None
    value = float(weight["value"])
    return round(value * _LBR_IN_KGM, 3) if weight.get("unit") == "LBR" else value


def _phone(party: Mapping[str, Any], fallback: list[Mapping[str, Any]]) -> str | None:
    for contact in [*(party.get("partyContactDetails") or []), *fallback]:
        if contact.get("phone"):
            return str(contact["phone"])
    return None


def _address(party: Mapping[str, Any]) -> str | None:
    lines = [str(line) for line in party.get("addressLines") or []]
    if lines:
        return ", ".join(lines)
    address = party.get("address")
    if not address:
        return None
    parts = [address.get("street"), address.get("streetNumber"), address.get("postCode"), address.get("city")]
    return ", ".join(str(p) for p in [*parts, address.get("countryCode")] if p)


def _party(party: Mapping[str, Any], kind: int, swbl: bool, contacts: list[Mapping[str, Any]]) -> PartyDraft:
    return PartyDraft(
        name=party.get("partyName"),
        address=_address(party),
        phone_number=_phone(party, contacts),
        party_type=kind,
        is_for_swbl=swbl,
    )


def _dangerous(document: Mapping[str, Any]) -> dict[str, Any] | None:
    for item in document.get("consignmentItems") or []:
        for cargo in item.get("cargoItems") or []:
            for goods in (cargo.get("outerPackaging") or {}).get("dangerousGoods") or []:
                return dict(goods)
    return None


def _declared_kind(cargo: list[Mapping[str, Any]]) -> tuple[str | None, str | None]:
    """The kind of package a container's cargo items declare: their code when they name one kind, and their
    descriptions as written (each once)."""
    packagings = [c.get("outerPackaging") or {} for c in cargo]
    codes = {str(p["packageCode"]) for p in packagings if p.get("packageCode")}
    descriptions = dict.fromkeys(str(p["description"]).strip() for p in packagings if p.get("description"))
    code = next(iter(codes)) if len(codes) == 1 else None
    return code, "; ".join(d for d in descriptions if d) or None


def order_draft(
    document: Mapping[str, Any], container_ids: Mapping[str, int]
) -> tuple[OrderDraft, list[DetailedError]]:
    """The order the instructions mean (`container_ids`: the catalog's id of each container number), and
    what cannot be mapped at all, by jsonPath."""
    errors: list[DetailedError] = []
    swbl = document.get("transportDocumentTypeCode") == "SWB"
    contacts = list(document.get("partyContactDetails") or [])
    parties_sent = document.get("documentParties") or {}
    named = [(parties_sent.get("shipper"), SUPPLIER), (parties_sent.get("consignee"), CONSIGNEE)]
    named += [(p, NOTIFY) for p in parties_sent.get("notifyParties") or []]
    sides = (False, True) if swbl else (False,)
    parties = tuple(_party(p, kind, side, contacts) for side in sides for p, kind in named if p)
    goods = [str(g) for item in document.get("consignmentItems") or [] for g in item["descriptionOfGoods"]]
    cargo_by_equipment: dict[str, list[Mapping[str, Any]]] = {}
    for item in document.get("consignmentItems") or []:
        for cargo in item.get("cargoItems") or []:
            cargo_by_equipment.setdefault(str(cargo["equipmentReference"]), []).append(cargo)
    containers = []
    reefer: dict[str, Any] = {}
    for i, used in enumerate(document.get("utilizedTransportEquipments") or []):
        number = str(
            (used.get("equipment") or {}).get("equipmentReference") or used.get("equipmentReference")
        )
        if number not in container_ids:
            errors.append(
                DetailedError(
                    7003,
                    f"Container {number} is not one this carrier supplies",
                    f"$.utilizedTransportEquipments[{i}]",
                    number,
                )
            )
        cargo = cargo_by_equipment.get(number, [])
        gross = sum(_kilograms(c.get("cargoGrossWeight")) or 0 for c in cargo)
        net = sum(
            _kilograms(c.get("cargoNetWeight")) or _kilograms(c.get("cargoGrossWeight")) or 0 for c in cargo
        )
        packages = sum(int((c.get("outerPackaging") or {}).get("numberOfPackages") or 0) for c in cargo)
        code, description = _declared_kind(cargo)
        seals = used.get("seals") or []
        containers.append(
            ContainerDraft(
                container_id=container_ids.get(number),
                seal=SEALS_JOINED.join(str(s["number"]) for s in seals) or None,
                count=packages or None,
                gross_weight=gross or None,
                net_weight=net or None,
                package_code=code,
                package_description=description,
            )
        )
        reefer = reefer or dict(used.get("activeReeferSettings") or {})
    danger = _dangerous(document) or {}
    draft = OrderDraft(
        is_swbl=swbl,
        freight_type=int(
            FreightType.PREPAID if document.get("freightPaymentTermCode") == "PRE" else FreightType.COLLECT
        ),
        cargo_description="; ".join(goods) or None,
        imco_class=danger.get("imoClass"),
        un_number=danger.get("UNNumber"),
        temperature=reefer.get("temperatureSetpoint"),
        humidity=reefer.get("humiditySetpoint"),
        has_ventilation=bool(reefer.get("isVentilationOpen")),
        parties=parties,
        containers=tuple(containers),
    )
    return draft, errors


# The order's own paths (domain/booking/values.py) and the standard's names for them.
_PATHS = {
    "containers": "$.utilizedTransportEquipments",
    "parties": "$.documentParties",
    "cargo_description": "$.consignmentItems[0].descriptionOfGoods",
    "imco_class": "$.consignmentItems[0].cargoItems[0].outerPackaging.dangerousGoods[0].imoClass",
    "un_number": "$.consignmentItems[0].cargoItems[0].outerPackaging.dangerousGoods[0].UNNumber",
    "temperature": "$.utilizedTransportEquipments[0].activeReeferSettings.temperatureSetpoint",
    "humidity": "$.utilizedTransportEquipments[0].activeReeferSettings.humiditySetpoint",
    "freight_type": "$.freightPaymentTermCode",
}


# Staff name a field to revise by the order's wire key (`cargoDescription`, `imcoClass`), as its screens do.
_WIRE_PATHS = {wire_name(field, ORDER): path for field, path in _PATHS.items()}


def _path_of(field: str) -> str:
    """The jsonPath of an order field named by its wire key (or, as stored before, its own name)."""
    head = field.split(".")[0]
    return _WIRE_PATHS.get(head) or _PATHS.get(head, "$")


def order_errors(fields: Mapping[str, str]) -> list[DetailedError]:
    """A domain `ValidationFailed` on the order as the standard's errors, each at the field's jsonPath."""
    out = []
    for key, message in fields.items():
        head, *rest = key.split(".")
        path = _PATHS.get(head, "$")
        if head in ("containers", "parties") and rest and rest[0].isdigit():
            path = f"{path}[{rest[0]}]" if head == "containers" else path
        out.append(DetailedError(7004, f"{key}: {message}", path))
    return out


# -- the order as the standard's documents ---------------------------------------------------------------
def _details(order: Mapping[str, Any]) -> dict[str, Any]:
    return dict(json.loads(order["details"])) if isinstance(order["details"], str) else dict(order["details"])


def _screens_party(party: Mapping[str, Any]) -> dict[str, Any]:
    said: dict[str, Any] = {"partyName": str(party["name"])[:70]}
    if party.get("address"):
        said["addressLines"] = [str(party["address"])[:250]]
    if party.get("phone_number"):
        said["partyContactDetails"] = [
            {"name": str(party["name"])[:35], "phone": str(party["phone_number"])[:30]}
        ]
    return said


def _screens_packaging(container: Mapping[str, Any]) -> dict[str, Any]:
    """A container line's packages as declared: its kind's code and its words (decision 3871)."""
    code = package_code(container)
    said: dict[str, Any] = {"numberOfPackages": int(container["count"])}
    if code:
        said["packageCode"] = code
    said["description"] = (package_words(container) or code or "")[:100]
    return said


def goods_lines(text: str) -> list[str]:
    """The description of goods whole, as the standard's lines: at most 35 characters each, broken between
    words where a word fits on a line."""
    lines = textwrap.wrap(" ".join(text.split()), _GOODS_LINE, break_on_hyphens=False)
    return lines[:_GOODS_LINES] or ["Cargo"]


def _screens_dangerous_goods(details: Mapping[str, Any], goods: str) -> list[dict[str, Any]]:
    """The order's dangerous goods (its IMO class and UN number) in the standard's shape; the screens keep
    no proper shipping name, so the description of goods stands for it."""
    imo, un = str(details.get("imco_class") or "").strip(), str(details.get("un_number") or "").strip()
    if not imo or not un:
        return []
    return [{"properShippingName": goods[:250], "imoClass": imo[:4], "UNNumber": un[:4]}]


def _screens_reefer(details: Mapping[str, Any]) -> dict[str, Any]:
    """The order's reefer settings as the standard's `activeReeferSettings` (the screens' are Celsius)."""
    said: dict[str, Any] = {}
    if details.get("temperature") is not None:
        said |= {"temperatureSetpoint": float(details["temperature"]), "temperatureUnit": "CEL"}
    if details.get("humidity") is not None:
        said["humiditySetpoint"] = float(details["humidity"])
    if said or details.get("has_ventilation"):
        said["isVentilationOpen"] = bool(details.get("has_ventilation"))
    return said


def _screens_instructions(
    details: Mapping[str, Any], booking: Mapping[str, Any], numbers: Mapping[int, str]
) -> dict[str, Any]:
    """An order made on the screens in the standard's terms."""
    main = [p for p in details.get("parties") or [] if not p.get("is_for_swbl")]
    by_kind = {p["party_type"]: p for p in main}
    shipper = by_kind.get(SUPPLIER) or (main[0] if main else {"name": "Shipper", "phone_number": None})
    parties: dict[str, Any] = {"shipper": _screens_party(shipper)}
    if CONSIGNEE in by_kind:
        parties["consignee"] = _screens_party(by_kind[CONSIGNEE])
    notify = [p for p in main if p["party_type"] == NOTIFY]
    if notify:
        parties["notifyParties"] = [_screens_party(p) for p in notify]
    reference = str(booking.get("reference") or booking["id"])
    goods = str(details.get("cargo_description") or booking.get("commodity") or "Cargo")
    dangerous = _screens_dangerous_goods(details, goods)
    reefer = _screens_reefer(details)
    cargo_items = []
    equipments = []
    for container in details.get("containers") or []:
        number = numbers.get(int(container["container_id"]), str(container["container_id"]))
        item: dict[str, Any] = {
            "equipmentReference": number[:11],
            "cargoGrossWeight": {"value": float(container["gross_weight"]), "unit": "KGM"},
            "cargoNetWeight": {"value": float(container["net_weight"]), "unit": "KGM"},
            "outerPackaging": _screens_packaging(container),
        }
        if dangerous:
            item["outerPackaging"]["dangerousGoods"] = dangerous
        cargo_items.append(item)
        seals = [s.strip() for s in str(container["seal"]).split(SEALS_JOINED.strip()) if s.strip()]
        used: dict[str, Any] = {
            "isShipperOwned": False,
            "equipmentReference": number[:11],
            "seals": [{"number": s[:15]} for s in seals or [str(container["seal"])]],
        }
        if reefer:
            used["activeReeferSettings"] = reefer
        equipments.append(used)
    hs = str(booking.get("hs_code") or "")
    consignment: dict[str, Any] = {
        "carrierBookingReference": reference[:35],
        "descriptionOfGoods": goods_lines(goods),
        "HSCodes": [hs if hs.isdigit() and 6 <= len(hs) <= 10 else "999999"],
        "cargoItems": cargo_items,
    }
    return {
        "transportDocumentTypeCode": "SWB" if details.get("is_swbl") else "BOL",
        "isShippedOnBoardType": True,
        "freightPaymentTermCode": "PRE" if details.get("freight_type") == FreightType.PREPAID else "COL",
        "isElectronic": True,
        "isToOrder": False,
        "partyContactDetails": parties["shipper"].get("partyContactDetails")
        or [{"name": parties["shipper"]["partyName"][:35], "phone": "+0000000"}],
        "documentParties": parties,
        "isCargoDeliveredInICS2Zone": False,
        "consignmentItems": [consignment],
        "utilizedTransportEquipments": equipments,
    }


def _feedbacks(order: Mapping[str, Any]) -> list[dict[str, Any]]:
    revise = json.loads(order.get("revise") or "{}")
    said = []
    for field, text in sorted(revise.items()):
        feedback = {"severity": "ERROR", "code": "PROPERTY_VALUE_MUST_CHANGE", "message": str(text)[:5000]}
        feedback["jsonPath"] = (field if field.startswith("$") else _path_of(field))[:500]
        said.append(feedback)
    return said


def instructions(
    order: Mapping[str, Any], booking: Mapping[str, Any], numbers: Mapping[int, str]
) -> dict[str, Any]:
    """The order as the standard's `ShippingInstructions`."""
    details = _details(order)
    sent = details.get("as_sent")
    document = dict(sent) if sent else _screens_instructions(details, booking, numbers)
    reference = str(booking.get("reference") or booking["id"])
    state = str(order["status_name"])
    document.pop("transportDocumentReference", None)
    head: dict[str, Any] = {
        "shippingInstructionsReference": shipping_instructions_reference(reference),
        "shippingInstructionsStatus": state_fact(state, "dcsa"),
    }
    update = state_fact(state, "dcsaUpdate")
    if update:
        head["updatedShippingInstructionsStatus"] = update
    if transport_document_status(state):
        head["transportDocumentReference"] = transport_document_reference(reference)
    said = _feedbacks(order) if state == "revision_requested" else []
    if said:
        head["feedbacks"] = said
    return {**head, **document}


def dated(asked_on_board: bool, shipment: Shipment | None, issued: str) -> dict[str, Any]:
    """An issued bill of lading's type and its one date (the standard: exactly one of the two on an issued
    B/L; decision 3855): shipped on board, when the instructions asked for it and tracking saw the cargo on
    board; else received for shipment, on the day its last container gated in, or else the day of issue."""
    on_board = shipment.on_board if shipment else None
    if asked_on_board and on_board:
        return {"isShippedOnBoardType": True, "shippedOnBoardDate": on_board}
    received = (shipment.received if shipment else None) or issued
    return {"isShippedOnBoardType": False, "receivedForShipmentDate": received}


# What of each party the instructions name the transport document's party takes (its schema's properties).
_PARTY_KEYS = (
    "partyName",
    "typeOfPerson",
    "address",
    "addressLines",
    "identifyingCodes",
    "partyContactDetails",
)
_ON_BEHALF_KEYS = ("partyName", "address", "addressLines", "identifyingCodes")
# What of the instructions' cargo and equipment the transport document carries.
_PACKAGING_KEYS = ("packageCode", "imoPackagingCode", "numberOfPackages", "description", "dangerousGoods")
_EQUIPMENT_KEYS = ("isNonOperatingReefer", "activeReeferSettings", "shippingMarks")


def _kept(party: Mapping[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    return {k: v for k, v in party.items() if k in keys}


def _document_parties(sent: Mapping[str, Any], si_reference: str) -> dict[str, Any]:
    """The parties the instructions name that the standard's transport document takes, with the carrier as
    issuing party (the instructions' `issueTo`, seller, buyer and requestor are the instructions' alone)."""
    parties: dict[str, Any] = {
        "shipper": _kept(sent["shipper"], _PARTY_KEYS),
        "issuingParty": {
            "partyName": "Freight Bookings",
            "address": {"street": "Harbour Road", "city": "Bandar Abbas", "countryCode": "IR"},
        },
    }
    for role in ("consignee", "endorsee"):
        if sent.get(role):
            party = _kept(sent[role], _PARTY_KEYS)
            # The transport document's consignee must be identified by a code; one the shipper gave none is
            # known by the carrier's own (mutually defined) reference of it (decision 3877).
            party.setdefault(
                "identifyingCodes", [{"codeListProvider": "ZZZ", "partyCode": f"{si_reference}-{role}"}]
            )
            parties[role] = party
    for role in ("onBehalfOfShipper", "onBehalfOfConsignee"):
        if sent.get(role):
            parties[role] = _kept(sent[role], _ON_BEHALF_KEYS)
    if sent.get("notifyParties"):
        parties["notifyParties"] = [_kept(p, _PARTY_KEYS) for p in sent["notifyParties"]]
    if sent.get("other"):
        parties["other"] = [
            {"party": _kept(o["party"], _PARTY_KEYS), "partyFunction": o["partyFunction"]}
            for o in sent["other"]
        ]
    return parties


def transport_document(
    order: Mapping[str, Any],
    booking: Mapping[str, Any],
    numbers: Mapping[int, str],
    sailing: Any | None,
    shipment: Shipment | None = None,
) -> dict[str, Any]:
    """The transport document (the bill of lading) the accepted order produces, as the standard's
    `TransportDocument`: the instructions' content with the carrier's part (transport, issuing party); the
    vessel its tracking saw leave with the cargo (`shipment`), else the sailing's."""
    si = instructions(order, booking, numbers)
    state = str(order["status_name"])
    reference = str(booking.get("reference") or booking["id"])
    parties = _document_parties(si["documentParties"], si["shippingInstructionsReference"])
    consignments = [
        {
            "carrierBookingReference": c["carrierBookingReference"],
            "descriptionOfGoods": c["descriptionOfGoods"],
            "HSCodes": c["HSCodes"],
            "cargoItems": [
                {
                    k: v
                    for k, v in item.items()
                    if k in ("equipmentReference", "cargoGrossWeight", "cargoNetWeight", "outerPackaging")
                }
                for item in c["cargoItems"]
            ],
        }
        for c in si["consignmentItems"]
    ]
    for consignment in consignments:
        for item in consignment["cargoItems"]:
            packaging = item.get("outerPackaging")
            if packaging:
                item["outerPackaging"] = {k: v for k, v in packaging.items() if k in _PACKAGING_KEYS and v}
                item["outerPackaging"]["numberOfPackages"] = packaging["numberOfPackages"]
    equipments = []
    for used in si["utilizedTransportEquipments"]:
        number = (used.get("equipment") or {}).get("equipmentReference") or used.get("equipmentReference")
        equipments.append(
            {
                "equipment": {"equipmentReference": number},
                "isShipperOwned": bool(used.get("isShipperOwned")),
                "seals": used["seals"],
                **{k: v for k, v in used.items() if k in _EQUIPMENT_KEYS},
            }
        )
    left = shipment.departed if shipment else None
    vessel = (left.vessel if left else None) or getattr(sailing, "vessel_name", None) or "To be nominated"
    voyage = getattr(sailing, "export_voyage", None) or "TBN"
    # The days at the ports, by their clocks (as the screens and the printed draft say them), not UTC's.
    if sailing is not None:
        departure = port_day(sailing.departure, sailing.load_port)
        arrival = port_day(sailing.arrival, sailing.discharge_port)
    else:
        departure = str(booking.get("preferred_shipping_date") or order["created_at"])[:10]
        arrival = departure
    document: dict[str, Any] = {
        "transportDocumentReference": transport_document_reference(reference),
        "shippingInstructionsReference": si["shippingInstructionsReference"],
        "transportDocumentStatus": transport_document_status(state),
        "transportDocumentTypeCode": si["transportDocumentTypeCode"],
        "isShippedOnBoardType": si["isShippedOnBoardType"],
        "freightPaymentTermCode": si["freightPaymentTermCode"],
        "isElectronic": si["isElectronic"],
        "isToOrder": si["isToOrder"],
        "termsAndConditions": TERMS,
        "receiptTypeAtOrigin": "CY",
        "deliveryTypeAtDestination": "CY",
        "cargoMovementTypeAtOrigin": "FCL",
        "cargoMovementTypeAtDestination": "FCL",
        "carrierCode": CARRIER_CODE,
        "carrierCodeListProvider": "SMDG",
        "transports": {
            "plannedDepartureDate": departure,
            "plannedArrivalDate": arrival,
            "portOfLoading": {"UNLocationCode": booking["pol_code"]},
            "portOfDischarge": {"UNLocationCode": booking["pod_code"]},
            "vesselVoyages": [
                {"vesselName": str(vessel)[:50], "carrierExportVoyageNumber": str(voyage)[:50]}
            ],
        },
        "invoicePayableAt": {"UNLocationCode": booking["pol_code"]},
        "partyContactDetails": si["partyContactDetails"],
        "documentParties": parties,
        "consignmentItems": consignments,
        "utilizedTransportEquipments": equipments,
    }
    if state == "issued":
        document["issueDate"] = port_day(order["updated_at"], ISSUING_OFFICE)
        document.update(dated(bool(si["isShippedOnBoardType"]), shipment, document["issueDate"]))
    return document


SI_NOTIFICATION, TD_NOTIFICATION = SHIPPING_INSTRUCTIONS_NOTIFICATION, TRANSPORT_DOCUMENT_NOTIFICATION
# The order's steps told as the transport document's (its status changed); the others as the instructions'.
_TD_STEPS = ("Accepted", "Approved", "Issued")
# The steps that decide the shipper's update: withdrawn by the shipper, or confirmed by staff accepting the
# instructions (the webhook policy's `UpdateConfirmed`, told beside the draft's notification).
_UPDATE_STEPS = {"UpdateCancelled": "UPDATE_CANCELLED", "UpdateConfirmed": "UPDATE_CONFIRMED"}


def order_notification(
    state: str, booking_reference: str, event_name: str, message: str | None
) -> tuple[str, str, dict[str, Any]]:
    """A step of the order as the standard's lightweight notification: its CloudEvents type, the path of
    its source and its `data` (`ShippingInstructionsData` or `TransportDocumentData`), saying what the
    /v3 reads say after the step; `message`: staff's words (a revision asked, the instructions declined)."""
    si = shipping_instructions_reference(booking_reference)
    td = transport_document_reference(booking_reference)
    if event_name in _TD_STEPS:
        data: dict[str, Any] = {
            "transportDocumentStatus": transport_document_status(state),
            "shippingInstructionsReference": si,
            "transportDocumentReference": td,
        }
        return TD_NOTIFICATION, "/v3/transport-documents", data
    data = {"shippingInstructionsStatus": state_fact(state, "dcsa"), "shippingInstructionsReference": si}
    update = _UPDATE_STEPS.get(event_name) or state_fact(state, "dcsaUpdate")
    if update:
        data["updatedShippingInstructionsStatus"] = update
    if message:
        severity, code = (
            ("ERROR", "PROPERTY_VALUE_MUST_CHANGE")
            if event_name == "RevisionRequested"
            else (
                "INFO",
                "INFORMATIONAL_MESSAGE",
            )
        )
        data["feedbacks"] = [{"severity": severity, "code": code, "message": message[:5000]}]
    return SI_NOTIFICATION, "/v3/shipping-instructions", data

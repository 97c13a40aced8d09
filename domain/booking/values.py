"""Validation of what customers send, with the specification's messages, keyed by the wire field names.

Each function takes the payload as the wire sends it (a dict of wire keys) and answers the normalised data the
events carry, or raises `ValidationFailed` naming every offending field at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from enum import IntEnum
from typing import Any

from domain.booking.reference import REFRIGERATED, ReferenceCatalog
from domain.shared.errors import ValidationFailed
from domain.shared.messages import message

REQUIRED = message("common.required")
DANGER_FILE = message("booking.msds.required")
HS_CODE = re.compile(r"^[0-9]{6,10}\Z")
UN_NUMBER = re.compile(r"^[0-9]{4}\Z")
NUMERIC = re.compile(r"^\+?[0-9]+\Z")
# IMDG Code hazard classes and divisions.
IMDG_CLASSES = (
    "1", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "2.1", "2.2", "2.3", "3", "4.1", "4.2", "4.3",
    "5.1", "5.2", "6.1", "6.2", "7", "8", "9",
)  # fmt: skip
SUPPLIER, CONSIGNEE, NOTIFY = 0, 1, 2
PARTY_NAMES = {SUPPLIER: "supplier", CONSIGNEE: "consignee", NOTIFY: "notify party"}


class FreightType(IntEnum):
    """Who pays the freight (specification 001): stored and sent as its number."""

    COLLECT = 1
    PREPAID = 2


BOX = 1
PACKAGE_TYPES = (BOX,)


def _text(raw: Mapping[str, Any], key: str) -> str:
    value = raw.get(key)
    return "" if value is None else str(value).strip()


def _whole(value: Any) -> int | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        return int(value.strip())  # ASCII only: Python's int() would also read "٣" as 3
    return None


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or value is None or (isinstance(value, str) and not value.isascii()):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if number == number and number not in (float("inf"), float("-inf")) else None


def calendar_date(text: str) -> date:
    """`YYYY-MM-DD`, or a whole ISO time whose date is meant (the web client sends either); no more."""
    if len(text) == 10:
        return date.fromisoformat(text)
    return datetime.fromisoformat(text).date()


def rate_request_details(
    raw: Mapping[str, Any],
    today: date,
    catalog: ReferenceCatalog,
    owns_file: Callable[[str], bool],
) -> dict[str, Any]:
    """Section 5 of the booking specification, checked on the server."""
    errors: dict[str, str] = {}
    commodity = _text(raw, "commodity")
    if not commodity:
        errors["commodity"] = REQUIRED
    elif len(commodity) > 200:
        errors["commodity"] = message("booking.commodity.max")
    hs_code = _text(raw, "hsCode")
    if not hs_code:
        errors["hsCode"] = REQUIRED
    elif not HS_CODE.fullmatch(hs_code):
        errors["hsCode"] = message("booking.hsCode.pattern")
    shipping_date: date | None = None
    raw_date = _text(raw, "preferredShippingDate")
    if not raw_date:
        errors["preferredShippingDate"] = REQUIRED
    else:
        try:
            shipping_date = calendar_date(raw_date)
        except ValueError:
            errors["preferredShippingDate"] = message("booking.preferredShippingDate.format")
        else:
            if shipping_date < today:
                errors["preferredShippingDate"] = message("booking.preferredShippingDate.past")
    quantity = _whole(raw.get("quantity"))
    if raw.get("quantity") in (None, ""):
        errors["quantity"] = REQUIRED
    elif quantity is None or quantity < 1:
        errors["quantity"] = message("booking.quantity.min")
    elif quantity > 1000:
        errors["quantity"] = message("booking.quantity.max")
    checks: list[tuple[str, Callable[[int], bool], str]] = [
        ("polId", catalog.has_port, message("booking.pol.notFound")),
        ("podId", catalog.has_port, message("booking.pod.notFound")),
        ("containerTypeId", catalog.has_container_type, message("booking.containerType.notFound")),
        ("containerSizeId", catalog.has_container_size, message("booking.containerSize.notFound")),
    ]
    ids: dict[str, int] = {}
    for key, exists, not_found in checks:
        value = _whole(raw.get(key))
        if raw.get(key) in (None, "", 0):
            errors[key] = REQUIRED
        elif value is None or value < 1 or not exists(value):
            errors[key] = not_found
        else:
            ids[key] = value
    if "polId" in ids and ids.get("polId") == ids.get("podId"):
        errors["podId"] = message("booking.pod.samePort")
    is_danger = bool(raw.get("isDanger"))
    msds = _text(raw, "msds") or None
    if is_danger:
        if not msds:
            errors["msds"] = DANGER_FILE
        elif not owns_file(msds):
            errors["msds"] = message("booking.msds.notYours")
    comment = _text(raw, "additionalComment")
    if len(comment) > 2000:
        errors["additionalComment"] = message("booking.additionalComment.max")
    if errors:
        raise ValidationFailed(errors)
    return {
        "commodity": commodity,
        "hs_code": hs_code,
        "preferred_shipping_date": shipping_date.isoformat() if shipping_date else None,
        "is_swbl": bool(raw.get("isSwbl", raw.get("isSWBL"))),
        "quantity": quantity,
        "is_danger": is_danger,
        "msds": msds if is_danger else None,
        "additional_comment": comment or None,
        "pol_id": ids["polId"],
        "pod_id": ids["podId"],
        "container_type_id": ids["containerTypeId"],
        "container_size_id": ids["containerSizeId"],
    }


def booking_documents(
    documents: Sequence[Mapping[str, Any]], catalog: ReferenceCatalog, owns_file: Callable[[str], bool]
) -> list[dict[str, Any]]:
    errors: dict[str, str] = {}
    if not documents:
        errors["documents"] = message("booking.documents.required")
    seen: set[int] = set()
    cleaned = []
    for index, document in enumerate(documents):
        type_id = _whole(document.get("documentTypeId"))
        file_id = _text(document, "fileId")
        if type_id is None or not catalog.has_document_type(type_id):
            errors[f"documents.{index}.documentTypeId"] = message("booking.documentType.notFound")
        elif type_id in seen:
            errors[f"documents.{index}.documentTypeId"] = message("booking.documentType.once")
        if not file_id:
            errors[f"documents.{index}.fileId"] = REQUIRED
        elif not owns_file(file_id):
            errors[f"documents.{index}.fileId"] = message("booking.file.notYours")
        if type_id is not None:
            seen.add(type_id)
            cleaned.append({"document_type_id": type_id, "file_id": file_id})
    if errors:
        raise ValidationFailed(errors)
    return cleaned


def _party(raw: Mapping[str, Any], prefix: str, errors: dict[str, str]) -> dict[str, Any]:
    name = _text(raw, "name")
    address = _text(raw, "address")
    phone = _text(raw, "phoneNumber")
    party_type = _whole(raw.get("partyType"))
    if not name:
        errors[f"{prefix}.name"] = message("booking.party.nameRequired")
    if not phone:
        errors[f"{prefix}.phoneNumber"] = message("booking.party.phoneRequired")
    elif not NUMERIC.fullmatch(phone):
        errors[f"{prefix}.phoneNumber"] = message("booking.party.phoneNumeric")
    if not address:
        errors[f"{prefix}.address"] = message("booking.party.addressRequired")
    if party_type not in PARTY_NAMES:
        errors[f"{prefix}.partyType"] = message("booking.party.type")
    return {
        "name": name,
        "address": address,
        "phone_number": phone,
        "fax": _text(raw, "fax") or None,
        "party_type": party_type,
        "is_for_swbl": bool(raw.get("isForSwbl")),
    }


def _container(
    raw: Mapping[str, Any], prefix: str, catalog: ReferenceCatalog, errors: dict[str, str]
) -> dict[str, Any]:
    container_id = _whole(raw.get("containerId"))
    if raw.get("containerId") in (None, ""):
        errors[f"{prefix}.containerId"] = REQUIRED
    elif container_id is None or not catalog.has_container(container_id):
        errors[f"{prefix}.containerId"] = message("booking.container.notFound")
    seal = _text(raw, "seal")
    if not seal:
        errors[f"{prefix}.seal"] = message("booking.seal.required")
    count = _whole(raw.get("count"))
    if raw.get("count") in (None, ""):
        errors[f"{prefix}.count"] = message("booking.count.required")
    elif count is None or count < 1:
        errors[f"{prefix}.count"] = message("booking.count.min")
    package_type = _whole(raw.get("type"))
    if raw.get("type") in (None, ""):
        errors[f"{prefix}.type"] = REQUIRED
    elif package_type not in PACKAGE_TYPES:
        errors[f"{prefix}.type"] = message("booking.type.box")
    gross = _number(raw.get("grossWeight"))
    net = _number(raw.get("netWeight"))
    if raw.get("grossWeight") in (None, ""):
        errors[f"{prefix}.grossWeight"] = message("booking.grossWeight.required")
    elif gross is None or gross <= 0:
        errors[f"{prefix}.grossWeight"] = message("booking.grossWeight.positive")
    if raw.get("netWeight") in (None, ""):
        errors[f"{prefix}.netWeight"] = message("booking.netWeight.required")
    elif net is None or net <= 0:
        errors[f"{prefix}.netWeight"] = message("booking.netWeight.positive")
    elif gross is not None and net > gross:
        errors[f"{prefix}.netWeight"] = message("booking.netWeight.exceedsGross")
    return {
        "container_id": container_id,
        "seal": seal,
        "count": count,
        "type": package_type,
        "gross_weight": gross,
        "net_weight": net,
    }


def order_fields(
    raw: Mapping[str, Any], *, is_danger: bool, container_type_value: int | None, freight_key: str
) -> tuple[dict[str, Any], dict[str, str]]:
    """The order's own fields (no parties, no containers) and the errors found in them."""
    errors: dict[str, str] = {}
    cargo = _text(raw, "cargoDescription")
    if not cargo:
        errors["cargoDescription"] = message("booking.cargoDescription.required")
    freight = _whole(raw.get(freight_key))
    if raw.get(freight_key) in (None, ""):
        errors[freight_key] = REQUIRED
    elif freight not in set(FreightType):
        errors[freight_key] = message("booking.freightType.enum")
    imco = _text(raw, "imcoClass") or None
    un_number = _text(raw, "unNumber") or None
    if is_danger:
        if not imco:
            errors["imcoClass"] = message("booking.order.fieldRequired")
        elif imco not in IMDG_CLASSES:
            errors["imcoClass"] = message("booking.imcoClass.enum")
        if not un_number:
            errors["unNumber"] = message("booking.order.fieldRequired")
        elif not UN_NUMBER.fullmatch(un_number):
            errors["unNumber"] = message("booking.unNumber.pattern")
    temperature = _number(raw.get("temprature"))
    humidity = _number(raw.get("humidity"))
    if container_type_value == REFRIGERATED:
        if raw.get("temprature") in (None, ""):
            errors["temprature"] = message("booking.order.fieldRequired")
        elif temperature is None or not -40 <= temperature <= 40:
            errors["temprature"] = message("booking.temperature.range")
        if raw.get("humidity") in (None, ""):
            errors["humidity"] = message("booking.order.fieldRequired")
        elif humidity is None or not 0 <= humidity <= 100:
            errors["humidity"] = message("booking.humidity.range")
    fields = {
        "is_swbl": bool(raw.get("isSWBL", raw.get("isSwbl"))),
        "freight_type": freight,
        "cargo_description": cargo,
        "imco_class": imco if is_danger else None,
        "un_number": un_number if is_danger else None,
        "temperature": temperature if container_type_value == REFRIGERATED else None,
        "humidity": humidity if container_type_value == REFRIGERATED else None,
        "has_ventilation": bool(raw.get("hasVentilation", raw.get("hasVentilatin"))),
    }
    return fields, errors


def shipping_order_details(
    raw: Mapping[str, Any],
    *,
    quantity: int,
    is_danger: bool,
    container_type_value: int | None,
    catalog: ReferenceCatalog,
    freight_key: str = "frightType",
    require_lists: bool = True,
) -> dict[str, Any]:
    """A whole shipping order: its fields, its parties and exactly `quantity` containers."""
    fields, errors = order_fields(
        raw, is_danger=is_danger, container_type_value=container_type_value, freight_key=freight_key
    )
    details: dict[str, Any] = dict(fields)
    raw_parties = raw.get("parties")
    raw_containers = raw.get("containers")
    if raw_parties is not None or require_lists:
        parties = [_party(p, f"parties.{i}", errors) for i, p in enumerate(raw_parties or [])]
        present = {(p["party_type"], p["is_for_swbl"]) for p in parties}
        sides = (False, True) if fields["is_swbl"] else (False,)
        for side in sides:
            for party_type in (SUPPLIER, CONSIGNEE, NOTIFY):
                if (party_type, side) not in present:
                    which = PARTY_NAMES[party_type].capitalize() + (" (SWBL)" if side else "")
                    errors.setdefault("parties", message("booking.party.missing", party=which))
        details["parties"] = parties
    if raw_containers is not None or require_lists:
        containers = [
            _container(c, f"containers.{i}", catalog, errors) for i, c in enumerate(raw_containers or [])
        ]
        if len(containers) != quantity:
            errors["containers"] = message(
                "booking.containers.count", quantity=quantity, given=len(containers)
            )
        ids = [c["container_id"] for c in containers if c["container_id"] is not None]
        if len(ids) != len(set(ids)):
            errors.setdefault("containers", message("booking.container.duplicate"))
        details["containers"] = containers
    if errors:
        raise ValidationFailed(errors)
    return details


def revise_messages(revise: Mapping[str, Any]) -> dict[str, str]:
    cleaned = {str(k).strip(): str(v).strip() for k, v in (revise or {}).items() if str(v or "").strip()}
    if not cleaned:
        raise ValidationFailed({"revise": message("booking.revise.required")})
    return cleaned


def order_fields_wire(details: Mapping[str, Any]) -> dict[str, Any]:
    """An order's stored values under the specification's keys (`temprature` as it spells it)."""
    return {
        "isSWBL": details.get("is_swbl"),
        "freightType": details.get("freight_type"),
        "cargoDescription": details.get("cargo_description"),
        "imcoClass": details.get("imco_class"),
        "unNumber": details.get("un_number"),
        "temprature": details.get("temperature"),
        "humidity": details.get("humidity"),
        "hasVentilation": details.get("has_ventilation"),
    }


def parties_wire(parties: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "name": p["name"],
            "address": p["address"],
            "phoneNumber": p["phone_number"],
            "fax": p.get("fax"),
            "partyType": p["party_type"],
            "isForSwbl": p["is_for_swbl"],
        }
        for p in parties
    ]

"""Validation of what customers send, with the specification's messages, in the domain's own terms.

The API turns a request body into one of the drafts below (`api/mapping/booking.py`): a typed value object
holding what the customer typed, unchecked (a quantity may still be "3" or "three"). The functions here
check a draft and answer the normalised data the events carry, or raise `ValidationFailed` naming every
offending field at once by its name here (`hs_code`, `containers.0.net_weight`); the API names the wire's
field for each in one table.
"""

from __future__ import annotations

import json
import re
from calendar import monthrange
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from dataclasses import fields as declared_fields
from datetime import date, datetime
from enum import IntEnum
from pathlib import Path
from typing import Annotated, Any, get_type_hints

from domain.booking.reference import REFRIGERATED, ReferenceCatalog
from domain.shared.digits import latin_digits
from domain.shared.errors import ValidationFailed
from domain.shared.messages import message
from domain.shared.moments import written_day
from domain.shared.phone import PHONE

REQUIRED = message("common.required")
DANGER_FILE = message("booking.msds.required")
HS_CODE = re.compile(r"^[0-9]{6,10}\Z")
# As an MSDS writes it ("UN 1263", "un1263") or bare ("1263"): the 4 digits are what is kept.
UN_NUMBER = re.compile(r"(?:UN)?([0-9]{4})", re.IGNORECASE)
# IMDG Code hazard classes and divisions.
IMDG_CLASSES = (
    "1", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "2.1", "2.2", "2.3", "3", "4.1", "4.2", "4.3",
    "5.1", "5.2", "6.1", "6.2", "7", "8", "9",
)  # fmt: skip
SUPPLIER, CONSIGNEE, NOTIFY = 0, 1, 2
# The party the wire calls the supplier is the shipper: named so on every screen, message and trail.
PARTY_NAMES = {SUPPLIER: "shipper", CONSIGNEE: "consignee", NOTIFY: "notify party"}


class FreightType(IntEnum):
    """Who pays the freight (specification 001): stored and sent as its number."""

    COLLECT = 1
    PREPAID = 2


# The kinds of package a container line declares, by UN/ECE Recommendation 21 code (the DCSA standard's
# `packageCode`), each with the number the order's wire sends for it (the specification's `type`, box = 1).
PACKAGE_KINDS_FILE = Path(__file__).resolve().parents[2] / "contract" / "package-kinds.json"
PACKAGE_KINDS: dict[str, dict[str, Any]] = json.loads(PACKAGE_KINDS_FILE.read_text(encoding="utf-8"))["kinds"]
PACKAGE_CODES: dict[int, str] = {int(kind["type"]): code for code, kind in PACKAGE_KINDS.items()}
BOX = 1
BOX_CODE = PACKAGE_CODES[BOX]
PACKAGE_TYPES = tuple(PACKAGE_CODES)
PACKAGE_CODE = re.compile(r"^[A-Z0-9]{2}\Z")
# A declared description is kept as written, up to the standard's length.
PACKAGE_DESCRIPTION_LENGTH = 100


def package_code(container: Mapping[str, Any]) -> str | None:
    """The kind a stored container line declares, by its code: as declared, else its type's; none for a kind
    declared in words alone (a line stored before kinds were kept is of the specification's one, box)."""
    if container.get("package_code") or container.get("package_description"):
        return container.get("package_code") or None
    return PACKAGE_CODES.get(_whole(container.get("type")) or BOX)


def package_words(container: Mapping[str, Any]) -> str:
    """The line's kind in English: the catalogue's word for a known code, else the description as written."""
    code = package_code(container)
    known = PACKAGE_KINDS.get(code or "")
    return str(container.get("package_description") or "") if not known else str(known["en"])


# A value as the customer typed it, before the rules below read it (a number may arrive as text).
Typed = str | int | float | None


# -- drafts: what the customer sent, typed but not yet checked -------------------------------------------
@dataclass(frozen=True)
class RateRequestDraft:
    commodity: Typed = None
    hs_code: Typed = None
    preferred_shipping_date: Typed = None
    is_swbl: bool = False
    quantity: Typed = None
    is_danger: bool = False
    msds: Typed = None
    additional_comment: Typed = None
    pol_id: Typed = None
    pod_id: Typed = None
    container_type_id: Typed = None
    container_size_id: Typed = None


@dataclass(frozen=True)
class DocumentDraft:
    document_type_id: int
    file_id: str


@dataclass(frozen=True)
class PartyDraft:
    name: Typed = None
    address: Typed = None
    phone_number: Typed = None
    fax: Typed = None
    party_type: Typed = None
    is_for_swbl: bool = False

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> PartyDraft:
        """A stored party (the event's record form) read back as a draft, to be checked again."""
        return cls(
            name=record["name"],
            address=record["address"],
            phone_number=record["phone_number"],
            fax=record.get("fax"),
            party_type=record["party_type"],
            is_for_swbl=bool(record["is_for_swbl"]),
        )


@dataclass(frozen=True)
class ContainerDraft:
    container_id: Typed = None
    seal: Typed = None
    count: Typed = None
    type: Typed = None
    gross_weight: Typed = None
    net_weight: Typed = None
    # The kind as the shipper declared it (the standard's `packageCode` and `description`), when declared so.
    package_code: Typed = None
    package_description: Typed = None


# An order field with no rule of its own, `note: FreeText = None`: optional text, stored trimmed, empty as
# None (`order_fields` reads the type's mark, so the draft's line is all such a field needs here).
_FREE_TEXT = "free text"
FreeText = Annotated[Typed, _FREE_TEXT]
_FREE_TEXT_FIELDS: dict[type, tuple[str, ...]] = {}


def _free_text_fields(draft: OrderDraft) -> tuple[str, ...]:
    kind = type(draft)
    if kind not in _FREE_TEXT_FIELDS:
        hints = get_type_hints(kind, include_extras=True)
        marked = (name for name, hint in hints.items() if _FREE_TEXT in getattr(hint, "__metadata__", ()))
        _FREE_TEXT_FIELDS[kind] = tuple(marked)
    return _FREE_TEXT_FIELDS[kind]


@dataclass(frozen=True)
class OrderDraft:
    """A shipping order's fields; None for `parties`/`containers` means "not sent" (an edit keeps them).
    A field is either ruled in `order_fields` or typed `FreeText`."""

    is_swbl: bool = False
    freight_type: Typed = None
    cargo_description: Typed = None
    imco_class: Typed = None
    un_number: Typed = None
    temperature: Typed = None
    humidity: Typed = None
    has_ventilation: bool = False
    parties: tuple[PartyDraft, ...] | None = None
    containers: tuple[ContainerDraft, ...] | None = None

    def with_parties(self, stored: Sequence[Mapping[str, Any]]) -> OrderDraft:
        return replace(self, parties=tuple(PartyDraft.from_record(p) for p in stored))


def _text(value: Typed) -> str:
    return "" if value is None else str(value).strip()


def _blank(value: Typed) -> bool:
    return value is None or value == ""


def _whole(value: Any) -> int | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return int(value)  # a FreightType is stored as its plain number
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


# How far ahead a shipping date may lie: nobody books a sailing more than two years out. The web's form
# applies the same limit, from the same file.
_LIMITS = json.loads((Path(__file__).resolve().parents[2] / "contract" / "booking-limits.json").read_text())
SHIPPING_HORIZON_YEARS = int(_LIMITS["shippingHorizonYears"])


def last_shipping_day(today: date) -> date:
    """The last day a shipping date (or a `/v2` booking's departure and arrival) may lie on: the same day
    `SHIPPING_HORIZON_YEARS` calendar years after `today`, not a count of days, which is a day longer when the
    years hold no 29 February (record 3917). A 29 February's ends on the 28th, that year having none."""
    year = today.year + SHIPPING_HORIZON_YEARS
    return today.replace(year=year, day=min(today.day, monthrange(year, today.month)[1]))


def calendar_date(text: str) -> date:
    """`YYYY-MM-DD`, or a whole ISO time whose date is meant (the web client sends either); no more."""
    return written_day(text) or datetime.fromisoformat(text).date()


def rate_request_details(
    draft: RateRequestDraft,
    today: date,
    catalog: ReferenceCatalog,
    owns_file: Callable[[str], bool],
    last_today: date | None = None,
) -> dict[str, Any]:
    """Section 5 of the booking specification, checked on the server. `today` is the earliest day it is
    anywhere and `last_today` the latest (`domain.shared.moments.days_now`; `today` when not given): a
    shipping date is refused only when it is past, or beyond two years, for everyone."""
    errors: dict[str, str] = {}
    commodity = _text(draft.commodity)
    if not commodity:
        errors["commodity"] = REQUIRED
    elif len(commodity) > 200:
        errors["commodity"] = message("booking.commodity.max")
    hs_code = latin_digits(_text(draft.hs_code))  # digits as a Persian keyboard types them too
    if not hs_code:
        errors["hs_code"] = REQUIRED
    elif not HS_CODE.fullmatch(hs_code):
        errors["hs_code"] = message("booking.hsCode.pattern")
    shipping_date: date | None = None
    raw_date = _text(draft.preferred_shipping_date)
    if not raw_date:
        errors["preferred_shipping_date"] = REQUIRED
    else:
        try:
            shipping_date = calendar_date(raw_date)
        except ValueError:
            errors["preferred_shipping_date"] = message("booking.preferredShippingDate.format")
        else:
            if shipping_date < today:
                errors["preferred_shipping_date"] = message("booking.preferredShippingDate.past")
            elif shipping_date > last_shipping_day(last_today or today):
                errors["preferred_shipping_date"] = message("booking.preferredShippingDate.far")
    quantity = _whole(draft.quantity)
    if _blank(draft.quantity):
        errors["quantity"] = REQUIRED
    elif quantity is None or quantity < 1:
        errors["quantity"] = message("booking.quantity.min")
    elif quantity > 1000:
        errors["quantity"] = message("booking.quantity.max")
    checks: list[tuple[str, Typed, Callable[[int], bool], str]] = [
        ("pol_id", draft.pol_id, catalog.has_port, message("booking.pol.notFound")),
        ("pod_id", draft.pod_id, catalog.has_port, message("booking.pod.notFound")),
        (
            "container_type_id",
            draft.container_type_id,
            catalog.has_container_type,
            message("booking.containerType.notFound"),
        ),
        (
            "container_size_id",
            draft.container_size_id,
            catalog.has_container_size,
            message("booking.containerSize.notFound"),
        ),
    ]
    ids: dict[str, int] = {}
    for key, given, exists, not_found in checks:
        value = _whole(given)
        if given in (None, "", 0):
            errors[key] = REQUIRED
        elif value is None or value < 1 or not exists(value):
            errors[key] = not_found
        else:
            ids[key] = value
    if "pol_id" in ids and ids.get("pol_id") == ids.get("pod_id"):
        errors["pod_id"] = message("booking.pod.samePort")
    is_danger = draft.is_danger
    msds = _text(draft.msds) or None
    if is_danger:
        if not msds:
            errors["msds"] = DANGER_FILE
        elif not owns_file(msds):
            errors["msds"] = message("booking.msds.notYours")
    comment = _text(draft.additional_comment)
    if len(comment) > 2000:
        errors["additional_comment"] = message("booking.additionalComment.max")
    if errors:
        raise ValidationFailed(errors)
    return {
        "commodity": commodity,
        "hs_code": hs_code,
        "preferred_shipping_date": shipping_date.isoformat() if shipping_date else None,
        "is_swbl": draft.is_swbl,
        "quantity": quantity,
        "is_danger": is_danger,
        "msds": msds if is_danger else None,
        "additional_comment": comment or None,
        "pol_id": ids["pol_id"],
        "pod_id": ids["pod_id"],
        "container_type_id": ids["container_type_id"],
        "container_size_id": ids["container_size_id"],
    }


def booking_documents(
    documents: Sequence[DocumentDraft], catalog: ReferenceCatalog, owns_file: Callable[[str], bool]
) -> list[dict[str, Any]]:
    errors: dict[str, str] = {}
    if not documents:
        errors["documents"] = message("booking.documents.required")
    seen: set[int] = set()
    cleaned = []
    for index, document in enumerate(documents):
        type_id = _whole(document.document_type_id)
        file_id = _text(document.file_id)
        if type_id is None or not catalog.has_document_type(type_id):
            errors[f"documents.{index}.document_type_id"] = message("booking.documentType.notFound")
        elif type_id in seen:
            errors[f"documents.{index}.document_type_id"] = message("booking.documentType.once")
        if not file_id:
            errors[f"documents.{index}.file_id"] = REQUIRED
        elif not owns_file(file_id):
            errors[f"documents.{index}.file_id"] = message("booking.file.notYours")
        if type_id is not None:
            seen.add(type_id)
            cleaned.append({"document_type_id": type_id, "file_id": file_id})
    if errors:
        raise ValidationFailed(errors)
    return cleaned


def _party(draft: PartyDraft, prefix: str, errors: dict[str, str]) -> dict[str, Any]:
    name = _text(draft.name)
    address = _text(draft.address)
    phone = latin_digits(_text(draft.phone_number))
    party_type = _whole(draft.party_type)
    if not name:
        errors[f"{prefix}.name"] = message("booking.party.nameRequired")
    if not phone:
        errors[f"{prefix}.phone_number"] = message("booking.party.phoneRequired")
    elif not PHONE.fullmatch(phone):
        errors[f"{prefix}.phone_number"] = message("booking.party.phoneInvalid")
    if not address:
        errors[f"{prefix}.address"] = message("booking.party.addressRequired")
    if party_type not in PARTY_NAMES:
        errors[f"{prefix}.party_type"] = message("booking.party.type")
    return {
        "name": name,
        "address": address,
        "phone_number": phone,
        "fax": latin_digits(_text(draft.fax)) or None,
        "party_type": party_type,
        "is_for_swbl": draft.is_for_swbl,
    }


def _container(
    draft: ContainerDraft, prefix: str, catalog: ReferenceCatalog, errors: dict[str, str]
) -> dict[str, Any]:
    container_id = _whole(draft.container_id)
    if _blank(draft.container_id):
        errors[f"{prefix}.container_id"] = REQUIRED
    elif container_id is None or not catalog.has_container(container_id):
        errors[f"{prefix}.container_id"] = message("booking.container.notFound")
    seal = _text(draft.seal)
    if not seal:
        errors[f"{prefix}.seal"] = message("booking.seal.required")
    count = _whole(draft.count)
    if _blank(draft.count):
        errors[f"{prefix}.count"] = message("booking.count.required")
    elif count is None or count < 1:
        errors[f"{prefix}.count"] = message("booking.count.min")
    package_type, code, description = _package_kind(draft, prefix, errors)
    gross = _number(draft.gross_weight)
    net = _number(draft.net_weight)
    if _blank(draft.gross_weight):
        errors[f"{prefix}.gross_weight"] = message("booking.grossWeight.required")
    elif gross is None or gross <= 0:
        errors[f"{prefix}.gross_weight"] = message("booking.grossWeight.positive")
    if _blank(draft.net_weight):
        errors[f"{prefix}.net_weight"] = message("booking.netWeight.required")
    elif net is None or net <= 0:
        errors[f"{prefix}.net_weight"] = message("booking.netWeight.positive")
    elif gross is not None and net > gross:
        errors[f"{prefix}.net_weight"] = message("booking.netWeight.exceedsGross")
    return {
        "container_id": container_id,
        "seal": seal,
        "count": count,
        "type": package_type,
        "gross_weight": gross,
        "net_weight": net,
        "package_code": code,
        "package_description": description,
    }


def _package_kind(
    draft: ContainerDraft, prefix: str, errors: dict[str, str]
) -> tuple[int | None, str | None, str | None]:
    """The line's kind: its type (the catalogue's number, None for a declared code the catalogue lacks), its
    code (declared, else its type's) and the description as the shipper wrote it (None when chosen)."""
    code = _text(draft.package_code).upper() or None
    description = _text(draft.package_description)[:PACKAGE_DESCRIPTION_LENGTH] or None
    package_type = _whole(draft.type)
    if code is not None and not PACKAGE_CODE.fullmatch(code):
        errors[f"{prefix}.type"] = message("booking.type.box")
    elif code is not None:
        # A declared code decides; a type sent beside it must name the same kind.
        if not _blank(draft.type) and PACKAGE_CODES.get(package_type or 0) != code:
            errors[f"{prefix}.type"] = message("booking.type.box")
        known = PACKAGE_KINDS.get(code)
        package_type = int(known["type"]) if known else None
    elif _blank(draft.type):
        if description is None:
            errors[f"{prefix}.type"] = REQUIRED
    elif package_type not in PACKAGE_TYPES:
        errors[f"{prefix}.type"] = message("booking.type.box")
    else:
        code = PACKAGE_CODES[package_type]
    return package_type, code, description


def order_fields(
    draft: OrderDraft, *, is_danger: bool, container_type_value: int | None
) -> tuple[dict[str, Any], dict[str, str]]:
    """The order's own fields (no parties, no containers) and the errors found in them."""
    errors: dict[str, str] = {}
    cargo = _text(draft.cargo_description)
    if not cargo:
        errors["cargo_description"] = message("booking.cargoDescription.required")
    freight = _whole(draft.freight_type)
    if _blank(draft.freight_type):
        errors["freight_type"] = REQUIRED
    elif freight not in set(FreightType):
        errors["freight_type"] = message("booking.freightType.enum")
    imco = _text(draft.imco_class) or None
    un_number = _text(draft.un_number) or None
    if is_danger:
        if not imco:
            errors["imco_class"] = message("booking.order.fieldRequired")
        elif imco not in IMDG_CLASSES:
            errors["imco_class"] = message("booking.imcoClass.enum")
        if not un_number:
            errors["un_number"] = message("booking.order.fieldRequired")
        elif found := UN_NUMBER.fullmatch(re.sub(r"\s+", "", un_number)):
            un_number = found.group(1)
        else:
            errors["un_number"] = message("booking.unNumber.pattern")
    temperature = _number(draft.temperature)
    humidity = _number(draft.humidity)
    if container_type_value == REFRIGERATED:
        if _blank(draft.temperature):
            errors["temperature"] = message("booking.order.fieldRequired")
        elif temperature is None or not -40 <= temperature <= 40:
            errors["temperature"] = message("booking.temperature.range")
        if _blank(draft.humidity):
            errors["humidity"] = message("booking.order.fieldRequired")
        elif humidity is None or not 0 <= humidity <= 100:
            errors["humidity"] = message("booking.humidity.range")
    fields = {
        "is_swbl": draft.is_swbl,
        "freight_type": freight,
        "cargo_description": cargo,
        "imco_class": imco if is_danger else None,
        "un_number": un_number if is_danger else None,
        "temperature": temperature if container_type_value == REFRIGERATED else None,
        "humidity": humidity if container_type_value == REFRIGERATED else None,
        "has_ventilation": draft.has_ventilation,
    }
    for free in _free_text_fields(draft):
        fields[free] = _text(getattr(draft, free)) or None
    unruled = {f.name for f in declared_fields(draft)} - {"parties", "containers"} - fields.keys()
    if unruled:  # a draft field neither ruled above nor marked free text would be dropped unseen
        raise TypeError(f"OrderDraft fields with no rule: {sorted(unruled)}")
    return fields, errors


# Tried once at import, so a draft field with neither a rule nor the mark stops the server from starting.
order_fields(OrderDraft(), is_danger=True, container_type_value=REFRIGERATED)


def shipping_order_details(
    draft: OrderDraft,
    *,
    quantity: int,
    is_danger: bool,
    container_type_value: int | None,
    catalog: ReferenceCatalog,
    require_lists: bool = True,
) -> dict[str, Any]:
    """A whole shipping order: its fields, its parties and exactly `quantity` containers."""
    fields, errors = order_fields(draft, is_danger=is_danger, container_type_value=container_type_value)
    details: dict[str, Any] = dict(fields)
    if draft.parties is not None or require_lists:
        parties = [_party(p, f"parties.{i}", errors) for i, p in enumerate(draft.parties or ())]
        present = {(p["party_type"], p["is_for_swbl"]) for p in parties}
        sides = (False, True) if fields["is_swbl"] else (False,)
        for side in sides:
            for party_type in (SUPPLIER, CONSIGNEE, NOTIFY):
                if (party_type, side) not in present:
                    which = PARTY_NAMES[party_type].capitalize() + (" (SWBL)" if side else "")
                    errors.setdefault("parties", message("booking.party.missing", party=which))
        details["parties"] = parties
    if draft.containers is not None or require_lists:
        containers = [
            _container(c, f"containers.{i}", catalog, errors) for i, c in enumerate(draft.containers or ())
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

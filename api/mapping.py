"""The domain's field names as the wire's keys: one rule and one table of exceptions.

Request bodies become the domain's typed drafts and forms by their own `draft()`/`form()` methods
(`api/schemas/`), the one place that knows a body's keys. The domain checks those and names a failing field
by its own name (`hs_code`, `containers.0.net_weight`, `temperature`). When the failure reaches the 400
envelope (api/edge/errors.py), `wire_fields` renames every dotted segment: by `WIRE_NAMES` where the wire
spells it its own way, else snake_case -> camelCase (`hs_code` -> `hsCode`). A segment without `_` stays as
it is.
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.shared.errors import ValidationFailed

# The wire's own spellings (the specification's misspellings), per domain field name. The request and
# response models take their keys from these tables too (`api/schemas/wire_model.py`): the one place.
WIRE_NAMES: Mapping[str, str] = {"temperature": "temprature"}
# A shipping order spells its sea-waybill flag in capitals.
ORDER: Mapping[str, str] = {**WIRE_NAMES, "is_swbl": "isSWBL"}
# A new order's body spells the freight type `frightType` (an edit's and every answer's `freightType`).
CREATE_ORDER: Mapping[str, str] = {**ORDER, "freight_type": "frightType"}
# A rate request takes the screens' `isSwbl` and the specification's `isSWBL` (its answers carry both).
RATE_REQUEST: Mapping[str, str] = {**WIRE_NAMES, "is_swbl_as_specified": "isSWBL"}
# A company's registration body spells the economic code `econimicCode` (its profile `economicCode`).
REGISTER_COMPANY: Mapping[str, str] = {**WIRE_NAMES, "economic_code": "econimicCode"}
# Staff's view of a registration spells the registration code `registerationCode` and the names in one word.
REGISTRATION_DETAIL: Mapping[str, str] = {
    **WIRE_NAMES,
    "registration_code": "registerationCode",
    "first_name": "firstname",
    "last_name": "lastname",
}
# A sailing names its vessel by the DCSA's `vesselIMONumber` (chosen in a body, shown in an answer).
SAILING: Mapping[str, str] = {**WIRE_NAMES, "vessel_imo_number": "vesselIMONumber"}
# An unmatched tracking event keeps the DCSA TNT standard's `eventID`.
TRACKING_EVENT: Mapping[str, str] = {**WIRE_NAMES, "event_id": "eventID"}
# The notification page spells its list `costumerlNotificationDetails`.
NOTIFICATION_PAGE: Mapping[str, str] = {
    **WIRE_NAMES,
    "customer_notification_details": "costumerlNotificationDetails",
}


def wire_name(part: str, names: Mapping[str, str] = WIRE_NAMES) -> str:
    if part in names:
        return names[part]
    if "_" not in part:
        return part
    head, *rest = part.split("_")
    return head + "".join(word[:1].upper() + word[1:] for word in rest)


def wire_fields(error: ValidationFailed, names: Mapping[str, str] = WIRE_NAMES) -> ValidationFailed:
    """The same failure naming each field by its wire key (a description built from the fields is rebuilt)."""
    renamed = {
        ".".join(wire_name(p, names) for p in key.split(".")): text for key, text in error.fields.items()
    }
    if renamed == error.fields:
        return error
    built = "; ".join(f"{name}: {text}" for name, text in error.fields.items())
    return ValidationFailed(renamed, None if error.description == built else error.description)

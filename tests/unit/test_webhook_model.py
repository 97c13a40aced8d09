"""The booking notification the OpenAPI document declares for a callback is the vendored DCSA Booking 2.0.5
document's `BookingNotification`, field for field and rule for rule (lengths, patterns, required fields),
less the copies of the booking the portal never sends: the model is derived from the generated models,
and this says when the two part."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from api.dcsa.booking.webhooks import WebhookBookingNotification

STANDARD = Path(__file__).parent.parent.parent / "contract" / "dcsa" / "BKG_v2.0.5.yaml"
# The standard's schema, the model's, and the fields the portal leaves out (the callback GETs the booking).
PAIRS = [
    ("BookingNotification", "WebhookBookingNotification", set()),
    ("BookingNotificationData", "WebhookBookingNotificationData", {"booking", "amendedBooking"}),
    ("Feedback", "Feedback", set()),
]
RULES = ("type", "format", "maxLength", "minLength", "pattern", "enum")


@cache
def _standard() -> dict[str, Any]:
    return dict(yaml.safe_load(STANDARD.read_text())["components"]["schemas"])


@cache
def _model() -> dict[str, Any]:
    schema = WebhookBookingNotification.model_json_schema(ref_template="#/$defs/{model}")
    defs = dict(schema.pop("$defs"))
    defs["WebhookBookingNotification"] = schema
    return defs


def _rules(prop: dict[str, Any]) -> dict[str, Any]:
    """What a property allows, as the standard writes it: an optional field's `null` alternative and a
    literal's `const` are how pydantic writes the same."""
    alternatives = [p for p in prop.get("anyOf", [prop]) if p.get("type") != "null"]
    assert len(alternatives) == 1, prop
    (value,) = alternatives
    rules = {key: value[key] for key in RULES if key in value}
    if "const" in value:
        rules["enum"] = [value["const"]]
    if "$ref" in value:
        rules["ref"] = value["$ref"].rsplit("/", 1)[-1]
    if "items" in value:
        rules["items"] = _rules(value["items"])
    return rules


def _named(rules: dict[str, Any]) -> dict[str, Any]:
    """The standard's rules with its schemas' names as the model names them."""
    names = {standard: model for standard, model, _ in PAIRS}
    if "ref" in rules:
        rules = {**rules, "ref": names.get(rules["ref"], rules["ref"])}
    if "items" in rules:
        rules = {**rules, "items": _named(rules["items"])}
    return rules


@pytest.mark.parametrize(("standard_name", "model_name", "left_out"), PAIRS, ids=[p[0] for p in PAIRS])
def test_the_webhook_model_is_the_standards(standard_name: str, model_name: str, left_out: set[str]) -> None:
    standard, model = _standard()[standard_name], _model()[model_name]
    standard_props = {
        name: {"$ref": p["$ref"]} if "$ref" in p else p
        for name, p in standard["properties"].items()
        if name not in left_out
    }
    assert set(model["properties"]) == set(standard_props)
    assert set(model.get("required", [])) == set(standard.get("required", [])) - left_out
    for name, prop in standard_props.items():
        assert _rules(model["properties"][name]) == _named(_rules(prop)), name

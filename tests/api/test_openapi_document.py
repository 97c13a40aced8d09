"""The OpenAPI document the web's types come from: complete, and the checked-in copy current."""

from __future__ import annotations

import json
import re
from typing import Any

from api.main import create_app
from api.openapi_file import WEB_OPENAPI, current_document

ERROR_STATUSES = {"400", "401", "403", "404", "409", "413", "429"}


def _operations() -> list[tuple[str, str, dict[str, Any]]]:
    document = create_app().openapi()
    return [(method, path, op) for path, ops in document["paths"].items() for method, op in ops.items()]


def test_the_checked_in_document_is_current() -> None:
    """Stale after any change to a route or schema: run `python -m api.openapi_file` (or `make openapi`)."""
    assert WEB_OPENAPI.is_file(), "web/openapi.json is missing: run `python -m api.openapi_file`"
    assert WEB_OPENAPI.read_text(encoding="utf-8") == current_document(), (
        "web/openapi.json is stale: run `python -m api.openapi_file` and commit it"
    )


def test_the_export_is_deterministic() -> None:
    assert current_document() == current_document()
    # The served document also names where this deployment is reached (PUBLIC_URL); the export does not.
    served = {key: value for key, value in create_app().openapi().items() if key != "servers"}
    assert json.loads(current_document()) == served


def test_every_operation_has_a_typed_success_and_documented_errors() -> None:
    operations = _operations()
    assert len(operations) >= 60
    for method, path, operation in operations:
        responses = operation["responses"]
        success = [status for status in responses if status.startswith("2")]
        assert success, f"{method} {path} documents no success"
        ebl = path.startswith(("/v3/shipping-instructions", "/v3/transport-documents"))
        if "501" in responses:
            # An optional operation of the standard not offered: 501 with the standard's error.
            assert responses["501"]["content"]["application/json"]["schema"] == {
                "$ref": "#/components/schemas/EblErrorResponse"
            }
            continue
        if (path.startswith("/v2/") or ebl) and method in ("put", "patch"):
            # The standard: an accepted update or cancellation answers 202 with an empty body.
            assert success == ["202"] and "content" not in responses["202"], (method, path)
        else:
            content = responses[success[0]]["content"]
            schema = next(iter(content.values()))["schema"]
            assert schema, f"{method} {path}: empty success schema"
        errors = set(responses) & ERROR_STATUSES
        assert errors, f"{method} {path} documents no error status"
        if path.startswith(("/v2/", "/v1/")):
            # The DCSA doors (Booking on /v2, Commercial Schedules on /v1) answer in the standard's own error
            # format, not the envelope; /v2 documents 413, 415 and 429 too (api/dcsa/door.py).
            assert operation["security"] == [{"bearerAuth": []}, {"apiKey": []}], (method, path)
            door = {"413", "415", "429"} if path.startswith("/v2/") else set()
            assert door <= set(responses), (method, path)
            for status in errors | door:
                body = responses[status]["content"]["application/json"]
                dcsa_error = {"$ref": "#/components/schemas/ErrorResponse"}
                assert body["schema"] == dcsa_error, (method, path, status)
            continue
        if ebl:
            # DCSA Bill of Lading 3.0.3: the standard's ErrorResponse (its own schema, beside Booking's).
            assert {"413", "415", "429"} <= set(responses), (method, path)
            assert operation["security"] == [{"bearerAuth": []}, {"apiKey": []}], (method, path)
            for status in errors | {"413", "415", "429"}:
                body = responses[status]["content"]["application/json"]
                assert body["schema"] == {"$ref": "#/components/schemas/EblErrorResponse"}, (method, path)
            continue
        if path.startswith("/v3/"):
            # DCSA Track & Trace 3.0: the standard's feedbackElements, not the envelope.
            assert {"413", "415", "429"} <= set(responses), (method, path)
            assert operation["security"] == [{"bearerAuth": []}, {"apiKey": []}], (method, path)
            for status in errors | {"413", "415", "429"}:
                body = responses[status]["content"]["application/json"]
                assert body["schema"] == {"$ref": "#/components/schemas/EventsError"}, (method, path, status)
            continue
        for status in errors:
            body = responses[status]["content"]["application/json"]
            assert body["schema"] == {"$ref": "#/components/schemas/ErrorEnvelope"}
            assert body["example"]["isError"] is True
        assert "422" not in responses, "the API answers invalid input with 400, never 422"


def test_operation_ids_are_unique_and_readable() -> None:
    ids = [operation["operationId"] for _, _, operation in _operations()]
    assert len(ids) == len(set(ids))
    for operation_id in ids:
        assert operation_id.replace("_", "").isalpha() and operation_id.islower(), operation_id
    assert "booking_accept_price" in ids


def test_commands_document_conflicts_and_staff_paths_document_roles() -> None:
    by_id = {operation["operationId"]: operation for _, _, operation in _operations()}
    assert {"401", "403", "404", "409"} <= set(by_id["booking_accept_price"]["responses"])
    assert "409" not in by_id["booking_list_rate_requests"]["responses"]
    assert "429" in by_id["auth_login"]["responses"]
    assert "401" not in by_id["registration_start_individual"]["responses"]


def test_one_schema_per_model_under_the_standards_names_and_the_security_schemes() -> None:
    document = create_app().openapi()
    names = set(document["components"]["schemas"])
    assert not [n for n in names if n.endswith(("-Input", "-Output")) or "dcsa_booking" in n]
    assert {"Booking", "CreateBooking", "Party", "DocumentParties", "Commodity", "ErrorResponse"} <= names
    assert {"Charge", "ConfirmedEquipment"} <= names
    schemes = document["components"]["securitySchemes"]
    assert schemes["bearerAuth"] == {**schemes["bearerAuth"], "type": "http", "scheme": "bearer"}
    assert (schemes["apiKey"]["type"], schemes["apiKey"]["in"], schemes["apiKey"]["name"]) == (
        "apiKey",
        "header",
        "API-Key",
    )


def _generated_name(name: str) -> str:
    """A schema's name as a code generator makes a class of it: letters and digits, case folded
    (`Envelope[Resent]`, `Envelope_Resent_` and `EnvelopeResent` are one class to it)."""
    return "".join(ch for ch in name if ch.isalnum()).casefold()


def test_every_schema_has_a_name_of_its_own() -> None:
    """Two models of one name make pydantic qualify both with their module (`api__schemas__booking__...`),
    and a generated client then drops one of them: every schema keeps its own class name, and no two names
    fold to the same class."""
    names = list(create_app().openapi()["components"]["schemas"])
    assert len(names) >= 100
    # pydantic's way out of a clash: the module path (`api__schemas__booking__ContainerBody`), a number on a
    # generic (`api__schemas__envelope__Envelope_Resent___2`).
    qualified = [
        name for name in names if re.match(r"[a-z][a-z0-9_]*?__[a-z]", name) or re.search(r"_\d+$", name)
    ]
    assert not qualified, f"schema names qualified by module (two models share a name): {qualified}"
    folded: dict[str, list[str]] = {}
    for name in names:
        folded.setdefault(_generated_name(name), []).append(name)
    assert not [same for same in folded.values() if len(same) > 1]

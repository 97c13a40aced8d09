"""The committed DCSA models are what `make dcsa-models` writes from the vendored documents: a model edited by
hand, or a document changed without regenerating, fails here (run `make dcsa-models`)."""

from __future__ import annotations

from api.dcsa.generate import BOOKING_MODELS, EBL_MODELS, booking_models, ebl_models, without_prose


def test_the_booking_models_are_what_the_command_writes() -> None:
    assert BOOKING_MODELS.read_text() == booking_models()


def test_the_bill_of_lading_models_are_what_the_command_writes() -> None:
    assert EBL_MODELS.read_text() == ebl_models()


def test_only_the_standards_prose_is_left_out() -> None:
    # A property named like a prose keyword (a commodity's `description`) is the standard's and stays.
    schema = {
        "description": "A commodity",
        "title": "Commodity",
        "properties": {"description": {"type": "string", "maxLength": 100, "example": "Coffee"}},
        "example": {"description": "Coffee"},
    }
    assert without_prose(schema) == {"properties": {"description": {"type": "string", "maxLength": 100}}}

"""A plain optional text field on the shipping order is its draft line (issue 25): the mark does the rest."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from domain.booking.values import FreeText, OrderDraft, Typed, order_fields


@dataclass(frozen=True)
class NotedDraft(OrderDraft):
    shipper_note: FreeText = None


@dataclass(frozen=True)
class UnruledDraft(OrderDraft):
    shipper_note: Typed = None


def test_a_marked_field_is_stored_trimmed_and_blank_as_none() -> None:
    fields, errors = order_fields(
        NotedDraft(cargo_description="Dates", freight_type=1, shipper_note="  Fragile, keep dry \n"),
        is_danger=False,
        container_type_value=None,
    )
    assert errors == {}
    assert fields["shipper_note"] == "Fragile, keep dry"
    assert fields["cargo_description"] == "Dates"
    for blank in (None, "", "   "):
        fields, _ = order_fields(NotedDraft(shipper_note=blank), is_danger=False, container_type_value=None)
        assert fields["shipper_note"] is None


def test_a_field_with_neither_rule_nor_mark_is_refused_not_dropped() -> None:
    with pytest.raises(TypeError, match="shipper_note"):
        order_fields(UnruledDraft(shipper_note="x"), is_danger=False, container_type_value=None)

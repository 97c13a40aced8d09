"""A field on the shipping order: a plain optional text is its draft line, typed `FreeText`; the
body, the answer and the draft are held to the same fields."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from api.schemas.booking import OrderFields, ShippingOrder, order_shapes_agree
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


class NotedBody(OrderFields):
    shipper_note: str | None = None


class NotedAnswer(ShippingOrder):
    shipper_note: str | None


def test_the_body_the_answer_and_the_draft_hold_the_same_fields() -> None:
    order_shapes_agree(NotedBody, NotedAnswer, NotedDraft)
    with pytest.raises(TypeError, match=r"OrderFields and OrderDraft differ in \['shipper_note'\]"):
        order_shapes_agree(NotedBody, NotedAnswer, OrderDraft)
    with pytest.raises(TypeError, match=r"OrderFields and OrderDraft differ in \['shipper_note'\]"):
        order_shapes_agree(OrderFields, NotedAnswer, NotedDraft)
    with pytest.raises(
        TypeError, match=r"ShippingOrder does not answer the order's fields \['shipper_note'\]"
    ):
        order_shapes_agree(NotedBody, ShippingOrder, NotedDraft)

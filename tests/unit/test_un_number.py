"""A UN number as an MSDS writes it ("UN 1263") is taken, and the 4 digits are what is kept."""

from __future__ import annotations

import pytest

from domain.booking.values import OrderDraft, order_fields


def _danger(un_number: str) -> tuple[dict[str, object], dict[str, str]]:
    draft = OrderDraft(cargo_description="Paint", freight_type=1, imco_class="3", un_number=un_number)
    return order_fields(draft, is_danger=True, container_type_value=None)


@pytest.mark.parametrize("written", ["1263", "UN 1263", "UN1263", "un 1263", " UN  1263 "])
def test_the_un_prefix_and_spaces_are_taken_and_the_digits_kept(written: str) -> None:
    fields, errors = _danger(written)
    assert errors == {} and fields["un_number"] == "1263"


@pytest.mark.parametrize("written", ["126", "UN 12634", "UNX 1263", "1263 UN"])
def test_anything_else_is_still_refused(written: str) -> None:
    _, errors = _danger(written)
    assert errors == {"un_number": "UN number must be 4 digits"}

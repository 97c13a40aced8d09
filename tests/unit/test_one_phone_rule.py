"""One phone rule for the server and the web, for a shipping order's parties and a foreign
company alike; a Persian mobile as people write it is accepted."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from domain.accounts import forms
from domain.booking.values import PartyDraft, _party
from domain.shared.phone import PHONE, PHONE_SOURCE, iranian_mobile
from tests.corpus import FOREIGN_PHONES, IRANIAN_PHONES

ROOT = Path(__file__).resolve().parents[2]


def test_the_web_writes_the_servers_phone_rule_word_for_word() -> None:
    source = (ROOT / "web" / "src" / "lib" / "phone.ts").read_text(encoding="utf-8")
    written = re.search(r"PHONE_PATTERN = /(.+)/;", source)
    assert written is not None and written.group(1) == PHONE_SOURCE
    assert forms.FOREIGN_PHONE_SOURCE == PHONE_SOURCE


@pytest.mark.parametrize("phone", ["6512345678", *IRANIAN_PHONES, *FOREIGN_PHONES])
def test_a_party_phone_as_people_write_it_is_accepted(phone: str) -> None:
    errors: dict[str, str] = {}
    party = _party(
        PartyDraft(name="Pars Trading", address="Tehran", phone_number=phone, party_type=0), "p", errors
    )
    assert errors == {} and party["phone_number"] == phone


@pytest.mark.parametrize("phone", ["12345", "+98 912 abc 6789", "++98912345678", "0912 34"])
def test_a_party_phone_that_is_no_phone_is_refused_by_name(phone: str) -> None:
    errors: dict[str, str] = {}
    _party(PartyDraft(name="Pars Trading", address="Tehran", phone_number=phone, party_type=0), "p", errors)
    assert list(errors) == ["p.phone_number"] and "+98 912 345 6789" in errors["p.phone_number"]
    assert not PHONE.fullmatch(phone)


@pytest.mark.parametrize(
    "typed", ["+98 912 345 6789", "0912 345 6789", "0098-912-345-6789", "912 345 6789", "09123456789"]
)
def test_an_iranian_mobile_as_people_type_it_is_kept_as_09_and_nine_digits(typed: str) -> None:
    assert iranian_mobile(typed) == "09123456789"


# A Persian or an Arabic phone keyboard types its own digits (record 3001); the web's test has these too.
@pytest.mark.parametrize("typed", ["۰۹۱۲۳۴۵۶۷۸۹", "+۹۸ ۹۱۲ ۳۴۵ ۶۷۸۹", "٠٩١٢٣٤٥٦٧٨٩"])
def test_an_iranian_mobile_in_persian_digits_is_kept_in_latin_ones(typed: str) -> None:
    assert iranian_mobile(typed) == "09123456789"


@pytest.mark.parametrize("typed", ["+49 40 3008 1234", "0912 34", "call me"])
def test_what_is_no_iranian_mobile_is_given_back_as_typed(typed: str) -> None:
    assert iranian_mobile(typed) == typed

"""A price's breakdown in a Persian notice or e-mail names its charges in Persian, by their codes, with
Persian amounts and digits; in English it reads as before. The catalogue's English charge and cut-off
names are the server's own, so the web's catalogues and the server say the same."""

# Persian digits and separators are what these tests look for.
# ruff: noqa: RUF001

from __future__ import annotations

import json
from pathlib import Path

from domain.booking.charges import CHARGE_KINDS
from domain.booking.notices import _breakdown
from domain.booking.schedules import CUT_OFF_NAMES
from domain.emails.words import WORDS

WEB = Path(__file__).resolve().parents[2] / "web" / "src" / "i18n" / "locales"
CHARGES = [
    {"code": "ocean_freight", "name": "Ocean freight", "amount": "1000.00", "per": "container"},
    {"code": "baf", "name": "Bunker adjustment (BAF)", "amount": "150.50", "per": "container"},
    {"code": "documentation_fee", "name": "Documentation fee", "amount": "45.00", "per": "booking"},
]


def test_a_breakdown_in_persian_names_the_charges_in_persian_with_persian_digits() -> None:
    said = _breakdown(CHARGES, "fa")
    assert said == (
        " (کرایهٔ دریایی ۱٬۰۰۰٫۰۰ دلار + سربار سوخت (BAF) ۱۵۰٫۵۰ دلار؛ هزینهٔ اسناد ۴۵٫۰۰ دلار برای هر رزرو)"
    )
    assert "freight" not in said and "per booking" not in said


def test_a_breakdown_in_english_reads_as_before() -> None:
    assert _breakdown(CHARGES) == (
        " (Ocean freight $1,000.00 + Bunker adjustment (BAF) $150.50; Documentation fee $45.00 per booking)"
    )


def test_the_catalogues_name_every_charge_and_cut_off_as_the_server_does() -> None:
    web = {language: json.loads((WEB / language / "common.json").read_text()) for language in ("en", "fa")}
    for code, (name, _per) in CHARGE_KINDS.items():
        assert WORDS[f"charge.{code}"]["en"] == name == web["en"]["chargeNames"][code]
        assert WORDS[f"charge.{code}"]["fa"] == web["fa"]["chargeNames"][code]
    for code, name in CUT_OFF_NAMES.items():
        assert web["en"]["cutOffNames"][code] == name
        assert web["fa"]["cutOffNames"][code] == WORDS[f"cutOff.{code}"]["fa"]

"""One catalogue of field labels (contract/field-labels.json) for the server and the web: a label table
written anywhere else fails here, and both sides say the same words for the same field."""

from __future__ import annotations

import json
import re
from pathlib import Path

from api.presenters import audit_trail
from api.presenters.booking_changes import FIELD_ORDER
from domain.booking.notices import revised_field
from domain.shared.field_labels import ALIASES, CATALOGUE, LABELS, field_label, snake

ROOT = Path(__file__).resolve().parents[2]
PERSIAN = re.compile("[\u0600-\u06ff]")
KEYS = {*LABELS["booking"], *LABELS["profile"], *ALIASES}
# An entry of a label table: a field's key mapped to words for people (`"quantity": "Quantity",`).
PY_ENTRY = re.compile(r"""^\s*["']([A-Za-z_]+)["']\s*:\s*["']([A-Z][^"']*)["'],?\s*$""", re.MULTILINE)
TS_ENTRY = re.compile(r"""^\s*["']?([A-Za-z_]+)["']?\s*:\s*'([A-Z][^']*)',?\s*$""", re.MULTILINE)


# Tables that look like labels and are not, each with why.
NOT_LABELS = {
    "api/routers/accounts_admin.py": "FIELD_NAMES: the wire names the specification gives the review screen",
    "web/src/testing/orders.ts": "test data: an order's values",
    "web/src/testing/trail.ts": "test data: a booking trail's values",
    "web/src/testing/tracking.ts": "test data: a tracking event's vessel",
}


def is_label(words: str) -> bool:
    """Words for people naming a field: a few words (not a sentence), not an identifier (`FirstName`) nor a
    code (`ACT`, a form's default value; `FB-2027-000123`, an example of a reference)."""
    return (
        len(words.split()) <= 5
        and not re.fullmatch(r"([A-Z][a-z]+){2,}", words)
        and not re.fullmatch(r"[A-Z0-9_-]+", words)
    )


def label_entries(text: str, pattern: re.Pattern[str]) -> list[str]:
    return [
        f"{key}: {words}" for key, words in pattern.findall(text) if snake(key) in KEYS and is_label(words)
    ]


def test_no_label_table_outside_the_catalogue() -> None:
    found = {}
    for folder in ("api", "domain", "projections", "policies"):
        for path in (ROOT / folder).rglob("*.py"):
            entries = label_entries(path.read_text(encoding="utf-8"), PY_ENTRY)
            if entries:
                found[str(path.relative_to(ROOT))] = entries
    for path in (ROOT / "web" / "src").rglob("*.ts*"):
        if ".test." in path.name or path.name == "api.ts":
            continue
        entries = label_entries(path.read_text(encoding="utf-8"), TS_ENTRY)
        if entries:
            found[str(path.relative_to(ROOT))] = entries
    assert {path: entries for path, entries in found.items() if path not in NOT_LABELS} == {}


def test_the_scan_sees_a_label_table() -> None:
    python = 'WORDS = {\n    "quantity": "Quantity",\n    "state_name": "x",\n    "hsCode": "HS code",\n}\n'
    assert label_entries(python, PY_ENTRY) == ["quantity: Quantity", "hsCode: HS code"]
    typescript = "const WORDS = {\n  firstName: 'First name',\n  other: 'Other',\n  kind: 'ACT',\n};\n"
    assert label_entries(typescript, TS_ENTRY) == ["firstName: First name"]


def test_trail_changes_view_and_e_mails_say_the_same_words() -> None:
    assert CATALOGUE.parent.name == "contract"
    for key in FIELD_ORDER:
        assert audit_trail.label(key) == field_label(key)
    assert field_label("quantity") == audit_trail.label("quantity") == "Number of containers"
    # Staff name an order's fields by their wire keys, the specification's spellings included.
    assert revised_field("temprature") == audit_trail.label("temperature")
    assert revised_field("isSWBL") == "Sea waybill"
    assert revised_field("cargoDescription") == "Cargo description"
    assert field_label("EconimocCode", "profile") == "Economic code"


def test_every_label_has_english_and_persian_and_readable_keys() -> None:
    for area in LABELS.values():
        for key, words in area.items():
            assert re.fullmatch(r"[a-z]+(_[a-z]+)*", key), key
            assert set(words) == {"en", "fa"}, key
            assert words["en"].strip() and words["fa"].strip(), key
            # Persian words, a code such as HS, IMO or MSDS kept as the trade writes it.
            assert PERSIAN.search(words["fa"]) and words["fa"] != words["en"], key
    assert all(target in LABELS["booking"] or target in LABELS["profile"] for target in ALIASES.values())


def test_the_label_is_said_in_the_language_asked_for_else_in_english() -> None:
    assert field_label("hsCode", language="fa") == "کد HS"
    assert field_label("EconimocCode", "profile", "fa") == "کد اقتصادی"
    assert revised_field("cargoDescription", "fa") == field_label("cargo_description", language="fa")
    assert audit_trail.label("quantity", "fa") == field_label("quantity", language="fa") == "تعداد کانتینر"
    # A language the catalogue does not hold reads the English; an unknown field its words.
    assert field_label("commodity", language="de") == "Commodity"
    assert field_label("cargo_weight", language="fa") == "Cargo weight"


def test_a_sea_waybill_is_not_called_a_bill_of_lading_in_persian() -> None:
    """A sea waybill is the non-negotiable alternative to a bill of lading: a shipper choosing between them
    must not read the bill of lading's word on the waybill's box (the screens' word for the bill is the
    issued report's title)."""
    report = json.loads((ROOT / "web/src/i18n/locales/fa/booking.json").read_text(encoding="utf-8"))["report"]
    bill_of_lading = report["titleIssued"]
    waybill = field_label("is_swbl", language="fa")
    assert bill_of_lading not in waybill, waybill
    sea_waybill = json.loads((ROOT / "contract/audit-words.json").read_text(encoding="utf-8"))["words"]
    assert bill_of_lading not in sea_waybill["sea_waybill"]["fa"]

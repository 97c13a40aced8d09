# ruff: noqa: RUF001
"""The reasons the system gives for what it records (contract/audit-reasons.json): worded once, stored in
English as they always were, read in Persian; a person's own words stay as typed."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from domain.accounts.team import TEAM_ROLES
from domain.shared.reasons import REASONS, SLOT_VALUES, reason_in, system_reason

ROOT = Path(__file__).resolve().parents[2]
SLOT = re.compile(r"\{(\w+)\}")
LATIN = re.compile("[A-Za-z]")
TYPED = "GDPR art. 17 request"

# Reasons as events stored them before they were worded from the catalogue: each must still be read.
HISTORY = [
    "sign-up started",
    "sign-up started again",
    "phone verified",
    "password create link",
    "password reset link",
    "password set with a reset link",
    "profile edit request approved",
    "closed: the customer's personal data was erased",
    "invited as booker",
    "role changed to owner",
    "made owner: the team's last owner was erased",
    "removed from the team: their personal data was erased",
    f"erased with the company's personal data ({TYPED})",
    "booking reference assigned",
    "shipping instructions due in 24 h",
    "shipping instructions due in 5 min",
    "quote validity passed",
    "tariff version 1: 3 rows, 1 lane",
    "tariff version 12: 1 row, 40 lanes",
    "tariff version 1, row 2",
]


def _sample(key: str) -> dict[str, object]:
    """Values for a reason's slots: a listed value, a count, a number, or a person's words."""
    said = REASONS[key]
    values: dict[str, object] = {}
    for slot in SLOT.findall(said["en"]):
        if slot in SLOT_VALUES:
            values[slot] = next(iter(SLOT_VALUES[slot]))
        elif slot in said.get("counted", {}):
            values[slot] = "3 rows"
        elif slot == "reason":
            values[slot] = TYPED
        else:
            values[slot] = 24
    return values


def test_each_reason_is_said_in_both_languages_with_the_same_slots_and_persian_words() -> None:
    for key, said in REASONS.items():
        assert set(said) <= {"en", "fa", "counted"} and said["en"] and said["fa"], key
        assert set(SLOT.findall(said["en"])) == set(SLOT.findall(said["fa"])), key
        assert not LATIN.search(SLOT.sub("", said["fa"])), key
        for words in said.get("counted", {}).values():
            assert words and not LATIN.search(words), key
    for slot, named in SLOT_VALUES.items():
        assert named and all(words and not LATIN.search(words) for words in named.values()), slot


def test_every_team_role_has_its_persian_word() -> None:
    assert set(SLOT_VALUES["role"]) == set(TEAM_ROLES)
    assert "{role}" in REASONS["invitedAs"]["en"] and "{role}" in REASONS["roleChanged"]["en"]


def test_a_reason_stored_before_the_catalogue_reads_in_persian() -> None:
    for stored in HISTORY:
        persian = reason_in(stored, "fa")
        assert persian is not None and persian != stored, stored
        assert not LATIN.search(persian.replace(TYPED, "")), (stored, persian)
        assert reason_in(stored, "en") == stored


@pytest.mark.parametrize("key", sorted(REASONS))
def test_each_reason_reads_back_in_persian_with_its_values_said(key: str) -> None:
    values = _sample(key)
    stored = system_reason(key, **values)
    persian = reason_in(stored, "fa")
    assert persian is not None and not LATIN.search(persian.replace(TYPED, "")), persian
    for slot, value in values.items():
        if slot in SLOT_VALUES:
            assert SLOT_VALUES[slot][str(value)] in persian
        elif slot == "reason":
            assert TYPED in persian  # a person's words are shown as typed
        else:
            assert "۳" in persian or "۲۴" in persian  # numbers in Persian digits


# The same readings as the web's (web/src/features/audit/lib/reasons.test.ts): the two readers agree.
SHAPES = {
    "password reset link": "پیوند بازنشانی رمز عبور",
    "invited as booker": "با نقش رزروکننده دعوت شد",
    "tariff version 12: 1 row, 40 lanes": "نسخهٔ ۱۲ تعرفه: ۱ ردیف، ۴۰ مسیر",
    "shipping instructions due in 24 h": "مهلت دستورالعمل حمل تا ۲۴ ساعت دیگر",
    "shipping instructions due in 5 min": "مهلت دستورالعمل حمل تا ۵ دقیقهٔ دیگر",
    f"erased with the company's personal data ({TYPED})": f"همراه با داده‌های شخصی شرکت پاک شد ({TYPED})",
    "password set with a reset link": "رمز عبور با پیوند بازنشانی تعیین شد",
}


def test_a_reason_of_every_shape_reads_as_the_web_reads_it() -> None:
    assert {stored: reason_in(stored, "fa") for stored in SHAPES} == SHAPES


def test_a_persons_words_stay_as_typed_even_when_they_begin_like_a_reason() -> None:
    for typed in ("Customer asked by phone", "phone verified twice", "wrong code?", "", None):
        assert reason_in(typed, "fa") == typed


def test_a_reason_is_worded_with_exactly_its_slots() -> None:
    assert system_reason("invitedAs", role="viewer") == "invited as viewer"
    with pytest.raises(KeyError):
        system_reason("invitedAs")
    with pytest.raises(KeyError):
        system_reason("phoneVerified", role="viewer")


def _hand_worded(tree: ast.AST, templates: set[str]) -> list[str]:
    """A reason written by hand: a literal passed to `audit_fields`, or a catalogue phrase typed again."""
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "audit_fields"
            and len(node.args) > 1
        ) and isinstance(node.args[1], ast.Constant | ast.JoinedStr):
            found.append(ast.unparse(node.args[1]))
        if isinstance(node, ast.Constant) and node.value in templates:
            found.append(node.value)
    return found


def test_the_domain_words_no_reason_by_hand() -> None:
    templates = {said["en"] for said in REASONS.values()}
    found = {
        str(path.relative_to(ROOT)): hand
        for path in sorted((ROOT / "domain").rglob("*.py"))
        if path.name != "reasons.py"
        and (hand := _hand_worded(ast.parse(path.read_text(encoding="utf-8")), templates))
    }
    assert found == {}


def test_the_check_finds_a_reason_worded_by_hand() -> None:
    templates = {said["en"] for said in REASONS.values()}
    by_hand = (
        'audit_fields(actor, f"invited as {role}")\naudit_fields(actor, "moved")\nX = "phone verified"\n'
    )
    assert _hand_worded(ast.parse(by_hand), templates) == [
        "f'invited as {role}'",
        "'moved'",
        "phone verified",
    ]

"""The audit trail's catalogue (contract/audit-words.json) and the staff actions' trail words: every entry in
both languages with the same placeholders, the Persian in Persian words."""

from __future__ import annotations

import json
import re
from pathlib import Path

from api.presenters import audit_trail
from domain.booking.staff_actions import STAFF_ACTIONS

CATALOGUE = Path(__file__).resolve().parents[2] / "contract" / "audit-words.json"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
LATIN = re.compile("[A-Za-z]")


def test_every_entry_is_said_in_both_languages_with_the_same_placeholders() -> None:
    raw = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    sections = [name for name in raw if name != "description"]
    assert sections == ["what", "parts", "roles", "states", "words", "tracking"]
    for section in sections:
        for key, said in raw[section].items():
            assert set(said) == {"en", "fa"}, (section, key)
            assert said["en"].strip() and said["fa"].strip(), (section, key)
            names = [set(PLACEHOLDER.findall(said[language])) for language in ("en", "fa")]
            assert names[0] == names[1], (section, key)
            assert not LATIN.search(PLACEHOLDER.sub("", said["fa"]).replace("API", "")), (section, key)


def test_each_staff_action_names_its_event_in_persian_too() -> None:
    for action in STAFF_ACTIONS:
        assert action.trail_fa.strip() and not LATIN.search(action.trail_fa), action.name
        key = (action.machine, action.event_name)
        assert audit_trail._WHAT_IN["fa"][key] == action.trail_fa
        assert audit_trail._WHAT_IN["en"][key] == action.trail


def test_an_event_the_catalogue_lacks_reads_as_its_type_after_its_part_in_either_language() -> None:
    assert audit_trail.kind_of_act("shipping_order", "SomethingNew") == "Shipping order: something new"
    assert audit_trail.kind_of_act("shipping_order", "SomethingNew", "fa") == "دستور حمل: something new"
    assert audit_trail.kind_of_act("rate_request", "AmendmentRequested", "fa") == "اصلاحیهٔ درخواست شد"

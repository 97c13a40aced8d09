"""Every server catalogue speaks both languages: each key has its English and its Persian, with the same
`{name}` placeholders, none empty; the e-mail templates have the same parts in both. The check itself is
shown to fail on a removed key and on a placeholder lost in translation."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

CONTRACT = Path(__file__).resolve().parents[2] / "contract"
LANGUAGES = ("en", "fa")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
PERSIAN_LETTER = re.compile("[\u0600-\u06ff]")


def _load(name: str) -> Any:
    return json.loads((CONTRACT / name).read_text(encoding="utf-8"))


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def by_language_problems(entries: dict[str, dict[str, Any]]) -> list[str]:
    """What is wrong with a catalogue keyed `key -> {language: text}`."""
    problems = []
    for key, said in entries.items():
        for language in LANGUAGES:
            text = said.get(language)
            if not isinstance(text, str) or not text.strip():
                problems.append(f"{key}: no {language}")
        texts = [said.get(language) for language in LANGUAGES]
        if all(isinstance(t, str) for t in texts):
            if len({frozenset(_placeholders(t)) for t in texts if isinstance(t, str)}) != 1:
                problems.append(f"{key}: placeholders differ between languages")
            fa = said["fa"]
            if not PERSIAN_LETTER.search(fa) and not PLACEHOLDER.fullmatch(fa.strip()):
                problems.append(f"{key}: its fa is not Persian")
    return problems


def split_problems(english: dict[str, str], persian: dict[str, str]) -> list[str]:
    """What is wrong with a catalogue split into one file per language (the validation messages, whose
    English file the web reads too)."""
    entries = {key: {"en": english.get(key), "fa": persian.get(key)} for key in {*english, *persian}}
    return by_language_problems(entries)


def template_problems(templates: dict[str, dict[str, dict[str, Any]]]) -> list[str]:
    problems = []
    for kind, said in templates.items():
        parts = {language: said.get(language) for language in LANGUAGES}
        if not all(isinstance(part, dict) for part in parts.values()):
            problems.append(f"{kind}: a language is missing")
            continue
        en, fa = parts["en"], parts["fa"]
        assert isinstance(en, dict) and isinstance(fa, dict)
        if set(en) != set(fa):
            problems.append(f"{kind}: parts differ ({sorted(set(en) ^ set(fa))})")
        if len(en.get("paragraphs", [])) != len(fa.get("paragraphs", [])):
            problems.append(f"{kind}: paragraph counts differ")
        flat = {
            f"{kind}.{part}": {"en": str(en[part]), "fa": str(fa[part])}
            for part in ("label", "subject", "action")
            if part in en and part in fa
        }
        for index, (e, f) in enumerate(zip(en.get("paragraphs", []), fa.get("paragraphs", []), strict=False)):
            flat[f"{kind}.paragraphs.{index}"] = {"en": e, "fa": f}
        problems += by_language_problems(flat)
    return problems


def test_the_validation_messages_have_both_languages() -> None:
    english = _load("validation-messages.json")
    assert split_problems(english, _load("validation-messages.fa.json")) == []


def test_the_error_messages_have_both_languages() -> None:
    assert by_language_problems(_load("error-messages.json")["messages"]) == []


def test_the_email_words_and_templates_have_both_languages() -> None:
    emails = _load("email-messages.json")
    assert by_language_problems(emails["words"]) == []
    assert template_problems(emails["templates"]) == []


def test_the_port_time_words_have_both_languages() -> None:
    words = {key: said for key, said in _load("time-words.json").items() if not key.startswith("_")}
    assert set(words) == {"portTime"}
    assert by_language_problems(words) == []


def test_the_customers_notices_have_both_languages_and_the_codes_english() -> None:
    from domain.booking.notices import TOLD

    said = _load("email-messages.json")["notices"]
    flat = {
        f"{event}.{part}": {
            language: said[event][language][part] for language in LANGUAGES if language in said[event]
        }
        for event in said
        for part in ("title", "message")
    }
    assert by_language_problems(flat) == []
    # The booking's notices to the customer and to the staff, and the accounts' notices to the customer.
    booking = {k.__qualname__: told for k, told in TOLD.items()}
    accounts = {"Registration.Accepted", "ProfileEditRequest.Approved", "ProfileEditRequest.Declined"}
    assert set(said) == set(booking) | accounts
    for event, told in booking.items():
        assert said[event]["en"] == {"title": told.title, "message": told.message}, event


# The catalogue's `say`, called bare (a `.say` is another: the audit trail's words, the console)
SAID = re.compile(r"""(?<![.\w])say\(\s*(?:f?)["']([\w.]+)["']""")


def test_every_sentence_the_server_says_is_in_the_catalogue_in_both_languages() -> None:
    """Each literal key a server module passes to `say` is a catalogue key with both languages."""
    words = _load("email-messages.json")["words"]
    root = CONTRACT.parent
    used = {
        key
        for folder in ("domain", "policies", "api")
        for path in (root / folder).rglob("*.py")
        for key in SAID.findall(path.read_text(encoding="utf-8"))
    }
    assert {"account.created.subject", "account.invited", "staff.lateOrder"} <= used
    assert sorted(key for key in used if key not in words) == []
    assert by_language_problems({key: words[key] for key in used}) == []


def test_every_kind_of_email_has_its_words() -> None:
    from domain.emails.templates import KINDS

    assert set(_load("email-messages.json")["templates"]) == set(KINDS)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_check_fails_on_a_removed_key(language: str) -> None:
    english = _load("validation-messages.json")
    persian = _load("validation-messages.fa.json")
    removed = dict(english if language == "en" else persian)
    key = sorted(removed)[0]
    del removed[key]
    pair = (removed, persian) if language == "en" else (english, removed)
    assert split_problems(*pair) == [f"{key}: no {language}"]
    words = copy.deepcopy(_load("email-messages.json"))
    del words["words"]["foot"][language]
    assert by_language_problems(words["words"]) == [f"foot: no {language}"]
    del words["templates"]["quoteReady"][language]["action"]
    assert "quoteReady: parts differ (['action'])" in template_problems(words["templates"])


def test_the_check_fails_on_a_placeholder_lost_in_translation() -> None:
    errors = copy.deepcopy(_load("error-messages.json")["messages"])
    errors["expected"]["fa"] = "چیز دیگری رسید"
    assert by_language_problems(errors) == ["expected: placeholders differ between languages"]

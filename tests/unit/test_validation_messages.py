"""One catalogue of validation messages (contract/validation-messages.json) for the server and the web."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from api.edge.decided_first import catalogue_keys
from domain.shared.errors import ValidationFailed
from domain.shared.messages import CATALOGUE, MESSAGES, message

ROOT = Path(__file__).resolve().parents[2]
USE = re.compile(r"""\bmessage\(\s*"([^"]+)\"""")


def _server_sources() -> list[Path]:
    return [p for folder in ("domain", "api", "infrastructure") for p in (ROOT / folder).rglob("*.py")]


def _used_keys() -> set[str]:
    """The keys the server names, and those it reads through contract/decided-first.json (decision 3922)."""
    named = {key for path in _server_sources() for key in USE.findall(path.read_text(encoding="utf-8"))}
    return named | catalogue_keys()


def test_every_key_the_server_uses_is_in_the_catalogue() -> None:
    used = _used_keys()
    assert used, "the server reads no message from the catalogue"
    assert used <= set(MESSAGES), sorted(used - set(MESSAGES))


def test_every_catalogue_entry_is_used_and_keys_are_readable() -> None:
    assert CATALOGUE.parent.name == "contract"
    assert set(MESSAGES) <= _used_keys(), sorted(set(MESSAGES) - _used_keys())
    for key in MESSAGES:
        assert re.fullmatch(r"[a-z]+(\.[a-zA-Z]+)+", key), key


def test_placeholders_are_filled() -> None:
    assert message("common.text.max", max=200) == "String must contain at most 200 character(s)"
    with pytest.raises(KeyError):
        message("common.text.max")  # a placeholder without its value is a bug, not a silent "{max}"


def test_a_validation_failure_carries_the_catalogue_text() -> None:
    from domain.accounts import forms

    with pytest.raises(ValidationFailed) as failure:
        forms.new_password("short", "short")
    assert failure.value.fields["new_password"] == MESSAGES["accounts.password.min"]
    with pytest.raises(ValidationFailed) as failure:
        forms.decline_message("x" * 2001)
    assert failure.value.fields["message"] == message("common.text.max", max=2000)

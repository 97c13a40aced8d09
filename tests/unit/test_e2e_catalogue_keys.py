"""Every catalogue key a browser test names exists in both languages: a key the web app dropped fails here,
in a second, rather than after the browser suite's forty minutes (an f-string's fixed start is skipped)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.e2e.words import LANGUAGES, LOCALES, text

E2E = Path(__file__).resolve().parents[1] / "e2e"
NAMESPACES = {path.stem for path in (LOCALES / "en").glob("*.json")} | {"reference", "field"}
KEY = re.compile(r"(\w+):(\w+(?:\.\w+)*)")


def named_keys() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for source in sorted(E2E.glob("*.py")):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                key = KEY.fullmatch(node.value)
                if key and key.group(1) in NAMESPACES:
                    found.append((source.name, node.value))
    return found


def test_the_browser_tests_name_catalogue_keys() -> None:
    assert len(named_keys()) > 100  # the scan reads them, so an empty pass is not a vacuous one


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_a_browser_test_names_is_in_the_catalogue(language: str) -> None:
    missing = []
    for source, key in named_keys():
        try:
            text(language, key)  # type: ignore[arg-type]
        except (KeyError, AssertionError, TypeError):
            missing.append(f"{source}: {key}")
    assert missing == []

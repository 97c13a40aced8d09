"""One Persian word for one thing (decision 3905): every Persian text the product speaks (the web's
catalogues, the server's messages, refusals, e-mails and SMS, the lifecycles' words and the sources that build
Persian sentences) says each core thing by the glossary's word (contract/persian-glossary.json), never by a
word the glossary forbids for it."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = json.loads((ROOT / "contract" / "persian-glossary.json").read_text(encoding="utf-8"))
PERSIAN = re.compile("[\u0600-\u06ff]")
# Where Persian texts live: the shared catalogues, the lifecycle files, the server's and the web's sources.
PLACES = {
    "contract": ("*.json",),
    "state-machines": ("*.json",),
    "api": ("*.py",),
    "domain": ("*.py", "*.json"),
    "infrastructure": ("*.py",),
    "projections": ("*.py",),
    "web/src": ("*.json", "*.ts", "*.tsx"),
}
# The glossary itself names the forbidden words; tests and test data are not what a reader meets.
NOT_READ = {"contract/persian-glossary.json"}


def _sources() -> dict[str, str]:
    found = {}
    for place, patterns in PLACES.items():
        for pattern in patterns:
            for path in (ROOT / place).rglob(pattern):
                name = path.relative_to(ROOT).as_posix()
                if name in NOT_READ or ".test." in name or "/testing/" in name or "node_modules" in name:
                    continue
                text = path.read_text(encoding="utf-8")
                if PERSIAN.search(text):
                    found[name] = text
    return found


def _uses(sources: dict[str, str]) -> list[str]:
    return sorted(
        f"{name}:{text[: text.index(word)].count(chr(10)) + 1}: "
        f"{term['concept']} is «{term['fa']}», not «{word}»"
        for name, text in sources.items()
        for term in GLOSSARY["terms"]
        for word in term["forbidden"]
        if word in text
    )


def test_no_persian_text_names_a_thing_by_a_forbidden_word() -> None:
    assert _uses(_sources()) == []


def test_the_check_reads_the_persian_texts_it_means_to() -> None:
    sources = _sources()
    # Every catalogue a Persian reader meets is read, and every glossary word is in use somewhere.
    needed = ("web/src/i18n/locales/fa/booking.json", "contract/email-messages.json", "api/edge/languages.py")
    assert [name for name in needed if name not in sources] == []
    assert [t["fa"] for t in GLOSSARY["terms"] if not any(t["fa"] in text for text in sources.values())] == []


def test_a_forbidden_word_is_found_where_it_is_written() -> None:
    uses = _uses({"web/src/i18n/locales/fa/x.json": '{\n  "a": "به شرکت حمل بگویید"\n}'})
    assert uses == ["web/src/i18n/locales/fa/x.json:2: carrier is «متصدی حمل», not «شرکت حمل»"]


def test_the_glossary_is_whole() -> None:
    concepts = [t["concept"] for t in GLOSSARY["terms"]]
    assert len(concepts) == len(set(concepts))
    for term in GLOSSARY["terms"]:
        assert term["en"] and term["fa"] and isinstance(term["forbidden"], list), term
        # A forbidden word inside the right one would forbid the right one too.
        assert not [w for w in term["forbidden"] if w in term["fa"]], term
        assert all(PERSIAN.search(w) for w in term["forbidden"]), term

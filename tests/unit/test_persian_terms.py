"""One Persian word for one thing across every catalogue the reader meets: the screens, the e-mails, the
refusals and the audit's words. A synonym retired here has crept back in when this fails."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The retired word -> the one the portal uses (the login page's label and the accounts screens').
RETIRED = {
    "\u06af\u0630\u0631\u0648\u0627\u0698\u0647": "\u0631\u0645\u0632 \u0639\u0628\u0648\u0631"
}  # password


def _catalogues() -> list[Path]:
    return sorted(
        [
            *(ROOT / "web" / "src" / "i18n" / "locales" / "fa").glob("*.json"),
            # The glossary names the retired words to forbid them (decision 3905).
            *(p for p in (ROOT / "contract").glob("*.json") if p.name != "persian-glossary.json"),
        ]
    )


def test_every_catalogue_says_one_word_for_a_password() -> None:
    found = {
        f"{path.relative_to(ROOT)}: {word} (say {wanted})"
        for path in _catalogues()
        for word, wanted in RETIRED.items()
        if word in path.read_text(encoding="utf-8")
    }
    assert found == set()
    # The word in use is there: the check reads the files it means to.
    assert all(any(w in p.read_text(encoding="utf-8") for p in _catalogues()) for w in RETIRED.values())

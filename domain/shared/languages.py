"""The languages the portal speaks: English and Persian. A person's choice is kept on the account
(`Account.LanguageChosen`); without one the request's `Accept-Language` decides where there is a request,
English where there is none (an e-mail)."""

from __future__ import annotations

from typing import Literal

Language = Literal["en", "fa"]
LANGUAGES: tuple[Language, ...] = ("en", "fa")
DEFAULT: Language = "en"


def supported(value: object) -> Language | None:
    """`value` when it names a language the portal speaks (`fa`, `fa-IR`, `EN`), else None."""
    code = str(value or "").strip().lower().replace("_", "-").split("-")[0]
    for language in LANGUAGES:
        if code == language:
            return language
    return None


def from_accept_language(header: str | None) -> Language | None:
    """The first language of an `Accept-Language` header the portal speaks, by the header's weights
    (`fa-IR,fa;q=0.9,en;q=0.8` -> fa); None when it names none."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if tag and weight > 0:
            ranked.append((-weight, index, tag))
    for _, _, tag in sorted(ranked):
        found = supported(tag)
        if found is not None:
            return found
    return None

"""Digits as people type them: a Persian keyboard writes ۰۱۲۳۴۵۶۷۸۹, an Arabic one ٠١٢٣٤٥٦٧٨٩. Every field
that holds digits (identities, phones, codes) reads them as the Latin digits they are and keeps those (record
3001; the web's latinDigits in web/src/lib/format.ts does the same)."""

from __future__ import annotations

_LATIN = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")


def latin_digits(text: str) -> str:
    """`text` with Persian and Arabic-Indic digits written as Latin ones; every other character kept."""
    return text.translate(_LATIN)

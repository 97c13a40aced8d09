"""The name a file keeps of the one sent (`domain/booking/files.py`) and the `Content-Disposition` a download
is saved by (`api/edge/downloads.py`), read back as a mail or HTTP client reads it."""

from __future__ import annotations

import email.message
from email.utils import collapse_rfc2231_value

import pytest

from api.edge.downloads import content_disposition
from domain.booking.files import MAX_NAME_CHARACTERS, kept_name
from tests.corpus import (
    DOTS_FILE_NAME,
    LONG_FILE_NAME,
    MIXED_FILE_NAMES,
    OVERRIDE_FILE_NAME,
    PATH_FILE_NAME,
    PERSIAN_FILE_NAMES,
)

STAND_IN = "3f1c9a52-0000-4000-8000-000000000001.pdf"


@pytest.mark.parametrize("name", PERSIAN_FILE_NAMES + MIXED_FILE_NAMES)
def test_a_name_in_any_script_is_kept_as_sent(name: str) -> None:
    assert kept_name(name, ".pdf") == name


@pytest.mark.parametrize(
    ("sent", "extension", "kept"),
    [
        (PATH_FILE_NAME, ".pdf", "passwd.pdf"),
        ("C:\\Users\\sara\\نامه تعهد.pdf", ".pdf", "نامه تعهد.pdf"),
        (OVERRIDE_FILE_NAME, ".png", "gpj.png"),  # read "exe.jpg" with its override
        ("نامه\u2066 تعهد\u2069\u200e.pdf", ".pdf", "نامه تعهد.pdf"),
        ("شجاعی\u200cفر.pdf", ".pdf", "شجاعی\u200cفر.pdf"),  # the non-joiner Persian writes with stays
        ("Mu\u0308ller\tLOI\x00\x1b\u2028.pdf", ".pdf", "Müller LOI.pdf"),  # NFC; controls go
        (".hidden.pdf", ".pdf", "hidden.pdf"),
        ("x.html", ".png", "x.png"),
        ("photo.JPEG", ".jpg", "photo.JPEG"),
        ("نامه", ".jpg", "نامه.jpg"),
        (DOTS_FILE_NAME, ".pdf", ""),
        (" \u202e ", ".pdf", ""),
        (None, ".pdf", ""),
    ],
)
def test_only_what_is_unsafe_is_taken_out(sent: str | None, extension: str, kept: str) -> None:
    assert kept_name(sent, extension) == kept


def test_a_long_name_is_cut_by_characters_keeping_its_extension() -> None:
    kept = kept_name(LONG_FILE_NAME, ".pdf")
    assert MAX_NAME_CHARACTERS - 2 <= len(kept) <= MAX_NAME_CHARACTERS and kept.endswith("گواهی.pdf")
    assert kept[:-4] == LONG_FILE_NAME[: len(kept) - 4]
    assert len(kept_name("x" * 300 + ".jpeg", ".jpg")) == MAX_NAME_CHARACTERS


def saved_as(header: str) -> tuple[str, str]:
    """(the plain `filename`, the name a client reading `filename*` saves under), as the standard library's
    RFC 2231 reader reads them."""
    said = email.message.Message()
    said["Content-Disposition"] = header
    params = [
        value for key, value in said.get_params(header="content-disposition") or [] if key == "filename"
    ]
    (plain,) = [value for value in params if isinstance(value, str)]
    (encoded,) = [value for value in params if isinstance(value, tuple)]
    return plain, collapse_rfc2231_value(encoded)


@pytest.mark.parametrize("name", [*PERSIAN_FILE_NAMES, *MIXED_FILE_NAMES, "Müller.pdf", 'a"b%c\\d.pdf'])
def test_a_name_not_plain_ascii_is_sent_in_both_forms(name: str) -> None:
    header = content_disposition(name, STAND_IN)
    assert header.startswith('attachment; filename="') and "; filename*=UTF-8''" in header
    assert header.isascii()
    plain, saved = saved_as(header)
    assert saved == name
    assert plain.isascii() and not any(c in plain for c in '"\\%/')
    assert plain == STAND_IN if name in PERSIAN_FILE_NAMES else plain != STAND_IN


def test_a_plain_ascii_name_is_sent_as_it_is() -> None:
    assert content_disposition("scan 1.pdf", STAND_IN) == 'attachment; filename="scan 1.pdf"'
    assert content_disposition("Müller.pdf", STAND_IN).startswith('attachment; filename="Muller.pdf"; ')
    assert content_disposition("MSDS پسته 2026.pdf", STAND_IN).startswith(
        'attachment; filename="MSDS _ 2026.pdf"'
    )

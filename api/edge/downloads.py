"""The name a download is saved under, in its `Content-Disposition` (RFC 6266).

Starlette's `FileResponse(filename=...)` sends a name that needs encoding as `filename*` alone (RFC 5987),
which an older client ignores, and any other as a quoted `filename` unescaped. Here a name that is its own
ASCII spelling is sent as `filename="..."`; any other as both: `filename="<ASCII spelling>"` for a client that
reads only that, and `filename*=UTF-8''<percent-encoded>` with the name as kept, which a client that reads it
prefers (RFC 6266 section 4.3).

Every download is a `Download`: no browser or shared cache keeps a copy (decision 3915).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from email.utils import encode_rfc2231

from fastapi.responses import FileResponse

# What an ASCII `filename` may not hold: anything outside printable ASCII, what the quoted string would need
# to escape, a path separator, and `%` (some clients percent-decode the plain form: RFC 6266 appendix D).
_NOT_PLAIN = re.compile(r'[^\x20-\x7e]+|["\\/%]')
_LETTER_OR_DIGIT = re.compile(r"[A-Za-z0-9]")


def ascii_spelling(name: str, stand_in: str) -> str:
    """`name` in ASCII: accents dropped ("Müller" is "Muller"), what else is not ASCII as `_`; `stand_in`
    when no letter or digit of it is left (a name in Persian alone)."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    spelled = _NOT_PLAIN.sub("_", bare).lstrip(". ")
    stem = spelled.rpartition(".")[0] or spelled
    return spelled if _LETTER_OR_DIGIT.search(stem) else stand_in


def content_disposition(name: str, stand_in: str) -> str:
    """An attachment named `name`; `stand_in` (ASCII) is the plain form's name when `name` has no ASCII
    letter or digit to keep."""
    plain = ascii_spelling(name, stand_in)
    if plain == name:
        return f'attachment; filename="{name}"'
    return f'attachment; filename="{plain}"; filename*={encode_rfc2231(name, "UTF-8")}'


# A download may carry a person's name, in its bytes and its `Content-Disposition`: a copy kept by a browser
# or a proxy would outlive the access that fetched it, and an erasure (decision 3915).
NOT_KEPT = "private, no-store"


class Download(FileResponse):
    """A `FileResponse` (ranges, type and name as Starlette sends them) that no cache keeps. Its `__init__`
    is Starlette's, whose signature FastAPI reads for the OpenAPI document."""

    def init_headers(self, headers: Mapping[str, str] | None = None) -> None:
        super().init_headers(headers)
        self.headers["Cache-Control"] = NOT_KEPT

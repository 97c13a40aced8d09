"""One phone rule for every number a person types: as people write it, at home or abroad ("09121234567",
"+98 912 345 6789", "+49 40 1234 5678", "+1 (212) 555-0100"): an optional "+", 7 to 15 digits (E.164's most),
with single spaces, dots, dashes or parentheses between them. The web's PHONE_PATTERN (web/src/lib/phone.ts)
is this same source, word for word (a test compares them)."""

from __future__ import annotations

import re

from domain.shared.digits import latin_digits

PHONE_SOURCE = r"^\+?\(?[0-9](?:[ ().-]{0,2}[0-9]){6,14}$"
PHONE = re.compile(PHONE_SOURCE)

# An Iranian mobile in its one stored form (the number the verification SMS goes to): 09 and 9 digits.
MOBILE = re.compile(r"^09[0-9]{9}\Z")
_SEPARATORS = re.compile(r"[ ().-]")


def iranian_mobile(value: str) -> str:
    """An Iranian mobile as people write it ("0912 345 6789", "+98 912 345 6789", "0098-912-345-6789",
    "912 345 6789") in its stored form "09123456789"; anything else is given back as typed, for MOBILE to
    refuse. Persian or Arabic-Indic digits are read as Latin ones (record 3001). The web's normaliseMobile
    (web/src/lib/phone.ts) does the same (a test compares them)."""
    value = latin_digits(value)
    digits = _SEPARATORS.sub("", value)
    for prefix in ("+98", "0098"):
        if digits.startswith(prefix):
            digits = "0" + digits[len(prefix) :]
            break
    else:
        if len(digits) == 10 and digits.startswith("9"):
            digits = "0" + digits
    return digits if MOBILE.match(digits) else value

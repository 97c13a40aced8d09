"""One phone rule for every number a person types: as people write it, at home or abroad ("09121234567",
"+98 912 345 6789", "+49 40 1234 5678", "+1 (212) 555-0100"): an optional "+", 7 to 15 digits (E.164's most),
with single spaces, dots, dashes or parentheses between them. The web's PHONE_PATTERN (web/src/lib/phone.ts)
is this same source, word for word (a test compares them)."""

from __future__ import annotations

import re

PHONE_SOURCE = r"^\+?\(?[0-9](?:[ ().-]{0,2}[0-9]){6,14}$"
PHONE = re.compile(PHONE_SOURCE)

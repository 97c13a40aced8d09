"""A staff message may start by naming the field it is about, as a JSON path:
"$.requestedEquipments[0].units: the vessel has room for 3 containers only; please amend to 3".

The DCSA door gives that path as the feedback's `jsonPath` (decisions 0029, 0103); people (e-mails,
notices, the screens' changes panel) read the message without it (`for_people`).
"""

from __future__ import annotations

import re

NAMED_FIELD = re.compile(r"^\s*(\$[\w.\[\]]*)\s*:\s*(.+)$", re.DOTALL)


def for_people(text: str) -> str:
    """The message without a leading JSON path naming its field."""
    match = NAMED_FIELD.match(text)
    return match.group(2) if match else text

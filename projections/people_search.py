"""Finding people by name: the words a name is indexed and searched by (Persian letter variants unified,
case-folded), and the account ids whose names have words starting with each word asked. The booking trail's
projection writes the name tables; staff's and the auditor's searches read them through here."""

from __future__ import annotations

import unicodedata

from infrastructure.read_db import Tx

PREFIXES = "audit_name_prefixes"
# The words of the names a customer gave herself as her orders' shipper (supplier) party, per order: she is
# found by the spelling she uses on her papers ("Zahra Hosseini") as well as by her profile's.
PARTY_PREFIXES = "audit_party_prefixes"

# A word longer than this is found by its first 40 letters (names are far shorter).
MAX_PREFIX = 40
# A search word matches at most this many people (one letter may match most of them): the statements that
# follow take the ids as parameters, and a person looked for by one letter is better found by two.
MAX_PEOPLE = 1000

# Arabic yeh, alef maksura, kaf and teh marbuta, which keyboards may type for Persian yeh, kaf and heh;
# the zero-width non-joiner splits a name's parts. One spelling for search.
_PERSIAN = str.maketrans(
    {"\u064a": "\u06cc", "\u0649": "\u06cc", "\u0643": "\u06a9", "\u0629": "\u0647", "\u200c": " "}
)


def fold(text: str) -> str:
    """Text as the name index compares it: NFKC, Persian letter variants unified, case-folded."""
    return unicodedata.normalize("NFKC", text).translate(_PERSIAN).casefold()


def words(text: str) -> list[str]:
    return [w for w in fold(text).replace("-", " ").split() if w]


def people_named(tx: Tx, query: str) -> list[str]:
    """Account ids whose name (or username, or the shipper's name on one of their orders) has a word starting
    with each word of `query`."""
    wanted = [w[:MAX_PREFIX] for w in words(query)][:5]
    if not wanted:
        return []
    found: set[str] | None = None
    for word in wanted:
        ids = {
            str(r["account_id"])
            for r in tx.all(
                f"SELECT account_id FROM {PREFIXES} WHERE prefix = ?"
                f" UNION SELECT account_id FROM {PARTY_PREFIXES} WHERE prefix = ?"
                f" ORDER BY account_id LIMIT {MAX_PEOPLE}",
                (word, word),
            )
        }
        found = ids if found is None else found & ids
        if not found:
            return []
    return sorted(found or ())

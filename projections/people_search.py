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


# Both scripts folded to one key: the consonants as they sound, written in Latin letters, the vowels left
# out (Persian writes most of them not at all). `Zahra Hosseini` and `زهرا حسینی` both read `zr sn`. A key is
# indexed under the script it was written in (`~fa:zr`), and a word is looked for under the other script's
# keys only: within one script the letters themselves decide, as before.
_PERSIAN_SOUNDS = {
    "ب": "b", "پ": "p", "ت": "t", "ط": "t", "ث": "s", "س": "s", "ص": "s", "ج": "j", "چ": "C",
    "خ": "x", "د": "d", "ذ": "z", "ز": "z", "ض": "z", "ظ": "z", "ر": "r", "ژ": "Z", "ش": "S",
    "غ": "q", "ق": "q", "ف": "f", "ک": "k", "گ": "g", "ل": "l", "م": "m", "ن": "n",
    # Letters that carry a vowel, or one that Latin spellings leave out: a consonant only first in a word.
    "و": "v", "ی": "y",
}  # fmt: skip
_LATIN_PAIRS = {"kh": "x", "sh": "S", "ch": "C", "zh": "Z", "gh": "q", "ph": "f", "th": "t"}
_LATIN_SOUNDS = {**{c: c for c in "bpdtsjzrfgklmnq"}, "c": "k", "v": "v", "w": "v", "x": "ks", "y": "y"}
SCRIPT_KEY = "~"


def _script(word: str) -> str | None:
    if any("\u0600" <= c <= "\u06ff" for c in word):
        return "fa"
    if any("a" <= c <= "z" for c in word):
        return "en"
    return None


def sound_key(word: str) -> str:
    """A folded word's consonants as they sound, in Latin letters, repeated ones once (see above)."""
    sounds: list[str] = []
    script = _script(word)
    index = 0
    while index < len(word):
        pair = word[index : index + 2]
        if script == "en" and pair in _LATIN_PAIRS:
            sound, index = _LATIN_PAIRS[pair], index + 2
        else:
            letter = word[index]
            table = _PERSIAN_SOUNDS if script == "fa" else _LATIN_SOUNDS
            sound = table.get(letter, "")
            if sound in ("v", "y") and (index > 0) and (script == "fa" or sound == "y"):
                sound = ""  # a vowel's letter inside a word
            index += 1
        if sound and (not sounds or sounds[-1] != sound):
            sounds.append(sound)
    return "".join(sounds)


def sound_prefixes(word: str) -> set[str]:
    """The index rows of a word's sound key: each of its beginnings, under the word's script."""
    script = _script(word)
    key = sound_key(word)
    if script is None or not key:
        return set()
    return {f"{SCRIPT_KEY}{script}:{key[:n]}" for n in range(1, min(len(key), MAX_PREFIX) + 1)}


def _other_script(word: str) -> str | None:
    """The index row a word is looked for under in the other script, or None."""
    script = _script(word)
    key = sound_key(word)
    if script is None or not key:
        return None
    return f"{SCRIPT_KEY}{'en' if script == 'fa' else 'fa'}:{key[:MAX_PREFIX]}"


def people_named(tx: Tx, query: str) -> list[str]:
    """Account ids whose name (or username, or the shipper's name on one of their orders) has a word starting
    with each word of `query`, in its own script or, by its sound, in the other one."""
    wanted = [w[:MAX_PREFIX] for w in words(query)][:5]
    if not wanted:
        return []
    found: set[str] | None = None
    for word in wanted:
        keys = [word, _other_script(word) or word]
        ids = {
            str(r["account_id"])
            for r in tx.all(
                f"SELECT account_id FROM {PREFIXES} WHERE prefix IN (?, ?)"
                f" UNION SELECT account_id FROM {PARTY_PREFIXES} WHERE prefix IN (?, ?)"
                f" ORDER BY account_id LIMIT {MAX_PEOPLE}",
                (*keys, *keys),
            )
        }
        found = ids if found is None else found & ids
        if not found:
            return []
    return sorted(found or ())

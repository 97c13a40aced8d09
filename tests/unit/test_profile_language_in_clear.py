"""A profile's language and company are no one's personal data (decision 3883): kept in clear beside the
sealed fields, and not taken by `freight seal-personal-data` for personal data still in clear."""

from __future__ import annotations

from domain.accounts.account import Account
from infrastructure.personal_data_rewrite import _holds_clear

SEALED = {"sealed": "subject", "n": "bm9uY2U=", "c": "Y2lwaGVy"}


def test_a_language_in_clear_beside_sealed_fields_is_not_personal_data_in_clear() -> None:
    values = {"name": SEALED, "phone": SEALED, "language": "fa", "company_id": "c0ffee"}
    assert not _holds_clear(Account.ProfileUpdated, {"values": values, "request_id": "r"})
    assert _holds_clear(Account.ProfileUpdated, {"values": {**values, "name": "Reza"}, "request_id": "r"})
    profile = {"name": SEALED, "email": SEALED, "language": "en", "company_id": "c0ffee"}
    assert not _holds_clear(Account.Opened, {"username": SEALED, "profile": profile})
    # Sealed before this release, they stay sealed (and open as before).
    assert not _holds_clear(Account.Opened, {"username": SEALED, "profile": {**profile, "language": SEALED}})

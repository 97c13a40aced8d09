"""A customer's address book: the parties they ship with again and again (shippers, consignees, notify
parties), saved once and offered on every shipping order instead of being typed each week.

An entry belongs to one account (`account_id`, the company's account for every member of a team); only that
account sees or changes it, anyone else is told it does not exist. Its fields are checked here, each refusal
naming the field, so that a saved party fills an order's party fields with values the order accepts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from eventsourcing.domain import event

from domain.shared.actor import Actor
from domain.shared.aggregate import ActorCreated, ActorEvent, DomainAggregate, audit_fields
from domain.shared.digits import latin_digits
from domain.shared.errors import ValidationFailed
from domain.shared.messages import message
from domain.shared.phone import PHONE
from domain.shared.refusal_words import refused

# What a saved party is usually used as: hints for the order's party fields, never a limit on them.
ROLE_HINTS = ("shipper", "consignee", "notify")
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+\Z")
LIMITS = {"name": 200, "address": 500, "contact": 200, "phone_number": 40, "email": 254}


@dataclass(frozen=True)
class PartyEntryDraft:
    """A party as the customer typed it, unchecked."""

    name: str | None = None
    address: str | None = None
    contact: str | None = None
    phone_number: str | None = None
    email: str | None = None
    roles: Sequence[str] | None = None


def _text(value: Any) -> str:
    return "" if value is None else str(value).strip()


def checked_party(draft: PartyEntryDraft) -> dict[str, Any]:
    """The entry's fields as recorded, or `ValidationFailed` naming every offending field at once."""
    errors: dict[str, str] = {}
    found = {key: _text(getattr(draft, key)) for key in LIMITS}
    found["phone_number"] = latin_digits(found["phone_number"])  # as a Persian keyboard types it too
    if not found["name"]:
        errors["name"] = message("addresses.name.required")
    if not found["address"]:
        errors["address"] = message("addresses.address.required")
    for key, most in LIMITS.items():
        if len(found[key]) > most and key not in errors:
            errors[key] = message("addresses.text.max", max=most)
    phone, email = found["phone_number"], found["email"]
    if phone and "phone_number" not in errors and not PHONE.fullmatch(phone):
        errors["phone_number"] = message("addresses.phone.invalid")
    if email and "email" not in errors and not EMAIL.fullmatch(email):
        errors["email"] = message("addresses.email.invalid")
    roles = list(dict.fromkeys(draft.roles or ()))
    unknown = [role for role in roles if role not in ROLE_HINTS]
    if unknown:
        errors["roles"] = message("addresses.roles.oneOf", roles=", ".join(ROLE_HINTS))
    if errors:
        raise ValidationFailed(errors)
    return {
        "name": found["name"],
        "address": found["address"],
        "contact": found["contact"] or None,
        "phone_number": phone or None,
        "email": email or None,
        "roles": [role for role in ROLE_HINTS if role in roles],
    }


class AddressBookEntry(DomainAggregate):
    class Saved(ActorCreated):
        personal_fields = ("party",)
        personal_owner = "account_id"

        account_id: str
        party: dict[str, Any]

    @event(Saved)
    def __init__(
        self, account_id: str, party: dict[str, Any], actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.account_id = account_id
        self.party = party
        self.removed = False

    @classmethod
    def save(cls, account_id: str, draft: PartyEntryDraft, actor: Actor) -> AddressBookEntry:
        return cls(account_id=account_id, party=checked_party(draft), **audit_fields(actor))

    def _live(self, action: str) -> None:
        if self.removed:
            raise refused("address_book_entry", "removed", action)

    def change(self, draft: PartyEntryDraft, actor: Actor) -> None:
        self._live("change")
        party = checked_party(draft)
        if party != self.party:
            self._record(self.Changed, audit_fields(actor), account_id=self.account_id, party=party)

    class Changed(ActorEvent):
        personal_fields = ("party",)

        account_id: str
        party: dict[str, Any]

        def apply(self, aggregate: AddressBookEntry) -> None:
            aggregate.party = self.party

    def remove(self, actor: Actor) -> None:
        self._live("remove")
        self._record(self.Removed, audit_fields(actor), account_id=self.account_id)

    class Removed(ActorEvent):
        account_id: str

        def apply(self, aggregate: AddressBookEntry) -> None:
            aggregate.removed = True

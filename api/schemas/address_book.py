"""/booking/api/v1/client/address-book: the parties a customer saves to fill shipping orders with."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from api.schemas.wire_model import WireModel
from domain.booking.address_book import PartyEntryDraft

# What a party is usually used as on an order (hints that sort the choices, never a limit).
RoleHint = Literal["shipper", "consignee", "notify"]


class AddressBookBody(WireModel):
    """Shapes only (lengths generous); the rules and their messages live in domain/booking/address_book.py."""

    name: str | None = Field(default=None, max_length=1000)
    address: str | None = Field(default=None, max_length=2000)
    contact: str | None = Field(default=None, max_length=1000)
    phone_number: str | None = Field(default=None, max_length=200)
    email: str | None = Field(default=None, max_length=1000)
    roles: list[RoleHint] = Field(default=[], max_length=3)

    def draft(self) -> PartyEntryDraft:
        return PartyEntryDraft(**dict(self))


class AddressBookEntry(WireModel):
    id: str
    name: str
    address: str
    contact: str | None
    phone_number: str | None
    email: str | None
    roles: list[str]
    created_at: str
    updated_at: str


class AddressBookRemoved(WireModel):
    id: str
    done: bool


class CopyBody(WireModel):
    # The new booking's preferred shipping date (YYYY-MM-DD); absent: the original's, refused once passed.
    preferred_shipping_date: str | None = Field(default=None, max_length=40)

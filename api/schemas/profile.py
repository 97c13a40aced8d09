"""/account/api/v1/client/{type}-customers: the caller's own profile."""

from __future__ import annotations

from typing import Literal

from api.schemas.registration import CompanyFields, IndividualFields
from api.schemas.wire_model import WireModel
from domain.accounts.forms import IndividualProfileForm


class IndividualProfileBody(IndividualFields):
    id: str | int | None = None
    industry: str | None = None
    destinations: str | list[str] | None = None
    type_of_operation: str | None = None

    def form(self) -> IndividualProfileForm:
        return IndividualProfileForm(
            **self.model_dump(by_alias=False, exclude={"id"}),
            keeps_postal_code="postal_code" not in self.model_fields_set,
        )


class DomesticProfileBody(CompanyFields):
    economic_code: str | None = None
    registration_code: str | None = None


class ForeignProfileBody(CompanyFields):
    pass


class ProfileAccount(WireModel):
    id: str
    account_type: int
    username: str


class PendingEdit(WireModel):
    state: str
    state_code: int
    edited: dict[str, str | list[str]]
    decline_message: str | None


class Profile(WireModel):
    """One shape for the three account types: the keys a type does not have are absent."""

    account: ProfileAccount
    id: str
    edit_request: PendingEdit | None
    phone: str
    email: str
    address: str
    fax: str
    postal_code: str
    # Individuals: the profile entity spells `firstname`; the PUT sends `firstName`: both are given.
    firstname: str | None = None
    lastname: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    birth_date: str | None = None
    national_id: str | None = None
    industry: str | None = None
    destinations: str | list[str] | None = None
    type_of_operation: str | None = None
    # Companies.
    name: str | None = None
    contact_person: str | None = None
    national_code: str | None = None
    economic_code: str | None = None
    registration_code: str | None = None
    # Only in the answer to an update: whether it recorded anything.
    changed: bool | None = None


class EmailKindChoice(WireModel):
    """One kind of booking e-mail and whether the customer gets it."""

    kind: str
    label: str
    enabled: bool


class EmailPreferences(WireModel):
    kinds: list[EmailKindChoice]


class EmailPreferencesBody(WireModel):
    """The kinds of booking e-mail to turn off; every other kind is on."""

    muted: list[str]


class LanguageBody(WireModel):
    """The language of the portal, its e-mails and its notifications for the signed-in person."""

    language: Literal["en", "fa"]


class LanguageChoice(WireModel):
    language: Literal["en", "fa"]

"""/account/api/v1/client/{type}-customers: the caller's own profile."""

from __future__ import annotations

from pydantic import BaseModel

from domain.accounts.forms import CompanyForm, IndividualProfileForm


class IndividualProfileBody(BaseModel):
    id: str | int | None = None
    firstName: str | None = None
    lastName: str | None = None
    birthDate: str | None = None
    nationalId: str | None = None
    phone: str | None = None
    industry: str | None = None
    destinations: str | list[str] | None = None
    typeOfOperation: str | None = None
    fax: str | None = None
    email: str | None = None
    address: str | None = None
    postalCode: str | None = None

    def form(self) -> IndividualProfileForm:
        return IndividualProfileForm(
            first_name=self.firstName,
            last_name=self.lastName,
            birth_date=self.birthDate,
            national_id=self.nationalId,
            phone=self.phone,
            fax=self.fax,
            email=self.email,
            address=self.address,
            postal_code=self.postalCode,
            industry=self.industry,
            destinations=self.destinations,
            type_of_operation=self.typeOfOperation,
            keeps_postal_code="postalCode" not in self.model_fields_set,
        )


class DomesticProfileBody(BaseModel):
    name: str | None = None
    contactPerson: str | None = None
    economicCode: str | None = None
    registrationCode: str | None = None
    nationalCode: str | None = None
    fax: str | None = None
    address: str | None = None
    postalCode: str | None = None

    def form(self) -> CompanyForm:
        return CompanyForm(
            name=self.name,
            contact_person=self.contactPerson,
            economic_code=self.economicCode,
            registration_code=self.registrationCode,
            national_code=self.nationalCode,
            fax=self.fax,
            address=self.address,
            postal_code=self.postalCode,
        )


class ForeignProfileBody(BaseModel):
    name: str | None = None
    contactPerson: str | None = None
    nationalCode: str | None = None
    fax: str | None = None
    address: str | None = None
    postalCode: str | None = None

    def form(self) -> CompanyForm:
        return CompanyForm(
            name=self.name,
            contact_person=self.contactPerson,
            national_code=self.nationalCode,
            fax=self.fax,
            address=self.address,
            postal_code=self.postalCode,
        )


class ProfileAccount(BaseModel):
    id: str
    accountType: int
    username: str


class PendingEdit(BaseModel):
    state: str
    stateCode: int
    edited: dict[str, str | list[str]]
    declineMessage: str | None


class Profile(BaseModel):
    """One shape for the three account types: the keys a type does not have are absent."""

    account: ProfileAccount
    id: str
    editRequest: PendingEdit | None
    phone: str
    email: str
    address: str
    fax: str
    postalCode: str
    # Individuals: the profile entity spells `firstname`; the PUT sends `firstName`: both are given.
    firstname: str | None = None
    lastname: str | None = None
    firstName: str | None = None
    lastName: str | None = None
    birthDate: str | None = None
    nationalId: str | None = None
    industry: str | None = None
    destinations: str | list[str] | None = None
    typeOfOperation: str | None = None
    # Companies.
    name: str | None = None
    contactPerson: str | None = None
    nationalCode: str | None = None
    economicCode: str | None = None
    registrationCode: str | None = None
    # Only in the answer to an update: whether it recorded anything.
    changed: bool | None = None


class EmailKindChoice(BaseModel):
    """One kind of booking e-mail and whether the customer gets it."""

    kind: str
    label: str
    enabled: bool


class EmailPreferences(BaseModel):
    kinds: list[EmailKindChoice]


class EmailPreferencesBody(BaseModel):
    """The kinds of booking e-mail to turn off; every other kind is on."""

    muted: list[str]

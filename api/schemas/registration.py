"""/account/api/v1/client/*/register/*: sign-up of individuals, domestic and foreign companies."""

from __future__ import annotations

import dataclasses
from typing import Annotated

from api.mapping import REGISTER_COMPANY
from api.schemas.wire_model import WireModel, wire_keys
from api.schemas.wire_types import TypedDigits
from domain.accounts.forms import CompanyForm, IndividualForm


class StartBody(WireModel):
    national_id: str
    phone: str | None = None


class IndividualFields(WireModel):
    """A person's fields, signing up or editing the profile (a new field goes here once)."""

    first_name: str | None = None
    last_name: str | None = None
    birth_date: str | None = None
    national_id: str | None = None
    phone: str | None = None
    fax: str | None = None
    email: str | None = None
    address: str | None = None
    postal_code: str | None = None

    def form(self) -> IndividualForm:
        # Each field is the form's of the same name.
        return IndividualForm(**self.model_dump(by_alias=False, include=set(IndividualFields.model_fields)))


class IndividualBody(IndividualFields):
    pass


class CompanyFields(WireModel):
    """A company's fields every form of it has, signing up or editing the profile."""

    name: str | None = None
    contact_person: str | None = None
    national_code: str | None = None
    fax: str | None = None
    address: str | None = None
    postal_code: str | None = None

    def form(self) -> CompanyForm:
        # Each field is the form's of the same name (a subclass's too); the others are not the form's.
        return CompanyForm(
            **self.model_dump(by_alias=False, include=_COMPANY_FORM & set(type(self).model_fields))
        )


_COMPANY_FORM = {field.name for field in dataclasses.fields(CompanyForm)}


class CompanyBody(CompanyFields):
    # The specification spells a sign-up's economic code `econimicCode` (api/mapping.py's REGISTER_COMPANY).
    model_config = wire_keys(REGISTER_COMPANY)
    is_foreign: bool | None = None
    economic_code: str | None = None
    registration_code: str | None = None
    phone: str | None = None
    email: str | None = None


class VerifyBody(WireModel):
    national_id: str
    code: Annotated[str | int, TypedDigits]


class ResendIndividualBody(WireModel):
    national_id: str
    phone: str


class ResendDomesticBody(WireModel):
    national_code: str
    phone: str


class Started(WireModel):
    first_step: int
    verify: bool
    type: int
    is_foreign: bool
    national_id: str


class Finalized(WireModel):
    national_id: str
    state: str
    state_code: int
    verify: bool
    code_valid_seconds: int | None
    resend_after_seconds: int | None


class Verified(WireModel):
    national_id: str
    verified: bool
    state: str


class VerificationCodeResent(WireModel):
    """A new verification code sent to a customer signing up."""

    national_id: str
    code_valid_seconds: int
    resend_after_seconds: int

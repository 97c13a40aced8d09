"""/account/api/v1/client/*/register/*: sign-up of individuals, domestic and foreign companies."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel

from api.schemas.wire_types import PlainNumber
from domain.accounts.forms import CompanyForm, IndividualForm


class StartBody(BaseModel):
    nationalId: str
    phone: str | None = None


class IndividualBody(BaseModel):
    firstName: str | None = None
    lastName: str | None = None
    birthDate: str | None = None
    nationalId: str | None = None
    phone: str | None = None
    fax: str | None = None
    email: str | None = None
    address: str | None = None
    postalCode: str | None = None

    def form(self) -> IndividualForm:
        return IndividualForm(
            first_name=self.firstName,
            last_name=self.lastName,
            birth_date=self.birthDate,
            national_id=self.nationalId,
            phone=self.phone,
            fax=self.fax,
            email=self.email,
            address=self.address,
            postal_code=self.postalCode,
        )


class CompanyBody(BaseModel):
    # `econimicCode` is the specification's spelling of the wire key.
    isForeign: bool | None = None
    name: str | None = None
    contactPerson: str | None = None
    econimicCode: str | None = None
    registrationCode: str | None = None
    nationalCode: str | None = None
    phone: str | None = None
    fax: str | None = None
    email: str | None = None
    address: str | None = None
    postalCode: str | None = None

    def form(self) -> CompanyForm:
        return CompanyForm(
            name=self.name,
            contact_person=self.contactPerson,
            economic_code=self.econimicCode,
            registration_code=self.registrationCode,
            national_code=self.nationalCode,
            phone=self.phone,
            fax=self.fax,
            email=self.email,
            address=self.address,
            postal_code=self.postalCode,
        )


class VerifyBody(BaseModel):
    nationalId: str
    code: Annotated[str | int, PlainNumber]


class ResendIndividualBody(BaseModel):
    nationalId: str
    phone: str


class ResendDomesticBody(BaseModel):
    nationalCode: str
    phone: str


class Started(BaseModel):
    firstStep: int
    verify: bool
    type: int
    isForeign: bool
    nationalId: str


class Finalized(BaseModel):
    nationalId: str
    state: str
    stateCode: int
    verify: bool
    codeValidSeconds: int | None
    resendAfterSeconds: int | None


class Verified(BaseModel):
    nationalId: str
    verified: bool
    state: str


class VerificationCodeResent(BaseModel):
    """A new verification code sent to a customer signing up."""

    nationalId: str
    codeValidSeconds: int
    resendAfterSeconds: int

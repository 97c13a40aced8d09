"""/account/api/v1/admin: staff review of registrations and profile edit requests."""

from __future__ import annotations

from pydantic import BaseModel

from api.schemas.attention import NeedsAttention


class DeclineBody(BaseModel):
    message: str | None = None


class ApproveEditBody(BaseModel):
    nationalId: str
    foreign: bool | None = None


class DeclineEditBody(BaseModel):
    nationalId: str
    message: str | None = None


class RegistrationSummary(BaseModel):
    id: str
    registrationId: str
    nationalId: str
    kind: int
    isForeign: bool
    state: str
    stateCode: int
    stateLabel: str
    name: str
    phone: str
    email: str
    createdAt: str
    # Staff only, added to the specification's keys (issue 22): changes the screens could not take in.
    needsAttention: NeedsAttention | None


class RegistrationDetail(RegistrationSummary):
    """One shape for the kinds: the keys a kind does not have are absent."""

    declineMessage: str | None
    address: str
    postalCode: str
    fax: str
    # Individuals (`firstname`/`lastname` are the specification's keys of the admin view).
    firstname: str | None = None
    lastname: str | None = None
    birthDate: str | None = None
    # Companies (`registerationCode` is the specification's spelling in the admin view).
    contactPerson: str | None = None
    economicCode: str | None = None
    registerationCode: str | None = None
    nationalCode: str | None = None


class Decided(BaseModel):
    nationalId: str
    state: str
    stateCode: int


class EditDecided(BaseModel):
    nationalId: str
    state: str


class ReviewField(BaseModel):
    fieldName: str
    key: str
    currentValue: str | list[str] | None
    editedValue: str | list[str] | None
    isEdited: bool


class EditRequestSummary(BaseModel):
    id: str
    nationalId: str
    accountId: str
    accountType: int
    state: str
    stateCode: int
    declineMessage: str | None
    requestedAt: str | None
    editedFields: list[str]
    # The customer's name (a person's first and last name, a company's name; else the username).
    customerName: str


class EditRequest(BaseModel):
    # The specification's client reads the fields from `response.response`; `fields` carries the same.
    response: list[ReviewField]
    fields: list[ReviewField]
    id: str
    nationalId: str
    accountId: str
    accountType: int
    state: str
    stateCode: int
    declineMessage: str | None
    requestedAt: str | None

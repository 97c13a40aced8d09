"""/account/api/v1/admin: staff review of registrations and profile edit requests."""

from __future__ import annotations

from api.mapping import REGISTRATION_DETAIL
from api.schemas.attention import NeedsAttention
from api.schemas.wire_model import WireModel, wire_keys
from api.schemas.wire_types import StaffMessage


class DeclineBody(WireModel):
    message: StaffMessage | None = None


# `edited`: the edited values the review showed (each edited field's `key` and `editedValue`); another
# request now is a 409 (decision 3907). Left out, nothing is compared.
class ApproveEditBody(WireModel):
    national_id: str
    foreign: bool | None = None
    edited: dict[str, str | list[str] | None] | None = None


class DeclineEditBody(WireModel):
    national_id: str
    message: StaffMessage | None = None
    edited: dict[str, str | list[str] | None] | None = None


class RegistrationSummary(WireModel):
    id: str
    registration_id: str
    national_id: str
    kind: int
    is_foreign: bool
    state: str
    state_code: int
    state_label: str
    name: str
    phone: str
    email: str
    created_at: str
    # Staff only, added to the specification's keys: changes the screens could not take in.
    needs_attention: NeedsAttention | None


class RegistrationDetail(RegistrationSummary):
    """One shape for the kinds: the keys a kind does not have are absent."""

    # `firstname`, `lastname`, `registerationCode` on the wire (api/mapping.py's REGISTRATION_DETAIL).
    model_config = wire_keys(REGISTRATION_DETAIL)

    decline_message: str | None
    # Who accepted or declined it (a staff member's login name) and when; null until decided (decision 3911).
    decided_by: str | None
    decided_at: str | None
    address: str
    postal_code: str
    fax: str
    # Individuals.
    first_name: str | None = None
    last_name: str | None = None
    birth_date: str | None = None
    # Companies.
    contact_person: str | None = None
    economic_code: str | None = None
    registration_code: str | None = None
    national_code: str | None = None


class Decided(WireModel):
    national_id: str
    state: str
    state_code: int


class EditDecided(WireModel):
    national_id: str
    state: str


class ReviewField(WireModel):
    field_name: str
    key: str
    current_value: str | list[str] | None
    edited_value: str | list[str] | None
    is_edited: bool


# What a profile edit request's list row and its review both answer (no docstring: it would become the
# schema's description in the document).
class EditRequestFacts(WireModel):
    id: str
    national_id: str
    account_id: str
    account_type: int
    state: str
    state_code: int
    decline_message: str | None
    requested_at: str | None


class EditRequestSummary(EditRequestFacts):
    edited_fields: list[str]
    # The customer's name (a person's first and last name, a company's name; else the username).
    customer_name: str


class EditRequestFields(WireModel):
    # The specification's client reads the fields from `response.response`; `fields` carries the same.
    response: list[ReviewField]
    fields: list[ReviewField]


# The review: its fields first, then the request's facts, as the document has always listed them (pydantic
# collects fields from the last base listed to the first).
class EditRequest(EditRequestFacts, EditRequestFields):
    # Who approved or declined it as it stands (a staff member's login name) and when; null while it waits
    # (decision 3911).
    decided_by: str | None
    decided_at: str | None


class EraseBody(WireModel):
    reason: str


class ErasedSignUp(WireModel):
    national_id: str
    erased: bool
    keys_destroyed: int


class ErasedCustomer(WireModel):
    account_id: str
    erased: bool
    keys_destroyed: int

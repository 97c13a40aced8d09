"""The specification's validation rules (000 section 5) with its messages, server-side.

Validators take the wire payload (keys as the specification's client sends them, misspellings included) and
answer the canonical values the aggregates keep, or raise `ValidationFailed` naming bad fields by wire key.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from domain.accounts.account import DOMESTIC_COMPANY, FOREIGN_COMPANY, INDIVIDUAL
from domain.shared.errors import ValidationFailed

REQUIRED = "This field is required."
GENERIC_REQUIRED = "Required"
MAX_TEXT = 200

PHONE = re.compile(r"^09\d{9}$")
FAX = re.compile(r"^0\d{2}\d{8}$")
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
BIRTH_DATE = re.compile(r"^(\d{4})/(\d{2})/(\d{2})$")
IDENTITY = re.compile(r"^[A-Za-z0-9-]{4,32}$")

# Canonical profile fields per account type, in the order screens show them.
PROFILE_FIELDS: dict[int, tuple[str, ...]] = {
    INDIVIDUAL: (
        "firstName",
        "lastName",
        "birthDate",
        "nationalId",
        "phone",
        "email",
        "address",
        "postalCode",
        "fax",
        "industry",
        "destinations",
        "typeOfOperation",
    ),
    DOMESTIC_COMPANY: (
        "name",
        "contactPerson",
        "economicCode",
        "registrationCode",
        "nationalCode",
        "email",
        "phone",
        "fax",
        "address",
        "postalCode",
    ),
    FOREIGN_COMPANY: (
        "name",
        "contactPerson",
        "nationalCode",
        "email",
        "phone",
        "fax",
        "address",
        "postalCode",
    ),
}
# The field that holds the account's username (national id or company id): never edited by a profile update.
IDENTITY_FIELD = {INDIVIDUAL: "nationalId", DOMESTIC_COMPANY: "nationalCode", FOREIGN_COMPANY: "nationalCode"}


def text(value: Any) -> str:
    return "" if value is None else str(value).strip()


class _Checker:
    def __init__(self, payload: Mapping[str, Any]) -> None:
        self.payload = payload
        self.errors: dict[str, str] = {}
        self.values: dict[str, Any] = {}

    def field(
        self,
        wire: str,
        canonical: str | None = None,
        *,
        required: str | None = GENERIC_REQUIRED,
        min_length: tuple[int, str] | None = None,
        exact_length: tuple[int, str] | None = None,
        pattern: tuple[re.Pattern[str], str] | None = None,
    ) -> None:
        value = text(self.payload.get(wire))
        self.values[canonical or wire] = value
        if not value:
            if required is not None:
                self.errors[wire] = required
            return
        if len(value) > MAX_TEXT:
            self.errors[wire] = f"String must contain at most {MAX_TEXT} character(s)"
        elif min_length and len(value) < min_length[0]:
            self.errors[wire] = min_length[1]
        elif exact_length and len(value) != exact_length[0]:
            self.errors[wire] = exact_length[1]
        elif pattern and not pattern[0].match(value):
            self.errors[wire] = pattern[1]

    def done(self) -> dict[str, Any]:
        if self.errors:
            raise ValidationFailed(self.errors)
        return self.values


def identity(value: Any, wire: str = "nationalId", required: str = "required field") -> str:
    """A national id or company id: it names an account and appears in paths."""
    number = text(value)
    if not number:
        raise ValidationFailed({wire: required})
    if not IDENTITY.match(number):
        raise ValidationFailed({wire: "Invalid national code."})
    return number


def phone(value: Any, wire: str = "phone") -> str:
    number = text(value)
    if not number:
        raise ValidationFailed({wire: "Phone number is required."})
    if not PHONE.match(number):
        raise ValidationFailed({wire: "Invalid phone number."})
    return number


def _valid_birth_date(value: str) -> bool:
    match = BIRTH_DATE.match(value)
    if not match:
        return False
    _, month, day = (int(part) for part in match.groups())
    return 1 <= month <= 12 and 1 <= day <= 31


def _individual(payload: Mapping[str, Any], *, postal_required: bool) -> dict[str, Any]:
    check = _Checker(payload)
    check.field("firstName")
    check.field("lastName")
    check.field("birthDate")
    if "birthDate" not in check.errors and not _valid_birth_date(check.values["birthDate"]):
        check.errors["birthDate"] = "Invalid date"
    check.field("nationalId", required="required field", pattern=(IDENTITY, "Invalid national code."))
    check.field("phone", pattern=(PHONE, "Invalid phone number."))
    check.field("fax", pattern=(FAX, "fax invalid"))
    check.field("email", pattern=(EMAIL, "Invalid email"))
    check.field("address", min_length=(8, "String must contain at least 8 character(s)"))
    check.field(
        "postalCode",
        required=GENERIC_REQUIRED if postal_required else None,
        exact_length=(10, "String must contain exactly 10 character(s)"),
    )
    return check.done()


def individual_registration(payload: Mapping[str, Any]) -> dict[str, Any]:
    values = _individual(payload, postal_required=True)
    return {**values, "industry": "", "destinations": "", "typeOfOperation": ""}


def _company(check: _Checker, *, foreign: bool) -> None:
    check.field(
        "name",
        required="Company name is required.",
        min_length=(4, "Company name must be at least 4 characters."),
    )
    if foreign:
        check.field("contactPerson", required="Contact person is required.")
    else:
        check.field(
            "contactPerson",
            required="Contact person is required.",
            min_length=(4, "Contact person must be at least 4 characters."),
        )
    check.field(
        "nationalCode", required="Invalid national code.", pattern=(IDENTITY, "Invalid national code.")
    )
    check.field("email", required="Email is required.", pattern=(EMAIL, "Invalid email address."))
    check.field(
        "address", required="Address is required.", min_length=(8, "Address must be at least 8 characters.")
    )
    check.field("postalCode", required="Invalid postal code.", min_length=(10, "Invalid postal code."))


def domestic_registration(payload: Mapping[str, Any]) -> dict[str, Any]:
    # `econimicCode` is the specification's spelling of the wire key.
    check = _Checker(payload)
    _company(check, foreign=False)
    check.field(
        "econimicCode",
        "economicCode",
        required="Invalid economic code.",
        min_length=(11, "Invalid economic code."),
    )
    check.field(
        "registrationCode",
        required="Invalid registration number.",
        min_length=(6, "Invalid registration number."),
    )
    check.field("phone", required="Phone number is required.", pattern=(PHONE, "Invalid phone number."))
    check.field("fax", required="Invalid fax number.", pattern=(FAX, "Invalid fax number."))
    return check.done()


def foreign_registration(payload: Mapping[str, Any]) -> dict[str, Any]:
    check = _Checker(payload)
    _company(check, foreign=True)
    check.field("phone", required="Phone number is required.", pattern=(PHONE, "Invalid phone number."))
    check.field("fax", required=None, pattern=(FAX, "Invalid fax number format"))
    return check.done()


def _keep_identity(values: dict[str, Any], current: Mapping[str, Any], account_type: int, wire: str) -> None:
    key = IDENTITY_FIELD[account_type]
    given = values.get(key)
    if given and given != current.get(key):
        raise ValidationFailed({wire: "The national id names the account and cannot be changed"})
    values[key] = current.get(key, "")


def profile_update(
    account_type: int, payload: Mapping[str, Any], current: Mapping[str, Any]
) -> dict[str, Any]:
    """The full profile a PUT asks for: validated sent values, current ones for fields it does not carry."""
    if account_type == INDIVIDUAL:
        values = _individual({"postalCode": current.get("postalCode"), **payload}, postal_required=False)
        for optional in ("industry", "destinations", "typeOfOperation"):
            raw = payload.get(optional)
            values[optional] = raw if isinstance(raw, list) else text(raw)
        if values["typeOfOperation"] and values["typeOfOperation"] not in ("Export", "Import"):
            raise ValidationFailed({"typeOfOperation": "Invalid enum value. Expected 'Export' | 'Import'"})
        _keep_identity(values, current, account_type, "nationalId")
    else:
        check = _Checker(payload)
        check.field(
            "name",
            required="Company name is required.",
            min_length=(4, "Company name must be at least 4 characters."),
        )
        check.field(
            "contactPerson",
            required="Contact person is required.",
            min_length=(4, "Contact person must be at least 4 characters.")
            if account_type == DOMESTIC_COMPANY
            else None,
        )
        check.field("nationalCode", required=None, pattern=(IDENTITY, "Invalid national code."))
        check.field(
            "address",
            required="Address is required.",
            min_length=(8, "Address must be at least 8 characters."),
        )
        check.field("postalCode", required="Invalid postal code.", min_length=(10, "Invalid postal code."))
        if account_type == DOMESTIC_COMPANY:
            check.field(
                "economicCode", required="Invalid economic code.", min_length=(11, "Invalid economic code.")
            )
            check.field(
                "registrationCode",
                required="Invalid registration number.",
                min_length=(6, "Invalid registration number."),
            )
            check.field("fax", required="Invalid fax number.", pattern=(FAX, "Invalid fax number."))
        else:
            check.field("fax", required=None, pattern=(FAX, "Invalid fax number format"))
        values = check.done()
        _keep_identity(values, current, account_type, "nationalCode")
    # Fields the type's PUT does not carry (e-mail and phone of companies) keep their current value.
    return {key: values.get(key, current.get(key, "")) for key in PROFILE_FIELDS[account_type]}


def new_password(new: Any, confirm: Any, current: Any | None = None, *, with_current: bool = False) -> str:
    errors: dict[str, str] = {}
    if with_current and not text(current) and current in (None, ""):
        errors["currentPassword"] = REQUIRED
    password = "" if new is None else str(new)
    if len(password) < 8:
        errors["newPassword"] = REQUIRED
    elif not any(c.isupper() for c in password):
        errors["newPassword"] = "Password must include an uppercase letter"
    elif not any(c.isdigit() for c in password):
        errors["newPassword"] = "Password must include a number"
    elif len(password) > 128:
        errors["newPassword"] = "String must contain at most 128 character(s)"
    if confirm is None or confirm == "":
        errors["confirmNewPassword"] = REQUIRED
    elif confirm != password:
        errors["confirmNewPassword"] = "Passwords do not match"
    if errors:
        raise ValidationFailed(errors)
    return password


def decline_message(message: Any) -> str:
    value = text(message)
    if not value:
        raise ValidationFailed({"message": GENERIC_REQUIRED})
    if len(value) > 2000:
        raise ValidationFailed({"message": "String must contain at most 2000 character(s)"})
    return value

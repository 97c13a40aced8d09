"""The specification's validation rules (000 section 5) with its messages, server-side.

Validators take the wire payload (keys as the specification's client sends them, misspellings included) and
answer the canonical values the aggregates keep, or raise `ValidationFailed` naming bad fields by wire key.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, date, datetime
from typing import Any

from domain.accounts.account import DOMESTIC_COMPANY, FOREIGN_COMPANY, INDIVIDUAL
from domain.shared import jalali
from domain.shared.errors import ValidationFailed
from domain.shared.messages import message

REQUIRED = message("common.required")
GENERIC_REQUIRED = message("common.requiredShort")
MAX_TEXT = 200

PHONE = re.compile(r"^09[0-9]{9}\Z")
FAX = re.compile(r"^0[0-9]{2}[0-9]{8}\Z")
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+\Z")
BIRTH_DATE = re.compile(r"^([0-9]{4})/([0-9]{2})/([0-9]{2})\Z")
IDENTITY = re.compile(r"^[A-Za-z0-9-]{4,32}\Z")

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
            self.errors[wire] = message("common.text.max", max=MAX_TEXT)
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


def identity(
    value: Any, wire: str = "nationalId", required: str = message("accounts.identity.required")
) -> str:
    """A national id or company id: it names an account and appears in paths."""
    number = text(value)
    if not number:
        raise ValidationFailed({wire: required})
    if not IDENTITY.match(number):
        raise ValidationFailed({wire: message("accounts.identity.invalid")})
    return number


def phone(value: Any, wire: str = "phone") -> str:
    number = text(value)
    if not number:
        raise ValidationFailed({wire: message("accounts.phone.required")})
    if not PHONE.match(number):
        raise ValidationFailed({wire: message("accounts.phone.invalid")})
    return number


# The oldest birth year taken (1921); anything earlier is a typing slip, not a customer.
FIRST_BIRTH_YEAR = 1300


def _valid_birth_date(value: str, today: date | None = None) -> bool:
    """A Jalali date that exists and lies in the past."""
    match = BIRTH_DATE.match(value)
    if not match:
        return False
    year, month, day = (int(part) for part in match.groups())
    if year < FIRST_BIRTH_YEAR or not jalali.exists(year, month, day):
        return False
    return jalali.to_gregorian(year, month, day) < (today or datetime.now(UTC).date())


def _individual(payload: Mapping[str, Any], *, postal_required: bool) -> dict[str, Any]:
    check = _Checker(payload)
    check.field("firstName")
    check.field("lastName")
    check.field("birthDate")
    if "birthDate" not in check.errors and not _valid_birth_date(check.values["birthDate"]):
        check.errors["birthDate"] = message("accounts.birthDate.invalid")
    check.field(
        "nationalId",
        required=message("accounts.identity.required"),
        pattern=(IDENTITY, message("accounts.identity.invalid")),
    )
    check.field("phone", pattern=(PHONE, message("accounts.phone.invalid")))
    check.field("fax", pattern=(FAX, message("accounts.fax.invalid")))
    check.field("email", pattern=(EMAIL, message("accounts.email.invalid")))
    check.field("address", min_length=(8, message("common.text.min", min=8)))
    check.field(
        "postalCode",
        required=GENERIC_REQUIRED if postal_required else None,
        exact_length=(10, message("common.text.exact", length=10)),
    )
    return check.done()


def individual_registration(payload: Mapping[str, Any]) -> dict[str, Any]:
    values = _individual(payload, postal_required=True)
    return {**values, "industry": "", "destinations": "", "typeOfOperation": ""}


def _company(check: _Checker, *, foreign: bool) -> None:
    check.field(
        "name",
        required=message("accounts.companyName.required"),
        min_length=(4, message("accounts.companyName.min")),
    )
    if foreign:
        check.field("contactPerson", required=message("accounts.contactPerson.required"))
    else:
        check.field(
            "contactPerson",
            required=message("accounts.contactPerson.required"),
            min_length=(4, message("accounts.contactPerson.min")),
        )
    check.field(
        "nationalCode",
        required=message("accounts.identity.invalid"),
        pattern=(IDENTITY, message("accounts.identity.invalid")),
    )
    check.field(
        "email",
        required=message("accounts.email.required"),
        pattern=(EMAIL, message("accounts.email.invalidAddress")),
    )
    check.field(
        "address",
        required=message("accounts.address.required"),
        min_length=(8, message("accounts.address.min")),
    )
    check.field(
        "postalCode",
        required=message("accounts.postalCode.invalid"),
        min_length=(10, message("accounts.postalCode.invalid")),
    )


def domestic_registration(payload: Mapping[str, Any]) -> dict[str, Any]:
    # `econimicCode` is the specification's spelling of the wire key.
    check = _Checker(payload)
    _company(check, foreign=False)
    check.field(
        "econimicCode",
        "economicCode",
        required=message("accounts.economicCode.invalid"),
        min_length=(11, message("accounts.economicCode.invalid")),
    )
    check.field(
        "registrationCode",
        required=message("accounts.registrationCode.invalid"),
        min_length=(6, message("accounts.registrationCode.invalid")),
    )
    check.field(
        "phone",
        required=message("accounts.phone.required"),
        pattern=(PHONE, message("accounts.phone.invalid")),
    )
    check.field(
        "fax",
        required=message("accounts.fax.invalidNumber"),
        pattern=(FAX, message("accounts.fax.invalidNumber")),
    )
    return check.done()


def foreign_registration(payload: Mapping[str, Any]) -> dict[str, Any]:
    check = _Checker(payload)
    _company(check, foreign=True)
    check.field(
        "phone",
        required=message("accounts.phone.required"),
        pattern=(PHONE, message("accounts.phone.invalid")),
    )
    check.field("fax", required=None, pattern=(FAX, message("accounts.fax.invalidFormat")))
    return check.done()


def _keep_identity(values: dict[str, Any], current: Mapping[str, Any], account_type: int, wire: str) -> None:
    key = IDENTITY_FIELD[account_type]
    given = values.get(key)
    if given and given != current.get(key):
        raise ValidationFailed({wire: message("accounts.identity.fixed")})
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
            raise ValidationFailed({"typeOfOperation": message("accounts.typeOfOperation.enum")})
        _keep_identity(values, current, account_type, "nationalId")
    else:
        check = _Checker(payload)
        check.field(
            "name",
            required=message("accounts.companyName.required"),
            min_length=(4, message("accounts.companyName.min")),
        )
        check.field(
            "contactPerson",
            required=message("accounts.contactPerson.required"),
            min_length=(4, message("accounts.contactPerson.min"))
            if account_type == DOMESTIC_COMPANY
            else None,
        )
        check.field("nationalCode", required=None, pattern=(IDENTITY, message("accounts.identity.invalid")))
        check.field(
            "address",
            required=message("accounts.address.required"),
            min_length=(8, message("accounts.address.min")),
        )
        check.field(
            "postalCode",
            required=message("accounts.postalCode.invalid"),
            min_length=(10, message("accounts.postalCode.invalid")),
        )
        if account_type == DOMESTIC_COMPANY:
            check.field(
                "economicCode",
                required=message("accounts.economicCode.invalid"),
                min_length=(11, message("accounts.economicCode.invalid")),
            )
            check.field(
                "registrationCode",
                required=message("accounts.registrationCode.invalid"),
                min_length=(6, message("accounts.registrationCode.invalid")),
            )
            check.field(
                "fax",
                required=message("accounts.fax.invalidNumber"),
                pattern=(FAX, message("accounts.fax.invalidNumber")),
            )
        else:
            check.field("fax", required=None, pattern=(FAX, message("accounts.fax.invalidFormat")))
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
        errors["newPassword"] = message("accounts.password.uppercase")
    elif not any(c.isdigit() for c in password):
        errors["newPassword"] = message("accounts.password.digit")
    elif len(password) > 128:
        errors["newPassword"] = message("common.text.max", max=128)
    if confirm is None or confirm == "":
        errors["confirmNewPassword"] = REQUIRED
    elif confirm != password:
        errors["confirmNewPassword"] = message("accounts.password.mismatch")
    if errors:
        raise ValidationFailed(errors)
    return password


def decline_message(given: Any) -> str:
    value = text(given)
    if not value:
        raise ValidationFailed({"message": GENERIC_REQUIRED})
    if len(value) > 2000:
        raise ValidationFailed({"message": message("common.text.max", max=2000)})
    return value

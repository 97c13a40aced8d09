"""The specification's validation rules (000 section 5) with its messages, server-side.

Validators take a typed form (the API builds it from the request body, api/mapping.py) and answer the profile
record the aggregates keep, or raise `ValidationFailed` naming bad fields by the forms' own names
(`first_name`, `economic_code`); the API names the wire's key for each.

The profile record's keys (`firstName`, `economicCode`, ...) are the stored format that events have carried
since the first one: `RECORD_KEYS` is the one place that names them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from typing import Any

from domain.accounts.account import DOMESTIC_COMPANY, FOREIGN_COMPANY, INDIVIDUAL
from domain.accounts.guessable import too_guessable
from domain.accounts.iranian_ids import is_legal_id, is_national_code
from domain.shared import jalali
from domain.shared.digits import latin_digits
from domain.shared.errors import ValidationFailed
from domain.shared.messages import message
from domain.shared.phone import MOBILE, PHONE_SOURCE, iranian_mobile
from domain.shared.text_limits import STAFF_MESSAGE_MAX

REQUIRED = message("common.required")
GENERIC_REQUIRED = message("common.requiredShort")
MAX_TEXT = 200

PHONE = MOBILE
# A foreign company's phone: international as people write it ("+49 40 1234 5678", "+1 (212) 555-0100",
# "0044 20 7946 0958"): an optional "+", 7 to 15 digits (E.164's most), single spaces, dots, dashes or
# parentheses between them. The web form's FOREIGN_PHONE_PATTERN is this same source (a test compares them).
FOREIGN_PHONE_SOURCE = PHONE_SOURCE  # domain/shared/phone.py: one rule for every phone
FOREIGN_PHONE = re.compile(FOREIGN_PHONE_SOURCE)
# A foreign company's postal code, in its own country's format: the specification's 10-character rule is
# Iran's. The forms carry no country, so the rule is what postal codes share the world over (Hamburg "20095",
# London "SW1A 1AA", New York "10001", Paris "75008", "1010 AB", "100-0001"): 3 to 10 letters and digits,
# with single spaces or dashes between them. The web form's FOREIGN_POSTAL_CODE_PATTERN is this same source.
FOREIGN_POSTAL_CODE_SOURCE = r"^(?=.{3,10}$)[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$"
FOREIGN_POSTAL_CODE = re.compile(FOREIGN_POSTAL_CODE_SOURCE)
FAX = re.compile(r"^0[0-9]{2}[0-9]{8}\Z")
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+\Z")
BIRTH_DATE = re.compile(r"^([0-9]{4})/([0-9]{2})/([0-9]{2})\Z")
IDENTITY = re.compile(r"^[A-Za-z0-9-]{4,32}\Z")
# Iran's postal, economic and registration codes are digits only.
DIGITS = re.compile(r"^[0-9]+\Z")
# The fields that hold digits: Persian or Arabic-Indic digits typed there are read and kept as Latin ones
# (record 3001). Names and addresses keep the digits as typed.
DIGIT_FIELDS = frozenset(
    {
        "birth_date",
        "national_id",
        "national_code",
        "phone",
        "fax",
        "postal_code",
        "economic_code",
        "registration_code",
    }
)

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
# Form field -> the profile record's key (the stored format; see the module's note).
RECORD_KEYS: dict[str, str] = {
    "first_name": "firstName",
    "last_name": "lastName",
    "birth_date": "birthDate",
    "national_id": "nationalId",
    "phone": "phone",
    "email": "email",
    "address": "address",
    "postal_code": "postalCode",
    "fax": "fax",
    "industry": "industry",
    "destinations": "destinations",
    "type_of_operation": "typeOfOperation",
    "name": "name",
    "contact_person": "contactPerson",
    "economic_code": "economicCode",
    "registration_code": "registrationCode",
    "national_code": "nationalCode",
}


# -- forms: what the customer sent, typed but not yet checked --------------------------------------------
@dataclass(frozen=True)
class ContactForm:
    """Where an account of any type is reached: every form's contact fields."""

    phone: str | None = None
    fax: str | None = None
    email: str | None = None
    address: str | None = None
    postal_code: str | None = None


@dataclass(frozen=True)
class IndividualForm(ContactForm):
    first_name: str | None = None
    last_name: str | None = None
    birth_date: str | None = None
    national_id: str | None = None


@dataclass(frozen=True)
class CompanyForm(ContactForm):
    """A domestic or foreign company's registration or profile (the fields a type does not use are None)."""

    name: str | None = None
    contact_person: str | None = None
    economic_code: str | None = None
    registration_code: str | None = None
    national_code: str | None = None


@dataclass(frozen=True)
class IndividualProfileForm(IndividualForm):
    industry: str | None = None
    destinations: str | list[str] | None = None
    type_of_operation: str | None = None
    # A profile update that does not send the postal code keeps the current one.
    keeps_postal_code: bool = False


ProfileForm = IndividualProfileForm | CompanyForm


# The field that holds the account's username (national id or company id): never edited by a profile update.
IDENTITY_FIELD = {
    INDIVIDUAL: "national_id",
    DOMESTIC_COMPANY: "national_code",
    FOREIGN_COMPANY: "national_code",
}


def text(value: Any) -> str:
    return "" if value is None else str(value).strip()


class _Checker:
    def __init__(self, form: object) -> None:
        self.form = form
        self.errors: dict[str, str] = {}
        self.values: dict[str, Any] = {}

    def field(
        self,
        name: str,
        *,
        required: str | None = GENERIC_REQUIRED,
        min_length: tuple[int, str] | None = None,
        exact_length: tuple[int, str] | None = None,
        pattern: tuple[re.Pattern[str], str] | None = None,
        normalise: Callable[[str], str] | None = None,
    ) -> None:
        value = text(getattr(self.form, name))
        if name in DIGIT_FIELDS:
            value = latin_digits(value)
        if normalise is not None:
            value = normalise(value)
        self.values[name] = value
        if not value:
            if required is not None:
                self.errors[name] = required
            return
        if len(value) > MAX_TEXT:
            self.errors[name] = message("common.text.max", max=MAX_TEXT)
        elif min_length and len(value) < min_length[0]:
            self.errors[name] = min_length[1]
        elif exact_length and len(value) != exact_length[0]:
            self.errors[name] = exact_length[1]
        elif pattern and not pattern[0].match(value):
            self.errors[name] = pattern[1]

    # The rules more than one form applies, each written once: one wording for one rule.
    def phone(self, pattern: re.Pattern[str] = PHONE) -> None:
        # The Iranian mobile is kept in one form whatever spaces or +98 the person typed; a foreign company's
        # number is kept as written (the rule's message names the form each expects).
        mobile = pattern is PHONE
        rule = message("accounts.phone.invalid") if mobile else message("accounts.phone.foreignInvalid")
        self.field(
            "phone",
            required=message("accounts.phone.required"),
            pattern=(pattern, rule),
            normalise=iranian_mobile if mobile else None,
        )

    def fax(self, foreign: bool = False) -> None:
        # Optional on every form: few people, and fewer individuals, still have a fax. A foreign company's is
        # international, as its phone is.
        rule = (
            (FOREIGN_PHONE, message("accounts.fax.foreignInvalid"))
            if foreign
            else (FAX, message("accounts.fax.invalid"))
        )
        self.field("fax", required=None, pattern=rule)

    def email(self) -> None:
        self.field(
            "email",
            required=message("accounts.email.required"),
            pattern=(EMAIL, message("accounts.email.invalid")),
        )

    def at_least(self, name: str, length: int | None, required: str, short: str | None = None) -> None:
        """A required field of `length` characters at the least: `required` said when it is empty, `short`
        (else the same words) when it is shorter."""
        rule = None if length is None else (length, short or required)
        self.field(name, required=required, min_length=rule)

    def address(self) -> None:
        self.at_least("address", 8, message("accounts.address.required"), message("accounts.address.min"))

    def company_name(self) -> None:
        self.at_least(
            "name", 4, message("accounts.companyName.required"), message("accounts.companyName.min")
        )

    def contact_person(self, *, min_length: bool) -> None:
        length = 4 if min_length else None
        self.at_least(
            "contact_person",
            length,
            message("accounts.contactPerson.required"),
            message("accounts.contactPerson.min"),
        )

    def at_least_digits(self, name: str, length: int, wording: str) -> None:
        """A required field of `length` digits at the least, `wording` said when it is not."""
        self.field(name, required=wording, min_length=(length, wording), pattern=(DIGITS, wording))

    def economic_code(self) -> None:
        self.at_least_digits("economic_code", 11, message("accounts.economicCode.invalid"))

    def registration_code(self) -> None:
        self.at_least_digits("registration_code", 6, message("accounts.registrationCode.invalid"))

    def identity_check_digit(self, name: str, account_type: int) -> None:
        """A new account's Iranian identifier, well formed so far, whose check digit must hold."""
        if name not in self.errors and self.values.get(name):
            refusal = iranian_identity_refusal(account_type, self.values[name])
            if refusal is not None:
                self.errors[name] = refusal

    def done(self) -> dict[str, Any]:
        if self.errors:
            raise ValidationFailed(self.errors)
        return self.values


def _record(values: Mapping[str, Any]) -> dict[str, Any]:
    return {RECORD_KEYS[name]: value for name, value in values.items()}


def identity(
    value: Any,
    field: str = "national_id",
    required: str = message("accounts.identity.required"),
    *,
    signing_up: int | None = None,
) -> str:
    """A national id or company id: it names an account and appears in paths. `signing_up` (an account type)
    marks a new one: an Iranian one's check digit must hold. Without it (logging in, a reset, a stored sign-up
    named) any id is read as before: accounts stored before the rule keep working."""
    number = latin_digits(text(value))
    if not number:
        raise ValidationFailed({field: required})
    if not IDENTITY.match(number):
        raise ValidationFailed({field: message("accounts.identity.invalid")})
    refusal = None if signing_up is None else iranian_identity_refusal(signing_up, number)
    if refusal is not None:
        raise ValidationFailed({field: refusal})
    return number


def iranian_identity_refusal(account_type: int, number: str) -> str | None:
    """Why a new account of `account_type` cannot be named `number` (record 3903): a person's national code or
    a domestic company's national ID whose check digit does not hold; None when it may. A foreign company's
    ID is its own country's, free-form."""
    if account_type == INDIVIDUAL and not is_national_code(number):
        return message("accounts.identity.nationalCodeCheck")
    if account_type == DOMESTIC_COMPANY and not is_legal_id(number):
        return message("accounts.identity.legalIdCheck")
    return None


def phone(value: Any, field: str = "phone") -> str:
    number = iranian_mobile(text(value))
    if not number:
        raise ValidationFailed({field: message("accounts.phone.required")})
    if not PHONE.match(number):
        raise ValidationFailed({field: message("accounts.phone.invalid")})
    return number


# The oldest birth year taken (1921); anything earlier is a typing slip, not a customer.
FIRST_BIRTH_YEAR = 1300
# A birth date lies within this many years before today (a sane window for the field).
OLDEST_AGE_YEARS = 120


def _valid_birth_date(value: str, today: date | None = None) -> bool:
    """A Jalali date that exists, lies in the past and at most `OLDEST_AGE_YEARS` before today."""
    match = BIRTH_DATE.match(value)
    if not match:
        return False
    year, month, day = (int(part) for part in match.groups())
    today = today or datetime.now(UTC).date()
    # Jalali years run 621 or 622 behind Gregorian ones: a year past today's is refused before converting
    # (9999 would convert beyond what a date holds).
    if year < FIRST_BIRTH_YEAR or year > today.year - 620 or not jalali.exists(year, month, day):
        return False
    born = jalali.to_gregorian(year, month, day)
    return today.replace(year=today.year - OLDEST_AGE_YEARS, day=min(today.day, 28)) <= born < today


def _individual(form: IndividualForm, *, postal_required: bool, signing_up: bool) -> dict[str, Any]:
    check = _Checker(form)
    check.field("first_name")
    check.field("last_name")
    check.field("birth_date")
    if "birth_date" not in check.errors and not _valid_birth_date(check.values["birth_date"]):
        check.errors["birth_date"] = message("accounts.birthDate.invalid")
    check.field(
        "national_id",
        required=message("accounts.identity.required"),
        pattern=(IDENTITY, message("accounts.identity.invalid")),
    )
    if signing_up:
        check.identity_check_digit("national_id", INDIVIDUAL)
    # Phone, fax, e-mail and address say what the company forms say: one wording for one rule.
    check.phone()
    check.fax()
    check.email()
    check.address()
    check.field(
        "postal_code",
        required=GENERIC_REQUIRED if postal_required else None,
        exact_length=(10, message("common.text.exact", length=10)),
        pattern=(DIGITS, message("accounts.postalCode.invalid")),
    )
    return check.done()


def individual_registration(form: IndividualForm) -> dict[str, Any]:
    values = _individual(form, postal_required=True, signing_up=True)
    return _record({**values, "industry": "", "destinations": "", "type_of_operation": ""})


def _company(check: _Checker, *, foreign: bool) -> None:
    check.company_name()
    check.contact_person(min_length=not foreign)
    check.field(
        "national_code",
        required=message("accounts.identity.invalid"),
        pattern=(IDENTITY, message("accounts.identity.invalid")),
    )
    check.email()
    check.address()
    _company_postal_code(check, foreign=foreign)


def _company_postal_code(check: _Checker, *, foreign: bool) -> None:
    """Iran's 10 characters for a domestic company; its own country's format for a foreign one."""
    if foreign:
        check.field(
            "postal_code",
            required=message("accounts.postalCode.invalid"),
            pattern=(FOREIGN_POSTAL_CODE, message("accounts.postalCode.invalid")),
        )
    else:
        check.at_least_digits("postal_code", 10, message("accounts.postalCode.invalid"))


def domestic_registration(form: CompanyForm) -> dict[str, Any]:
    check = _Checker(form)
    _company(check, foreign=False)
    check.identity_check_digit("national_code", DOMESTIC_COMPANY)
    check.economic_code()
    check.registration_code()
    check.phone()
    check.fax()
    return _record(check.done())


def foreign_registration(form: CompanyForm) -> dict[str, Any]:
    check = _Checker(form)
    _company(check, foreign=True)
    check.phone(FOREIGN_PHONE)
    check.fax(foreign=True)
    return _record(check.done())


def _keep_identity(values: dict[str, Any], current: Mapping[str, Any], account_type: int) -> None:
    name = IDENTITY_FIELD[account_type]
    key = RECORD_KEYS[name]
    given = values.get(name)
    if given and given != current.get(key):
        raise ValidationFailed({name: message("accounts.identity.fixed")})
    values[name] = current.get(key, "")


def profile_update(account_type: int, form: ProfileForm, current: Mapping[str, Any]) -> dict[str, Any]:
    """The full profile a PUT asks for: validated sent values, current ones for fields it does not carry."""
    if account_type == INDIVIDUAL:
        if not isinstance(form, IndividualProfileForm):
            raise TypeError("an individual's profile update is an IndividualProfileForm")
        if form.keeps_postal_code:
            form = replace(form, postal_code=current.get("postalCode"))
        # The national id is the account's name and never changes here (_keep_identity): one stored before
        # the check-digit rule is sent back as it is and still taken.
        values = _individual(form, postal_required=False, signing_up=False)
        values["industry"] = text(form.industry)
        destinations = form.destinations
        values["destinations"] = destinations if isinstance(destinations, list) else text(destinations)
        values["type_of_operation"] = text(form.type_of_operation)
        if values["type_of_operation"] and values["type_of_operation"] not in ("Export", "Import"):
            raise ValidationFailed({"type_of_operation": message("accounts.typeOfOperation.enum")})
        _keep_identity(values, current, account_type)
    else:
        check = _Checker(form)
        check.company_name()
        check.contact_person(min_length=account_type == DOMESTIC_COMPANY)
        check.field("national_code", required=None, pattern=(IDENTITY, message("accounts.identity.invalid")))
        check.address()
        _company_postal_code(check, foreign=account_type == FOREIGN_COMPANY)
        if account_type == DOMESTIC_COMPANY:
            check.economic_code()
            check.registration_code()
        check.fax(foreign=account_type == FOREIGN_COMPANY)
        values = check.done()
        _keep_identity(values, current, account_type)
    # Fields the type's PUT does not carry (e-mail and phone of companies) keep their current value.
    record = _record(values)
    return {key: record.get(key, current.get(key, "")) for key in PROFILE_FIELDS[account_type]}


def new_password(
    new: Any,
    confirm: Any,
    current: Any | None = None,
    *,
    with_current: bool = False,
    related: Iterable[str] = (),
) -> str:
    """A new password, checked; `related` are the account's own words (its username) it may not be made of."""
    errors: dict[str, str] = {}
    if with_current and not text(current) and current in (None, ""):
        errors["current_password"] = REQUIRED
    password = "" if new is None else str(new)
    if not password:
        errors["new_password"] = REQUIRED
    elif len(password) < 8:  # the rule said, not "required" for a password that is there
        errors["new_password"] = message("accounts.password.min")
    elif not any(c.isupper() for c in password):
        errors["new_password"] = message("accounts.password.uppercase")
    elif not any(c.isdigit() for c in password):
        errors["new_password"] = message("accounts.password.digit")
    elif len(password) > 128:
        errors["new_password"] = message("common.text.max", max=128)
    elif too_guessable(password, related):
        errors["new_password"] = message("accounts.password.common")
    if confirm is None or confirm == "":
        errors["confirm_new_password"] = REQUIRED
    elif confirm != password:
        errors["confirm_new_password"] = message("accounts.password.mismatch")
    if errors:
        raise ValidationFailed(errors)
    return password


def decline_message(given: Any) -> str:
    value = text(given)
    if not value:
        raise ValidationFailed({"message": GENERIC_REQUIRED})
    if len(value) > STAFF_MESSAGE_MAX:
        raise ValidationFailed({"message": message("common.text.max", max=STAFF_MESSAGE_MAX)})
    return value

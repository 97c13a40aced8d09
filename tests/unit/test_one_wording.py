"""One wording for one rule: a field failing the same check says the same words on every form and screen,
on the server and in the web's accounts schemas, and the foreign phone rule is one pattern on both sides."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from api.schemas.profile import DomesticProfileBody, ForeignProfileBody, IndividualProfileBody
from api.schemas.registration import CompanyBody, IndividualBody
from domain.accounts import forms
from domain.accounts.account import DOMESTIC_COMPANY, FOREIGN_COMPANY, INDIVIDUAL
from domain.shared.errors import ValidationFailed
from domain.shared.messages import MESSAGES

ROOT = Path(__file__).resolve().parents[2]
WEB_SCHEMAS = ROOT / "web" / "src" / "features" / "accounts" / "api" / "schemas.ts"

INDIVIDUAL_FORM = {
    "firstName": "Sara",
    "lastName": "Karimi",
    "birthDate": "1370/01/01",
    "nationalId": "0012345679",
    "phone": "09121234567",
    "fax": "02112345678",
    "email": "sara@example.com",
    "address": "12 Azadi Street, Tehran",
    "postalCode": "1234567890",
}
COMPANY_FORM = {
    "name": "Caspian Lines",
    "contactPerson": "Reza Karimi",
    "econimicCode": "12345678901",
    "registrationCode": "654321",
    "nationalCode": "10101010103",
    "phone": "09121234567",
    "fax": "02112345678",
    "email": "reza@example.com",
    "address": "Harbour Road 7, Bandar Abbas",
    "postalCode": "1234567890",
}
# (field, check) -> a value failing that check.
CHECKS = {
    ("phone", "missing"): "",
    ("phone", "malformed"): "12",
    ("fax", "malformed"): "999",
    ("email", "missing"): "",
    ("email", "malformed"): "nope",
    ("address", "missing"): "",
    ("address", "short"): "short",
}


def _forms() -> dict[str, tuple[Callable[[Mapping[str, Any]], Any], dict[str, Any]]]:
    """Each form's check, fed as a request is: the wire body through its schema's domain form."""
    current = {**INDIVIDUAL_FORM, "industry": "", "destinations": "", "typeOfOperation": ""}
    return {
        "individual sign-up": (
            lambda p: forms.individual_registration(IndividualBody(**p).form()),
            INDIVIDUAL_FORM,
        ),
        "domestic sign-up": (lambda p: forms.domestic_registration(CompanyBody(**p).form()), COMPANY_FORM),
        "foreign sign-up": (lambda p: forms.foreign_registration(CompanyBody(**p).form()), COMPANY_FORM),
        "individual profile": (
            lambda p: forms.profile_update(INDIVIDUAL, IndividualProfileBody(**p).form(), current),
            INDIVIDUAL_FORM,
        ),
        "domestic profile": (
            lambda p: forms.profile_update(DOMESTIC_COMPANY, DomesticProfileBody(**p).form(), COMPANY_FORM),
            {**COMPANY_FORM, "economicCode": COMPANY_FORM["econimicCode"]},
        ),
        "foreign profile": (
            lambda p: forms.profile_update(FOREIGN_COMPANY, ForeignProfileBody(**p).form(), COMPANY_FORM),
            COMPANY_FORM,
        ),
    }


def test_the_server_says_one_thing_per_field_and_check() -> None:
    said: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)
    for name, (validate, valid) in _forms().items():
        validate(valid)  # the base form passes
        for (field, check), bad in CHECKS.items():
            try:
                validate({**valid, field: bad})
            except ValidationFailed as failure:
                if field in failure.fields:
                    # A foreign company's phone and fax follow another rule (any country's), told in their own
                    # words.
                    abroad = field in ("phone", "fax") and name.startswith("foreign")
                    kind = f"{check} abroad" if abroad else check
                    said[(field, kind)][name] = failure.fields[field]
    assert len(said[("email", "malformed")]) >= 3 and len(said[("fax", "malformed")]) >= 3
    for rule, wordings in said.items():
        assert len(set(wordings.values())) == 1, (rule, wordings)
        assert set(wordings.values()) <= set(MESSAGES.values()), (rule, wordings)


def test_the_web_schemas_say_only_catalogue_words() -> None:
    """Every message the accounts zod schemas write out is the catalogue's (the server's) wording."""
    source = WEB_SCHEMAS.read_text(encoding="utf-8")
    written = set(re.findall(r"'([A-Z][^']*[a-z.)])'", source))
    not_messages = {"Individual Person", "Company", "Export", "Import"}
    catalogue = [
        re.compile(re.sub(r"\\\{\w+\\\}", ".+", re.escape(words)) + r"\Z") for words in MESSAGES.values()
    ]
    stray = {text for text in written - not_messages if not any(c.match(text) for c in catalogue)}
    assert not stray, sorted(stray)


def test_the_foreign_phone_rule_is_one_pattern() -> None:
    source = WEB_SCHEMAS.read_text(encoding="utf-8")
    written = re.search(r"FOREIGN_PHONE_PATTERN = /(.+)/;", source)
    assert written is not None
    assert written.group(1) == forms.FOREIGN_PHONE_SOURCE


def test_the_foreign_postal_code_rule_is_one_pattern() -> None:
    source = WEB_SCHEMAS.read_text(encoding="utf-8")
    written = re.search(r"FOREIGN_POSTAL_CODE_PATTERN = /(.+)/;", source)
    assert written is not None
    assert written.group(1) == forms.FOREIGN_POSTAL_CODE_SOURCE


def test_fax_is_optional_on_every_form() -> None:
    """An empty fax is accepted wherever a fax is asked: one rule for every type, sign-up and profile."""
    for name, (validate, valid) in _forms().items():
        record = validate({**valid, "fax": ""})
        assert record["fax"] == "", name

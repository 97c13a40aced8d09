"""Iranian identifiers' check digits (record 3903): the two pure rules, and the forms that apply them to new
sign-ups only."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from api.schemas.registration import CompanyBody, IndividualBody
from domain.accounts import forms
from domain.accounts.account import DOMESTIC_COMPANY, FOREIGN_COMPANY, INDIVIDUAL
from domain.accounts.iranian_ids import (
    is_legal_id,
    is_national_code,
    legal_id_check_digit,
    national_code_check_digit,
)
from domain.shared.errors import ValidationFailed
from domain.shared.messages import message
from tests.api.accounts_support import DOMESTIC_FORM, INDIVIDUAL_FORM
from tests.corpus import (
    COMPANY_ID_WRONG_CHECK_DIGIT,
    COMPANY_IDS,
    NATIONAL_ID_IDENTICAL_DIGITS,
    NATIONAL_ID_WRONG_CHECK_DIGIT,
    NATIONAL_IDS,
)

# Real-format examples published as valid by persian-tools' own tests (verifyIranianNationalId and
# verifyIranianLegalId), and ones they publish as invalid.
KNOWN_NATIONAL_CODES = ("0499370899", "0790419904", "1583250689", "0684159414", "4400276201", "2540201288")
KNOWN_LEGAL_IDS = ("10380284790",)
NOT_NATIONAL_CODES = ("1234567890", "0000000000", "9999999999", "3333333333", "012345678", "01234567890")
NOT_LEGAL_IDS = ("10380284792", "10380285692", "1038028479", "103802847900")
INDIVIDUAL_FIELDS = IndividualBody.model_validate(INDIVIDUAL_FORM).form()
DOMESTIC = CompanyBody.model_validate(DOMESTIC_FORM).form()
NINE_DIGITS = st.text("0123456789", min_size=9, max_size=9)
TEN_DIGITS = st.text("0123456789", min_size=10, max_size=10)


@pytest.mark.parametrize("code", KNOWN_NATIONAL_CODES + NATIONAL_IDS)
def test_a_real_national_code_holds(code: str) -> None:
    assert is_national_code(code)


@pytest.mark.parametrize(
    "code", (*NOT_NATIONAL_CODES, NATIONAL_ID_WRONG_CHECK_DIGIT, NATIONAL_ID_IDENTICAL_DIGITS, "۰۴۹۹۳۷۰۸۹۹")
)
def test_a_mistyped_or_made_up_national_code_does_not(code: str) -> None:
    assert not is_national_code(code)


def test_ten_identical_digits_are_refused_though_their_check_digit_holds() -> None:
    assert national_code_check_digit(NATIONAL_ID_IDENTICAL_DIGITS[:9]) == int(NATIONAL_ID_IDENTICAL_DIGITS[9])
    assert not is_national_code(NATIONAL_ID_IDENTICAL_DIGITS)


@pytest.mark.parametrize("number", KNOWN_LEGAL_IDS + COMPANY_IDS)
def test_a_real_company_national_id_holds(number: str) -> None:
    assert is_legal_id(number)


@pytest.mark.parametrize("number", (*NOT_LEGAL_IDS, COMPANY_ID_WRONG_CHECK_DIGIT, "1038028479O"))
def test_a_mistyped_company_national_id_does_not(number: str) -> None:
    assert not is_legal_id(number)


@given(NINE_DIGITS, st.integers(1, 9))
def test_only_one_last_digit_completes_nine_digits(first_nine: str, slip: int) -> None:
    right = national_code_check_digit(first_nine)
    assert is_national_code(first_nine + str(right)) == (len(set(first_nine + str(right))) > 1)
    assert not is_national_code(first_nine + str((right + slip) % 10))


@given(TEN_DIGITS, st.integers(1, 9))
def test_only_one_last_digit_completes_ten_digits(first_ten: str, slip: int) -> None:
    right = legal_id_check_digit(first_ten)
    assert is_legal_id(first_ten + str(right))
    assert not is_legal_id(first_ten + str((right + slip) % 10))


# -- the forms: a new sign-up is checked; a stored identity named again is read as before ------------------
def test_a_sign_up_s_start_refuses_a_wrong_check_digit_naming_the_field() -> None:
    with pytest.raises(ValidationFailed) as person:
        forms.identity(NATIONAL_ID_WRONG_CHECK_DIGIT, signing_up=INDIVIDUAL)
    assert person.value.fields == {"national_id": message("accounts.identity.nationalCodeCheck")}
    with pytest.raises(ValidationFailed) as company:
        forms.identity(COMPANY_ID_WRONG_CHECK_DIGIT, "national_code", signing_up=DOMESTIC_COMPANY)
    assert company.value.fields == {"national_code": message("accounts.identity.legalIdCheck")}


def test_a_valid_identity_with_leading_zeros_and_persian_digits_is_taken_as_latin_digits() -> None:
    assert forms.identity("۰۰۱۲۳۴۵۶۷۹", signing_up=INDIVIDUAL) == "0012345679"
    assert forms.identity(COMPANY_IDS[0], "national_code", signing_up=DOMESTIC_COMPANY) == COMPANY_IDS[0]


def test_a_foreign_company_s_id_is_free_form() -> None:
    assert forms.identity("DE-HRB-12345", "national_code", signing_up=FOREIGN_COMPANY) == "DE-HRB-12345"
    assert forms.identity("14003456789", "national_code", signing_up=FOREIGN_COMPANY) == "14003456789"


def test_an_identity_named_again_is_not_checked() -> None:
    # Logging in, a reset, staff naming a sign-up: an account stored before the rule keeps its name.
    assert forms.identity(NATIONAL_ID_WRONG_CHECK_DIGIT) == NATIONAL_ID_WRONG_CHECK_DIGIT


def test_an_individual_s_finalize_refuses_a_wrong_check_digit() -> None:
    for wrong in (NATIONAL_ID_WRONG_CHECK_DIGIT, NATIONAL_ID_IDENTICAL_DIGITS):
        with pytest.raises(ValidationFailed) as refused:
            forms.individual_registration(replace(INDIVIDUAL_FIELDS, national_id=wrong))
        assert refused.value.fields == {"national_id": message("accounts.identity.nationalCodeCheck")}


def test_a_domestic_company_s_finalize_refuses_a_wrong_check_digit() -> None:
    with pytest.raises(ValidationFailed) as refused:
        forms.domestic_registration(replace(DOMESTIC, national_code=COMPANY_ID_WRONG_CHECK_DIGIT))
    assert refused.value.fields == {"national_code": message("accounts.identity.legalIdCheck")}


def test_a_profile_stored_before_the_rule_keeps_its_national_id() -> None:
    current = forms.individual_registration(INDIVIDUAL_FIELDS) | {"nationalId": NATIONAL_ID_WRONG_CHECK_DIGIT}
    form = forms.IndividualProfileForm(
        **{**vars(INDIVIDUAL_FIELDS), "national_id": NATIONAL_ID_WRONG_CHECK_DIGIT}
    )
    updated = forms.profile_update(INDIVIDUAL, form, current)
    assert updated["nationalId"] == NATIONAL_ID_WRONG_CHECK_DIGIT

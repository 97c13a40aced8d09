"""Registration, Account and edit-request rules decided from event data and a given `now` (no I/O)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from api.links import PortalLinks
from domain.accounts import secrets
from domain.accounts.account import DOMESTIC_COMPANY, INDIVIDUAL, Account
from domain.accounts.edit_request import ProfileEditRequest
from domain.accounts.messages import Message, messages_for
from domain.accounts.registration import Registration
from domain.shared.actor import ADMIN, CUSTOMER, Actor, visitor
from domain.shared.errors import AlreadyExists, IllegalTransition, TooManyAttempts, ValidationFailed
from infrastructure.delivery import OutboxFile
from tests.corpus import COMPANY_IDS

SECRET = "unit-secret"
T0 = datetime(2026, 1, 1, tzinfo=UTC)
STAFF = Actor("staff-1", ADMIN)


def _submitted(now: datetime = T0) -> tuple[Registration, str]:
    registration = Registration.start("0012345678", INDIVIDUAL, "09121234567", visitor("0012345678"))
    registration.submit_details(
        INDIVIDUAL, {"phone": "09121234567", "email": "a@b.cd"}, SECRET, now, visitor("x")
    )
    code = secrets.verification_code(SECRET, registration.id, registration.version)
    return registration, code


def test_code_is_derived_and_only_its_hash_is_kept() -> None:
    registration, code = _submitted()
    assert len(code) == 5 and code.isdigit()
    assert registration.code_hash == secrets.digest(code) and code not in repr(registration.__dict__)
    (message,) = messages_for(registration.collect_events()[-1], SECRET, PortalLinks("http://x"))
    assert message.data == {"code": code} and message.to == "09121234567"


def test_code_expires_after_ten_minutes() -> None:
    registration, code = _submitted()
    with pytest.raises(ValidationFailed):
        registration.verify(code, T0 + timedelta(minutes=10, seconds=1), visitor("x"))
    assert registration.verify(code, T0 + timedelta(minutes=9), visitor("x")) is True
    assert registration.state == "pending"


def test_five_wrong_tries_void_the_code_until_a_resend() -> None:
    registration, code = _submitted()
    wrong = "00000" if code != "00000" else "11111"
    for _ in range(5):
        assert registration.verify(wrong, T0, visitor("x")) is False
    with pytest.raises(TooManyAttempts):
        registration.verify(code, T0, visitor("x"))
    with pytest.raises(TooManyAttempts):
        registration.resend_code("09121234567", SECRET, T0 + timedelta(seconds=119), visitor("x"))
    registration.resend_code("09121234567", SECRET, T0 + timedelta(seconds=120), visitor("x"))
    fresh = secrets.verification_code(SECRET, registration.id, registration.version)
    assert registration.verify(fresh, T0 + timedelta(seconds=121), visitor("x")) is True


def test_review_and_restart_after_decline() -> None:
    registration, code = _submitted()
    with pytest.raises(IllegalTransition):
        registration.accept(STAFF)
    registration.verify(code, T0, visitor("x"))
    with pytest.raises(AlreadyExists):
        registration.begin_again(INDIVIDUAL, "09121234567", visitor("x"))
    registration.decline("Blurry", STAFF)
    assert registration.state == "declined" and registration.decline_message == "Blurry"
    assert registration.begin_again(INDIVIDUAL, "09121234567", visitor("x")) == INDIVIDUAL
    assert registration.state == "started" and registration.details == {}


def test_reset_token_is_single_use_and_lives_one_hour() -> None:
    account = Account.open("0012345678", INDIVIDUAL, [CUSTOMER], {"email": "a@b.cd"}, STAFF)
    assert account.must_set_password
    account.issue_password_token(SECRET, T0, "create", STAFF)
    token = secrets.reset_token(SECRET, account.id, account.version)
    with pytest.raises(ValidationFailed):
        account.reset_password(token, "hash", T0 + timedelta(hours=1, seconds=1), STAFF)
    with pytest.raises(ValidationFailed):
        account.reset_password("forged", "hash", T0, STAFF)
    account.reset_password(token, "hash", T0 + timedelta(minutes=59), STAFF)
    assert not account.must_set_password
    with pytest.raises(ValidationFailed):
        account.reset_password(token, "hash2", T0, STAFF)


def test_acceptance_email_says_the_username_is_the_id_signed_up_with() -> None:
    """The set-password e-mail names what to log in with."""
    company_id = COMPANY_IDS[1]
    account = Account.open(company_id, DOMESTIC_COMPANY, [CUSTOMER], {"email": "a@b.cd"}, STAFF)
    account.issue_password_token(SECRET, T0, "create", STAFF)
    (message,) = messages_for(account.collect_events()[-1], SECRET, PortalLinks("http://x"))
    assert f"Your username is {company_id}" in message.body
    assert "company ID" in message.body and "national ID" in message.body
    account.issue_password_token(SECRET, T0, "reset", STAFF)
    (reset,) = messages_for(account.collect_events()[-1], SECRET, PortalLinks("http://x"))
    assert "username" not in reset.body


def test_edit_request_cycles_and_ignores_the_same_values() -> None:
    customer = Actor("acc-1", CUSTOMER)
    request = ProfileEditRequest.open("acc-1", "0012345678", INDIVIDUAL, {"email": "x@y.zz"}, customer)
    assert request.request({"email": "x@y.zz"}, customer) is False
    assert request.request({"phone": "09120000000"}, customer) is True and request.edited == {
        "phone": "09120000000"
    }
    request.approve(STAFF)
    with pytest.raises(IllegalTransition):
        request.decline("late", STAFF)
    assert request.request({"email": "z@y.zz"}, customer) is True and request.state == "pending"


def test_outbox_never_writes_one_message_twice(tmp_path: Path) -> None:
    path = tmp_path / "outbox.jsonl"
    message = Message("event-1:2:sms", "sms", "09121234567", "Verification code", "body", {"code": "12345"})
    OutboxFile(path).send(message)
    OutboxFile(path).send(message)  # a restart reads the ids already written
    assert len(path.read_text().splitlines()) == 1


@settings(max_examples=50, deadline=None)
@given(st.lists(st.sampled_from(["wrong", "right", "resend", "wait"]), max_size=20))
def test_any_sequence_keeps_the_five_tries_rule(steps: list[str]) -> None:
    registration, code = _submitted()
    now = T0
    for step in steps:
        try:
            if step == "wait":
                now += timedelta(seconds=130)
            elif step == "resend":
                registration.resend_code("09121234567", SECRET, now, visitor("x"))
                code = secrets.verification_code(SECRET, registration.id, registration.version)
            else:
                candidate = code if step == "right" else ("00000" if code != "00000" else "11111")
                registration.verify(candidate, now, visitor("x"))
        except (TooManyAttempts, ValidationFailed, IllegalTransition):
            pass
        assert registration.wrong_tries <= 5
        if registration.state == "pending":
            break

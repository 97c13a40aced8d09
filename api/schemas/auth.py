"""/auth/api/v1: log in, who am I, and passwords."""

from __future__ import annotations

from typing import Literal

from api.schemas.wire_model import WireAnswer, WireModel


class LoginBody(WireModel):
    username: str
    password: str


class LoginAnswer(WireAnswer):
    token: str
    account_type: int
    roles: list[str]


class Me(WireModel):
    id: str
    account_type: int
    roles: list[str]
    username: str
    # The account the caller acts for (a team member's company, else their own) and their role there.
    company_id: str
    team_role: str
    # The person's chosen language; without a choice the request's Accept-Language (fa or en), else en.
    language: Literal["en", "fa"]


class NewPasswordFields(WireModel):
    """The new password typed twice, by a reset or a change."""

    new_password: str | None = None
    confirm_new_password: str | None = None


class ResetBody(NewPasswordFields):
    token: str | None = None


class PasswordChanged(WireModel):
    message: str
    # The change ended every older session of the account, the caller's too: it goes on with this one.
    token: str


class ChangeBody(NewPasswordFields):
    current_password: str | None = None

"""/auth/api/v1: log in, who am I, and passwords."""

from __future__ import annotations

from pydantic import BaseModel


class LoginBody(BaseModel):
    username: str
    password: str


class LoginAnswer(BaseModel):
    token: str
    accountType: int
    roles: list[str]


class Me(BaseModel):
    id: str
    accountType: int
    roles: list[str]
    username: str


class ResetBody(BaseModel):
    token: str | None = None
    newPassword: str | None = None
    confirmNewPassword: str | None = None


class PasswordChanged(BaseModel):
    message: str
    # The change ended every older session of the account, the caller's too: it goes on with this one.
    token: str


class ChangeBody(BaseModel):
    currentPassword: str | None = None
    newPassword: str | None = None
    confirmNewPassword: str | None = None

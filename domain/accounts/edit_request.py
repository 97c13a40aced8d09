"""ProfileEditRequest: the one edit request of an account, reopened after each decision."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.shared.actor import Actor
from domain.shared.aggregate import ActorCreated, ActorEvent, LifecycleAggregate, audit_fields
from domain.shared.ids import name_based_id


def edit_request_id(account_id: UUID | str) -> UUID:
    return name_based_id("profile_edit_request", str(account_id))


class ProfileEditRequest(LifecycleAggregate):
    machine = "profile_edit_request"

    @staticmethod
    def create_id(account_id: str, **_: Any) -> UUID:
        return edit_request_id(account_id)

    class Opened(ActorCreated):
        account_id: str
        username: str
        account_type: int
        edited: dict[str, Any]
        state: str

    @event(Opened)
    def __init__(
        self,
        account_id: str,
        username: str,
        account_type: int,
        edited: dict[str, Any],
        state: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.account_id = account_id
        self.username = username
        self.account_type = account_type
        self.edited = dict(edited)
        self.state = state

    @classmethod
    def open(
        cls, account_id: str, username: str, account_type: int, edited: dict[str, Any], actor: Actor
    ) -> ProfileEditRequest:
        dest = cls._first("open", actor)
        return cls(
            account_id=account_id,
            username=username,
            account_type=account_type,
            edited=edited,
            state=dest,
            **audit_fields(actor, "profile edit requested"),
        )

    class Reopened(ActorEvent):
        edited: dict[str, Any]
        state: str

    @event(Reopened)
    def _reopened(
        self, edited: dict[str, Any], state: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.edited = dict(edited)
        self.state = state

    class Replaced(ActorEvent):
        edited: dict[str, Any]

    @event(Replaced)
    def _replaced(self, edited: dict[str, Any], actor_id: str, actor_role: str, reason: str | None) -> None:
        self.edited = dict(edited)

    def request(self, edited: dict[str, Any], actor: Actor) -> bool:
        """Open a request or replace the pending one; False (no event) when it asks for the same values."""
        if self.state == "pending":
            if edited == self.edited:
                return False
            self._next("replace", actor)
            self._replaced(edited=edited, **audit_fields(actor, "profile edit replaced"))
            return True
        dest = self._next("open", actor)
        self._reopened(edited=edited, state=dest, **audit_fields(actor, "profile edit requested"))
        return True

    class Approved(ActorEvent):
        account_id: str
        values: dict[str, Any]
        state: str

    @event(Approved)
    def _approved(
        self,
        account_id: str,
        values: dict[str, Any],
        state: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.state = state

    def approve(self, actor: Actor) -> None:
        dest = self._next("approve", actor)
        self._approved(
            account_id=self.account_id,
            values=self.edited,
            state=dest,
            **audit_fields(actor, "profile edit approved"),
        )

    class Declined(ActorEvent):
        account_id: str
        state: str

    @event(Declined)
    def _declined(
        self, account_id: str, state: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.state = state

    def decline(self, message: str, actor: Actor) -> None:
        dest = self._next("decline", actor, has_message=bool(message))
        self._declined(account_id=self.account_id, state=dest, **audit_fields(actor, message))

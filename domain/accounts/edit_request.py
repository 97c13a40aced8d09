"""ProfileEditRequest: the one edit request of an account, reopened after each decision."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.shared.actor import Actor
from domain.shared.aggregate import ActorCreated, ActorEvent, LifecycleAggregate, audit_fields
from domain.shared.errors import Conflict, decided_first
from domain.shared.ids import name_based_id
from domain.shared.messages import message
from domain.shared.reasons import system_reason

# The audit trail's reason when an erasure closes a pending request.
ERASED_REASON = system_reason("profileEditClosedByErasure")


def edit_request_id(account_id: UUID | str) -> UUID:
    return name_based_id("profile_edit_request", str(account_id))


class ProfileEditRequest(LifecycleAggregate):
    machine = "profile_edit_request"

    @staticmethod
    def create_id(account_id: str, **_: Any) -> UUID:
        return edit_request_id(account_id)

    class Opened(ActorCreated):
        personal_fields = ("username", "edited")
        personal_identifiers = ("username",)
        personal_owner = "account_id"

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
        self._decided(None)

    def _decided(self, event: ActorEvent | None) -> None:
        """Who approved or declined the request as it stands, and when (none while it waits): a colleague's
        later decision is refused naming them."""
        self.decided_by: str | None = event.actor_id if event else None
        self.decided_at: datetime | None = event.timestamp if event else None

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
            **audit_fields(actor, system_reason("profileEditRequested")),
        )

    class Reopened(ActorEvent):
        personal_fields = ("edited",)

        edited: dict[str, Any]
        state: str

        def apply(self, aggregate: ProfileEditRequest) -> None:
            aggregate.edited = dict(self.edited)
            aggregate.state = self.state
            aggregate._decided(None)

    class Replaced(ActorEvent):
        personal_fields = ("edited",)

        edited: dict[str, Any]

        def apply(self, aggregate: ProfileEditRequest) -> None:
            aggregate.edited = dict(self.edited)

    def request(self, edited: dict[str, Any], actor: Actor) -> bool:
        """Open a request or replace the pending one; False (no event) when it asks for the same values."""
        if self.state == "pending":
            if edited == self.edited:
                return False
            self._next("replace", actor)
            self._record(
                self.Replaced, audit_fields(actor, system_reason("profileEditReplaced")), edited=edited
            )
            return True
        dest = self._next("open", actor)
        self._record(
            self.Reopened,
            audit_fields(actor, system_reason("profileEditRequested")),
            edited=edited,
            state=dest,
        )
        return True

    class Approved(ActorEvent):
        personal_fields = ("values",)

        account_id: str
        values: dict[str, Any]
        state: str

        def apply(self, aggregate: ProfileEditRequest) -> None:
            aggregate.state = self.state
            aggregate._decided(self)

    def check_seen(self, trigger: str, seen: Mapping[str, Any] | None, actor: Actor) -> None:
        """Staff decide on the values their review showed (`seen`): the lifecycle refuses a decided request
        first; a request the customer replaced (or sent again) since is refused, recording nothing, so no one
        approves values they never read. Without `seen` nothing is compared."""
        with decided_first(self.decided_by, self.decided_at):
            self._may(trigger, actor)
        if seen is not None and dict(seen) != self.edited:
            raise Conflict(message("accounts.profileEdit.changedMeanwhile"))

    def approve(self, actor: Actor) -> None:
        with decided_first(self.decided_by, self.decided_at):
            dest = self._next("approve", actor)
        self._record(
            self.Approved,
            audit_fields(actor, system_reason("profileEditApproved")),
            account_id=self.account_id,
            values=self.edited,
            state=dest,
        )

    class Declined(ActorEvent):
        account_id: str
        state: str

        def apply(self, aggregate: ProfileEditRequest) -> None:
            aggregate.state = self.state
            aggregate._decided(self)

    def decline(self, message: str, actor: Actor) -> None:
        with decided_first(self.decided_by, self.decided_at):
            dest = self._next("decline", actor, has_message=bool(message))
        self._record(self.Declined, audit_fields(actor, message), account_id=self.account_id, state=dest)

    class Closed(ActorEvent):
        """The customer's personal data was erased while the request waited: nothing is left to decide."""

        account_id: str
        state: str

        def apply(self, aggregate: ProfileEditRequest) -> None:
            aggregate.state = self.state

    def close_for_erasure(self, actor: Actor) -> bool:
        """Closes a pending request for good; False (no event) when none is pending."""
        if self.state != "pending":
            return False
        dest = self._next("close", actor)
        self._record(self.Closed, audit_fields(actor, ERASED_REASON), account_id=self.account_id, state=dest)
        return True

"""Who performs a command. Every event records it, so the history answers "who did this"."""

from __future__ import annotations

from dataclasses import dataclass

CUSTOMER = "customer"
ADMIN = "admin"
AUDITOR = "auditor"
SYSTEM = "system"
VISITOR = "visitor"

# The lifecycle files speak of "staff"; an admin is the staff member who may change things.
LIFECYCLE_ROLE = {CUSTOMER: "customer", ADMIN: "staff", SYSTEM: "system", VISITOR: "visitor"}


@dataclass(frozen=True)
class Actor:
    id: str
    role: str
    # A company's team member acting for the company: `id` is the company's account (whose bookings these
    # are), `member` the person; the events record the person, so the trail names who acted.
    member: str = ""

    @property
    def recorded_id(self) -> str:
        """Who the events name: the member when a team member acts, else the account itself."""
        return self.member or self.id

    @property
    def lifecycle_role(self) -> str:
        return LIFECYCLE_ROLE.get(self.role, self.role)

    @property
    def is_staff(self) -> bool:
        return self.role == ADMIN


SYSTEM_ACTOR = Actor(id="system", role=SYSTEM)


def visitor(identity: str = "anonymous") -> Actor:
    return Actor(id=identity, role=VISITOR)

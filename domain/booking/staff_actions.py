"""Staff's actions on a booking, from the one table server and console share (`contract/staff-actions.json`).

Each row names the lifecycle transition it fires, its route, who may call it, the event it records and who is
told. The HTTP side registers a route per row (api/staff_actions.py), the notices read who is told
(domain/booking/notices.py), the booking trail reads what its event is called, and the operations console
draws its buttons from the same rows. A new staff decision with a reason is a row here, its transition in
the lifecycle file and its event class on the rate request: nothing else.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal, NamedTuple

TABLE = Path(__file__).resolve().parents[2] / "contract" / "staff-actions.json"


class Body(NamedTuple):
    model: str
    optional: bool


class Tells(NamedTuple):
    audience: Literal["customer", "staff"]
    title: str
    message: str


class StaffAction(NamedTuple):
    machine: str
    trigger: str
    route: str
    name: str
    body: Body | None
    command: str | None
    answer: str
    permission: str
    event: str
    trail: str
    trail_fa: str
    tells: Tells | None
    doc: str | None
    console: dict[str, Any] | None

    @property
    def aggregate(self) -> str:
        """The class the event is declared on (`RateRequest` of `RateRequest.Rejected`)."""
        return self.event.split(".")[0]

    @property
    def event_name(self) -> str:
        return self.event.split(".")[1]


def _row(raw: dict[str, Any]) -> StaffAction:
    body = raw["body"]
    tells = raw["tells"]
    return StaffAction(
        machine=raw["machine"],
        trigger=raw["trigger"],
        route=raw["route"],
        name=raw["name"],
        body=Body(body["model"], bool(body["optional"])) if body else None,
        command=raw["command"],
        answer=raw["answer"],
        permission=raw["permission"],
        event=raw["event"],
        trail=raw["trail"],
        trail_fa=raw["trailFa"],
        tells=Tells(tells["audience"], tells["title"], tells["message"]) if tells else None,
        doc=raw["doc"],
        console=raw["console"],
    )


_RAW: dict[str, Any] = json.loads(TABLE.read_text(encoding="utf-8"))

STAFF_ACTIONS: tuple[StaffAction, ...] = tuple(_row(raw) for raw in _RAW["actions"])

# Staff transitions offered by something other than a row (`machine.trigger` -> where).
ELSEWHERE: dict[str, str] = dict(_RAW["elsewhere"])


def staff_action(machine: str, trigger: str) -> StaffAction:
    for action in STAFF_ACTIONS:
        if action.machine == machine and action.trigger == trigger:
            return action
    raise KeyError(f"{machine}.{trigger} is no staff action of contract/staff-actions.json")

"""A new staff action on a rate request cannot be left half made silently: each place a person
writes is checked here, by an import or by mypy. What each test catches, if it was forgotten:
- the transition in state-machines/rate_request.json (the command names a trigger the file lacks);
- the way out of the new state (a state not final that nothing leaves);
- the staff route (a staff trigger of the machine that no route of the console's API takes).
"""

from __future__ import annotations

import ast
from pathlib import Path

from starlette.routing import BaseRoute, Route

from api.routers import booking_admin, booking_changes
from domain.shared.lifecycle import all_lifecycles, lifecycle

ROOT = Path(__file__).resolve().parents[2]
# The modules of the RateRequest aggregate (the request and its parts, mixed into it).
REQUEST_MODULES = ("rate_request", "amendment_requests", "cancellation_requests", "booking_changes")
# The calls that move the aggregate by a trigger of its own machine, the trigger their first argument.
MOVES = ("_next", "_may", "_first", "_said")


def triggers_named(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in MOVES
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    }


def test_every_trigger_the_request_names_is_one_of_its_machine() -> None:
    named = set().union(
        *(triggers_named(ROOT / "domain" / "booking" / f"{module}.py") for module in REQUEST_MODULES)
    )
    # Read from the code: enough that the scan is known to see the commands.
    assert {"create", "quote", "request_revision", "reject", "cancel_booking", "confirm_completed"} <= named
    assert sorted(named - set(lifecycle("rate_request").triggers)) == []


def test_the_scan_sees_a_new_command_s_trigger(tmp_path: Path) -> None:
    module = tmp_path / "held.py"
    module.write_text(
        'class X:\n    def hold(self, a):\n        self._next("hold", a)\n        self.other("x")\n',
        encoding="utf-8",
    )
    assert triggers_named(module) == {"hold"}


# States that nothing leaves though not marked final, each with why (written here, not read from a file).
NO_WAY_OUT = {
    ("rate_request", "completed"),  # the booking's end (its file does not mark it final)
    ("notification", "read"),  # a notification read stays read
}


def test_every_state_not_final_has_a_way_out() -> None:
    stuck = set()
    for machine in all_lifecycles():
        leaving = {s for t in machine.spec["transitions"] for s in t["source"] if t["dest"] != s}
        for state in machine.spec["states"]:
            if not state.get("final") and state["name"] not in leaving:
                stuck.add((machine.spec["id"], state["name"]))
    assert stuck == NO_WAY_OUT


def put_paths(routes: list[BaseRoute]) -> set[str]:
    return {
        route.path
        for route in routes
        if isinstance(route, Route)
        and "PUT" in (route.methods or set())
        and route.path.startswith("/booking/api/v1/admin/")
    }


# Staff triggers taken by a route not named after them (the others: `/rate-requests/{id}/<trigger-words>`).
ROUTED_OTHERWISE = {
    # Staff confirm the customer's cancellation request (booking_cancellation's `confirm`).
    "cancel_booking": "/booking/api/v1/admin/rate-requests/{id}/cancellation-request/confirm",
}


def test_every_staff_trigger_of_the_request_has_a_route() -> None:
    paths = put_paths([*booking_admin.router.routes, *booking_changes.staff.routes])
    machine = lifecycle("rate_request").spec
    staff = {t["trigger"] for t in machine["transitions"] if t["actor"] == "staff"}
    assert len(staff) >= 7
    missing = sorted(
        trigger
        for trigger in staff
        if ROUTED_OTHERWISE.get(
            trigger, "/booking/api/v1/admin/rate-requests/{id}/" + trigger.replace("_", "-")
        )
        not in paths
    )
    assert missing == []

"""A new staff action on a rate request cannot be left half made silently: each place a person
writes is checked here, by an import or by mypy. What each test catches, if it was forgotten:
- the transition in state-machines/rate_request.json (the command names a trigger the file lacks);
- the way out of the new state (a state not final that nothing leaves);
- the staff route (a staff trigger of the machine that no route of the console's API takes);
- the row in contract/staff-actions.json (a staff transition with no row and not offered elsewhere), its event
  (named but not declared on its aggregate), and the row's words (who is told, the trail's words).
"""

from __future__ import annotations

import ast
from pathlib import Path

from fastapi.routing import APIRoute
from starlette.routing import BaseRoute, Route

from api.presenters import audit_trail
from api.routers import booking_admin, booking_changes
from api.staff_actions import ANSWERS, BODIES, PERMISSIONS
from domain.booking.application import BookingApplication
from domain.booking.emails import EMAIL_EVENTS
from domain.booking.notices import TOLD
from domain.booking.rate_request import RateRequest, StaffSaid
from domain.booking.shipping_order import ShippingOrder
from domain.booking.staff_actions import ELSEWHERE, STAFF_ACTIONS, Body
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


# -- the one table of staff actions (contract/staff-actions.json) ------------------------------------------


def staff_transitions() -> set[str]:
    return {
        f"{machine}.{t['trigger']}"
        for machine in ("rate_request", "shipping_order")
        for t in lifecycle(machine).spec["transitions"]
        if t["actor"] == "staff"
    }


def test_every_staff_transition_of_a_booking_is_a_row_or_offered_elsewhere() -> None:
    rows = [f"{a.machine}.{a.trigger}" for a in STAFF_ACTIONS]
    assert len(rows) == len(set(rows)), "a transition with two rows"
    assert sorted(staff_transitions() - set(rows) - set(ELSEWHERE)) == []
    # No row (nor `elsewhere`) for a transition the lifecycle does not give staff.
    assert sorted({*rows, *ELSEWHERE} - staff_transitions()) == []


def test_every_row_names_an_event_its_aggregate_records() -> None:
    aggregates = {"RateRequest": RateRequest, "ShippingOrder": ShippingOrder}
    for action in STAFF_ACTIONS:
        event = getattr(aggregates[action.aggregate], action.event_name, None)
        assert isinstance(event, type), action.event
        if action.command is None:
            # Run by the rate request's `staff_said`: a decision with a reason.
            assert issubclass(event, StaffSaid), action.event
            assert action.body == Body("MessageBody", False), action.name
        else:
            assert callable(getattr(BookingApplication, action.command, None)), action.command
        assert action.permission in PERMISSIONS, action.permission
        assert action.answer in ANSWERS, action.answer
        assert action.body is None or action.body.model in BODIES, action.body


def test_every_row_is_a_route_of_the_staff_router_by_its_name() -> None:
    routes = {
        (route.path, route.name)
        for route in booking_admin.router.routes
        if isinstance(route, APIRoute) and "PUT" in (route.methods or set())
    }
    for action in STAFF_ACTIONS:
        assert ("/booking/api/v1/admin" + action.route, action.name) in routes, action.name


def test_who_is_told_and_the_trail_s_words_come_from_the_rows() -> None:
    aggregates = {"RateRequest": RateRequest, "ShippingOrder": ShippingOrder}
    for action in STAFF_ACTIONS:
        event = getattr(aggregates[action.aggregate], action.event_name)
        if action.tells is not None:
            assert tuple(TOLD[event]) == tuple(action.tells), action.event
        assert event in TOLD or action.trigger == "quote" or event in EMAIL_EVENTS, action.event
        assert audit_trail._WHAT[(action.machine, action.event_name)] == action.trail


def test_the_console_s_rows_have_their_words() -> None:
    for action in STAFF_ACTIONS:
        if action.console is None:
            continue
        assert action.console["title"] and action.console["done"], action.name
        # The console speaks Persian too: each button's words have their Persian sibling, {price} kept.
        fa = action.console["fa"]
        assert fa["title"] and fa["done"], action.name
        assert (fa["prompt"] is None) == (action.console["prompt"] is None), action.name
        priced = "{price}" in (action.console["prompt"] or "")
        assert ("{price}" in (fa["prompt"] or "")) == priced, action.name
        assert action.console["variant"] in {"primary", "outline", "danger"}, action.name
        # A reason asked in the dialog is the body the route takes.
        assert action.console["reason"] == (action.body is not None and action.body.model == "MessageBody")

"""Every command of every context's application that saves what it loaded is decided afresh on a concurrent
write (decisions 3851 and 3856): a command left unmarked answers 409 for a write its caller never saw (the
scheduler's, a colleague's, the same person's other tab), and only a deployed run that happens to meet that
write would say so."""

from __future__ import annotations

import ast
import inspect
from types import ModuleType

import pytest

import domain.accounts.application as accounts
import domain.booking.application as booking
import domain.integrations.application as integrations
import domain.notifications.application as notifications
import domain.shared.application as application
import domain.tracking.application as tracking

# Each context's commands left unmarked, and why. A command that saves an aggregate it makes: a conflict
# there means it exists already, and each says so itself. The scheduler's own writes: one that loses is
# skipped and tried again at its next tick. A run of several saves, each its own: run again, it finishes.
UNMARKED: dict[ModuleType, tuple[str, set[str]]] = {
    booking: (
        "BookingApplication",
        {"create_shipping_order", "save_party", "store_file", "_record_with_claim"}  # creates
        | {"remind_cut_off", "expire_quote"},  # the scheduler's
    ),
    accounts: ("AccountsApplication", {"create_staff"}),  # creates (its conflict: "User Exist")
    integrations: (
        "IntegrationsApplication",
        {"issue_api_key", "subscribe"}  # creates, under new ids
        | {"end_integrations_of"},  # an erasure's run of saves, one per key or subscription
    ),
    tracking: ("TrackingApplication", {"issue_publisher_key"}),  # creates, under a new id
    # The policy's creates: a notification that exists already is skipped, one at a time.
    notifications: ("NotificationsApplication", {"notify_for_all"}),
}


def _methods(module: ModuleType, name: str) -> dict[str, ast.FunctionDef]:
    tree = ast.parse(inspect.getsource(module))
    found = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)
    return {f.name: f for f in found.body if isinstance(f, ast.FunctionDef)}


def _saves(method: ast.FunctionDef) -> bool:
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "record"
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "self"
        for node in ast.walk(method)
    )


def _marked(method: ast.FunctionDef) -> bool:
    return any(isinstance(d, ast.Name) and d.id == "decided_afresh" for d in method.decorator_list)


@pytest.mark.parametrize("module", list(UNMARKED), ids=lambda m: m.__name__.split(".")[1])
def test_every_command_that_saves_what_it_loaded_is_decided_afresh(module: ModuleType) -> None:
    name, unmarked_on_purpose = UNMARKED[module]
    methods = _methods(module, name)
    unmarked = {n for n, method in methods.items() if _saves(method) and not _marked(method)}
    assert sorted(unmarked) == sorted(unmarked_on_purpose), "mark these decided_afresh, or say why not here"


def test_every_context_s_application_is_guarded() -> None:
    """A new context's application is named here, or its commands go unguarded."""
    guarded = {getattr(module, name) for module, (name, _) in UNMARKED.items()}
    every = {c for c in application.ContextApplication.__subclasses__() if c.__module__.startswith("domain.")}
    assert every <= guarded, sorted(c.__name__ for c in every - guarded)


@pytest.mark.parametrize("module", list(UNMARKED), ids=lambda m: m.__name__.split(".")[1])
def test_the_mark_the_guard_reads_is_the_decorator_that_decides_again(module: ModuleType) -> None:
    """The guard reads the name `decided_afresh`: it must be the shared decorator, not a local stand-in."""
    assert vars(module)["decided_afresh"] is application.decided_afresh
    name, _ = UNMARKED[module]
    marked = [n for n, method in _methods(module, name).items() if _marked(method)]
    assert marked
    command = vars(getattr(module, name))[marked[0]]
    assert command is not command.__wrapped__  # the mark wrapped it

"""Every command of `BookingApplication` that saves what it loaded is decided afresh on a concurrent write
(decision 3851): the scheduler writes bookings on its own, so a command left unmarked answers 409 for a write
its caller never saw, and only a deployed run that happens to meet the scheduler would say so."""

from __future__ import annotations

import ast
import inspect

import domain.booking.application as booking
import domain.shared.application as application

# Each saves an aggregate it makes: a conflict there means it exists already, and each says so itself.
CREATES = {"create_shipping_order", "save_party", "store_file", "_record_with_claim"}
# The scheduler's own writes: one that loses is skipped and tried again at its next tick.
SCHEDULER = {"remind_cut_off", "expire_quote"}


def _methods() -> dict[str, ast.FunctionDef]:
    tree = ast.parse(inspect.getsource(booking))
    found = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "BookingApplication")
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


def test_every_command_that_saves_what_it_loaded_is_decided_afresh() -> None:
    methods = _methods()
    unmarked = sorted(name for name, method in methods.items() if _saves(method) and not _marked(method))
    assert unmarked == sorted(CREATES | SCHEDULER), "mark these decided_afresh, or say why not here"


def test_the_mark_the_guard_reads_is_the_decorator_that_decides_again() -> None:
    """The guard reads the name `decided_afresh`: it must be the shared decorator, not a local stand-in."""
    assert vars(booking)["decided_afresh"] is application.decided_afresh
    step = vars(booking.BookingApplication)["_step"]
    assert step is not step.__wrapped__  # the mark wrapped it

"""Every domain event is a declared class: its fields written once, in the domain, and applied by
the domain's own code.

Most events apply themselves (`apply`) and are recorded by `DomainAggregate._record`, whose fields mypy checks
against the class. A first event (`Created`) is applied by the aggregate's `__init__` (`@event(Created)`):
the library builds the class it stores from the declared one and silently drops a parameter the class does
not declare, so there the method's parameters must equal the fields. Both are checked here, for every event
of every aggregate, parts included.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable
from dataclasses import fields
from types import FunctionType

import pytest
from eventsourcing.domain import Aggregate, CommandMethodDecorator, DecoratedFuncCaller, decorated_funcs

import domain

BASE = {"originator_id", "originator_version", "timestamp", "originator_topic"}

for _module in pkgutil.walk_packages(domain.__path__, "domain."):
    importlib.import_module(_module.name)


def _aggregates(cls: type) -> list[type]:
    found: list[type] = []
    sub: type
    for sub in cls.__subclasses__():
        if sub.__module__.startswith("domain."):
            found.append(sub)
        found.extend(_aggregates(sub))
    return found


AGGREGATES = sorted(set(_aggregates(Aggregate)), key=lambda c: c.__qualname__)
NESTED = {
    value
    for aggregate in AGGREGATES
    for name, value in vars(aggregate).items()
    if isinstance(value, type) and issubclass(value, Aggregate.Event) and name != "Event"
}


def _owner(event_cls: type) -> type:
    return next(a for a in AGGREGATES if vars(a).get(event_cls.__name__) is event_cls)


def _first_event_method(event_cls: type) -> Callable[..., None] | None:
    """The aggregate's `__init__` when `event_cls` is its first event (`@event(Created) def __init__`), its
    own or a domain base's (a kind of `HashedKey` may record its base's first event as it is)."""
    domain_bases = [c for c in _owner(event_cls).__mro__ if c.__module__.startswith("domain.")]
    init = next((vars(c)["__init__"] for c in domain_bases if "__init__" in vars(c)), None)
    if isinstance(init, CommandMethodDecorator) and init.given_event_cls in event_cls.__mro__:
        return init.decorated_func
    if isinstance(init, FunctionType) and event_cls.__name__ == "Created":  # the library's first event
        return init
    return None


# The library gives every aggregate a `Created` class; one that declares its own first event (or an abstract
# base) never records it.
EVENTS = sorted(
    (c for c in NESTED if c.__name__ != "Created" or _first_event_method(c)), key=lambda c: c.__qualname__
)
# Methods that apply an event (`@event(X)`), keyed by the class the aggregate holds.
APPLIED_BY = {
    base: method
    for caller, method in decorated_funcs.items()
    for base in caller.__bases__
    if base is not DecoratedFuncCaller
}


def test_every_aggregate_is_covered() -> None:
    owners = {cls.__qualname__.split(".")[0] for cls in EVENTS}
    assert {"Account", "RateRequest", "ShippingOrder", "Registration", "TrackingEvent"} <= owners
    amendment_parts = [c for c in EVENTS if c.__qualname__.startswith("RateRequest.Amendment")]
    # requested, asked, requoted, approved, declined, withdrawn, its new price expired
    assert len(amendment_parts) == 7


@pytest.mark.parametrize("event_cls", EVENTS, ids=lambda c: c.__qualname__)
def test_event_is_declared_with_its_fields_in_the_domain(event_cls: type) -> None:
    # Declared in a class body (nested in the aggregate or one of its parts), not made by the library from a
    # method and a name: the class the aggregate holds then derives from a domain class of its name.
    assert any(
        c.__name__ == event_cls.__name__ and c.__module__.startswith("domain.") for c in event_cls.__mro__[1:]
    )
    # Its fields are those written in the domain's classes: its own and its domain bases' (`ActorEvent`: who
    # and why; `StateMoved`, `ChangeDeclined`), nothing the library added.
    written = {
        name
        for cls in event_cls.__mro__
        if cls.__module__.startswith("domain.")
        for name, annotation in inspect.get_annotations(cls).items()
        if not annotation.startswith("ClassVar")
    }
    held = {f.name for f in fields(event_cls) if f.name not in BASE}
    assert held == written


@pytest.mark.parametrize("event_cls", EVENTS, ids=lambda c: c.__qualname__)
def test_event_is_applied_by_the_domain(event_cls: type[Aggregate.Event]) -> None:
    held = sorted(f.name for f in fields(event_cls) if f.name not in BASE)
    assert event_cls not in APPLIED_BY, "an event other than the first applies itself (`apply`)"
    first = _first_event_method(event_cls)
    if first is not None:
        # The library passes the first event's fields to `__init__` by name and drops a parameter the class
        # does not declare: they must be the same.
        taken = [name for name in inspect.signature(first).parameters if name != "self"]
        assert sorted(taken) == held
    else:
        assert event_cls.apply.__module__.startswith("domain."), "recorded but never applied"


def test_a_part_belongs_to_one_aggregate() -> None:
    from domain.booking.amendment_requests import Amendments
    from domain.shared.aggregate import LifecycleAggregate

    with pytest.raises(TypeError, match="is a part of RateRequest already"):

        class Another(Amendments, LifecycleAggregate):
            machine = "rate_request"

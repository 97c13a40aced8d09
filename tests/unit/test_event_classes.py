"""Every domain event is a declared class (issue 25) whose fields are exactly what its event method takes.

The library builds the class it stores from the declared one; a method parameter the class does not declare
would be dropped from the stored event without a word, and a declared field no method fills would fail at
run time. Both are caught here, for every event of every aggregate, parts included.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from dataclasses import fields

import pytest
from eventsourcing.domain import DecoratedFuncCaller, decorated_funcs

import domain

BASE = {"originator_id", "originator_version", "timestamp", "originator_topic"}

for _module in pkgutil.walk_packages(domain.__path__, "domain."):
    importlib.import_module(_module.name)

EVENTS = sorted(
    (cls for cls in decorated_funcs if cls.__module__.startswith("domain.")), key=lambda c: c.__qualname__
)


def test_every_aggregate_is_covered() -> None:
    owners = {cls.__qualname__.split(".")[0] for cls in EVENTS}
    assert {"Account", "RateRequest", "ShippingOrder", "Registration", "TrackingEvent"} <= owners
    amendment_parts = [c for c in EVENTS if c.__qualname__.startswith("RateRequest.Amendment")]
    assert len(amendment_parts) == 6  # requested, asked, requoted, approved, declined, withdrawn


@pytest.mark.parametrize("event_cls", EVENTS, ids=lambda c: c.__qualname__)
def test_event_is_declared_with_the_fields_its_method_takes(event_cls: type) -> None:
    declared = [base for base in event_cls.__bases__ if base is not DecoratedFuncCaller]
    assert len(declared) == 1
    # Declared in a class body (nested in the aggregate or one of its parts) with its fields, its own or a
    # domain base's (`ActorEvent`: who and why), not made by the library from a method and a name (that
    # class would derive from the aggregate's `Event` directly and declare nothing).
    source = declared[0].__bases__[0]
    assert source.__name__ == event_cls.__name__
    written = [
        name
        for cls in reversed(source.__mro__)
        if cls.__module__.startswith("domain.")
        for name in inspect.get_annotations(cls)
    ]
    method = decorated_funcs[event_cls]
    taken = [name for name in inspect.signature(method).parameters if name != "self"]
    held = [f.name for f in fields(event_cls) if f.name not in BASE]
    assert sorted(taken) == sorted(held) == sorted(written)


def test_a_part_belongs_to_one_aggregate() -> None:
    from domain.booking.amendment_requests import Amendments
    from domain.shared.aggregate import LifecycleAggregate

    with pytest.raises(TypeError, match="is a part of RateRequest already"):

        class Another(Amendments, LifecycleAggregate):
            machine = "rate_request"

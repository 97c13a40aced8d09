"""Every event class's version has its upcasters: raising `class_version` without the
`upcast_vN_vN+1` that reads the older events fails here, not when an old event is first read."""

from __future__ import annotations

import importlib
import pkgutil

from eventsourcing.domain import Aggregate

import domain


def event_classes() -> set[type]:
    for module in pkgutil.walk_packages(domain.__path__, "domain."):
        importlib.import_module(module.name)
    found: set[type] = set()
    todo: list[type] = [Aggregate.Event]
    while todo:
        klass = todo.pop()
        sub: type
        for sub in klass.__subclasses__():
            if sub not in found and sub.__module__.startswith("domain."):
                found.add(sub)
            todo.append(sub)
    return found


def missing_upcasters(klass: type) -> list[str]:
    version = int(getattr(klass, "class_version", 1))
    names = [f"upcast_v{n}_v{n + 1}" for n in range(1, version)]
    return [name for name in names if not callable(getattr(klass, name, None))]


def test_every_version_of_every_event_class_has_its_upcaster() -> None:
    classes = event_classes()
    versioned = {k.__qualname__ for k in classes if int(getattr(k, "class_version", 1)) > 1}
    # Today's versioned events (a new one joins them; none may lose its chain).
    assert {"RateRequest.Created", "RateRequest.Quoted"} <= versioned
    assert {k.__qualname__: missing_upcasters(k) for k in classes if missing_upcasters(k)} == {}


def test_a_raised_version_without_its_upcaster_is_found() -> None:
    class NoteAdded(Aggregate.Event):
        class_version = 3
        text: str

        @staticmethod
        def upcast_v1_v2(state: dict[str, object]) -> None:
            state["visibility"] = "staff"

    assert missing_upcasters(NoteAdded) == ["upcast_v2_v3"]

"""Events stored before events were declared classes (by string name, one 620-line RateRequest) still
load: every topic resolves to a class of the same name with the same fields; a real history loads and replays.

The fixtures were written by the code at main before the change (`tests/fixtures/old_events/capture.py` says
how): `stored_events.json` holds one stored event of every event class there was, `demo_history.json` the
history `freight seed-demo --events 300` wrote.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import MISSING, fields, is_dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.domain import Aggregate, CanMutateAggregate
from eventsourcing.persistence import StoredEvent

from api.cli import main
from infrastructure.event_store import SharedStore
from infrastructure.personal_data import SealingMapper

FIXTURES = Path(__file__).parent.parent / "fixtures" / "old_events"
BASE = {"originator_id", "originator_version", "timestamp", "originator_topic"}


def _captured() -> list[dict[str, Any]]:
    return list(json.loads((FIXTURES / "stored_events.json").read_text()))


@pytest.fixture(scope="module")
def store() -> SharedStore:
    return SharedStore({"PERSISTENCE_MODULE": "eventsourcing.popo"})


@pytest.mark.parametrize("captured", _captured(), ids=lambda c: c["topic"])
def test_every_old_topic_reads_as_the_same_event(store: SharedStore, captured: dict[str, Any]) -> None:
    stored = StoredEvent(
        originator_id=UUID("0b8f3a5e-6c2d-4e1f-9a7b-3c5d7e9f1a2b"),
        originator_version=captured["originator_version"],
        topic=captured["topic"],
        state=captured["state"].encode(),
    )
    event = store.mapper.to_domain_event(stored)
    cls = type(event)
    assert isinstance(event, CanMutateAggregate) and is_dataclass(cls)
    assert f"{cls.__module__}:{cls.__qualname__}" == captured["topic"]
    declared = {f.name: f for f in fields(cls) if f.name not in BASE}
    # Every field it was stored with is still declared; a field added since has a default (older events
    # load with it) or, when the class's version rose since, its upcasters write it (`test_upcasters.py`
    # checks that they exist; loading the event above ran them).
    assert set(captured["fields"]) <= set(declared)
    added = set(declared) - set(captured["fields"])
    upcast = int(getattr(cls, "class_version", 1)) > int(captured["class_version"])
    defaulted = {name for name in added if declared[name].default is not MISSING}
    assert upcast or defaulted == added, added - defaulted
    # Written again, it says the same: no value lost or renamed on the way (an added field at its default,
    # or as the upcasters wrote it, under the new version). Personal fields are written sealed now: opened,
    # they are what was stored in clear before.
    mapper = store.mapper
    assert isinstance(mapper, SealingMapper)
    again = json.loads(mapper.to_stored_event(event).state)
    mapper.open_state(cls, again)
    # Under the new version the version it was stored at is written no more.
    kept = {k: v for k, v in again.items() if k not in added and not (upcast and k == "class_version")}
    before = {k: v for k, v in json.loads(captured["state"]).items() if not (upcast and k == "class_version")}
    assert kept == before
    assert all(again[name] == declared[name].default for name in defaulted if name in again)


def test_a_history_written_before_loads_and_replays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    history = json.loads((FIXTURES / "demo_history.json").read_text())
    var = tmp_path / "var"
    var.mkdir()
    events = SharedStore(
        {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(var / "events.db")}
    )
    events.recorder.insert_events(
        [StoredEvent(UUID(o), v, topic, state.encode()) for o, v, topic, state in history]
    )
    # Every aggregate is rebuilt from its events alone, as the repository does.
    for originator in {UUID(row[0]) for row in history}:
        aggregate: Aggregate | None = None
        for stored in events.recorder.select_events(originator):
            event = events.mapper.to_domain_event(stored)
            assert isinstance(event, CanMutateAggregate)
            aggregate = event.mutate(aggregate)
        assert aggregate is not None and aggregate.id == originator
    events.close()

    monkeypatch.chdir(tmp_path)
    for key in ("DATABASE_URL", "FREIGHT_DEBUG"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("VAR_DIR", str(var))
    monkeypatch.setenv("JWT_SECRET", "old-topics-secret-that-is-long-enough")
    assert main(["replay"]) == 0
    with sqlite3.connect(var / "read.db") as read:
        states = dict(
            read.execute("SELECT state_name, COUNT(*) FROM booking_rate_requests GROUP BY state_name")
        )
    created = sum(1 for row in history if row[2].endswith("RateRequest.Created"))
    assert sum(states.values()) == created == 33
    assert states["completed"] == sum(1 for row in history if row[2].endswith("RateRequest.Completed"))

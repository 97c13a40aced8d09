"""A read model whose handlers write other rows is rebuilt on upgrade, and nobody can change a handler
without saying whether its rows change (projections/versions.py)."""

from __future__ import annotations

import importlib
import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from followers.follower import write_position
from infrastructure.read_db import SqliteReadModels
from projections import registry, versions
from projections.condition import inspect
from projections.registry import READ_MODELS, ensure_schema


def test_every_read_model_s_handlers_are_recorded_as_they_are() -> None:
    assert versions.unrecorded() == []


@pytest.fixture
def lock(tmp_path: Path) -> Path:
    copy = tmp_path / "versions.json"
    shutil.copy(versions.LOCK, copy)
    return copy


def test_a_changed_handler_is_named_until_its_author_says_whether_its_rows_change(lock: Path) -> None:
    before = versions.versions(lock)
    rows = versions.recorded(lock)
    rows["booking_changes"]["source"] = "an-older-handler"  # as if its code changed since the record
    lock.write_text(json.dumps({"readModels": rows}), encoding="utf-8")
    problems = versions.unrecorded(lock)
    assert len(problems) == 1 and "booking_changes" in problems[0] and "--bump booking_changes" in problems[0]

    assert versions.record("booking_changes", bump=False, lock=lock) == before["booking_changes"]
    assert versions.unrecorded(lock) == [] and versions.versions(lock) == before

    assert versions.record("booking_changes", bump=True, lock=lock) == before["booking_changes"] + 1
    after = versions.versions(lock)
    assert after["booking_changes"] == before["booking_changes"] + 1
    assert {k: v for k, v in after.items() if k != "booking_changes"} == {
        k: v for k, v in before.items() if k != "booking_changes"
    }
    with pytest.raises(SystemExit, match="no read model is named"):
        versions.record("bookings", bump=True, lock=lock)


def test_a_read_model_gone_or_new_is_named(lock: Path) -> None:
    rows = versions.recorded(lock)
    rows["retired_model"] = rows.pop("address_book")
    lock.write_text(json.dumps({"readModels": rows}), encoding="utf-8")
    assert sorted(versions.unrecorded(lock)) == [
        "address_book: no record (--bump address_book)",
        "retired_model: recorded but no read model has that name",
    ]


def test_read_models_built_before_a_version_bump_are_another_version(
    tmp_path: Path, lock: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = SqliteReadModels(tmp_path / "read.db")
    try:
        ensure_schema(db)
        with db.transaction() as tx:
            write_position(tx, READ_MODELS, 5)
        with db.read() as tx:
            assert not inspect(tx).other_schema
        versions.record("booking_changes", bump=True, lock=lock)
        monkeypatch.setattr(registry, "versions", lambda: versions.versions(lock))
        with db.read() as tx:  # same tables, other rows: built by an earlier release, so rebuilt
            assert inspect(tx).other_schema and "another version" in str(inspect(tx).damage())
    finally:
        db.close()


@pytest.fixture
def package(tmp_path: Path) -> Iterator[Path]:
    root = tmp_path / "ledger"
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "helpers.py").write_text(
        "from ledger.rounding import cents\n\n\n"
        "def total(xs):\n    return cents(sum(xs))\n\n\n"
        "def unused():\n    return 1\n\n\nclass Row:\n    pass\n"
    )
    (root / "rounding.py").write_text(
        "def cents(x):\n    return [_round(v) for v in [x]][0]\n\n\ndef _round(v):\n    return round(v, 2)\n"
    )
    (root / "model.py").write_text("from ledger.helpers import Row, total\n\nWRITES = total\n")
    sys.path.insert(0, str(tmp_path))
    yield root
    sys.path.remove(str(tmp_path))
    for name in [n for n in sys.modules if n == "ledger" or n.startswith("ledger.")]:
        del sys.modules[name]


def _hash_after(package: Path, old: str, new: str, file: str = "helpers.py") -> str:
    changed = package / file
    changed.write_text(changed.read_text().replace(old, new))
    importlib.invalidate_caches()
    for name in ("ledger.model", "ledger.helpers", "ledger.rounding"):
        sys.modules.pop(name, None)
    return versions.source_hash("ledger.model", own=("ledger",))


def test_the_hash_covers_the_functions_a_read_model_imports_and_nothing_else(package: Path) -> None:
    first = versions.source_hash("ledger.model", own=("ledger",))
    assert _hash_after(package, "return 1", "return 2") == first  # a function it does not import
    assert _hash_after(package, "    pass", "    x = 1") == first  # a class: its events' shapes, not rows
    assert _hash_after(package, "sum(xs)", "sum(xs) + 0") != first  # the function it writes with
    second = versions.source_hash("ledger.model", own=("ledger",))
    # What that function calls, and what that calls within a comprehension, however deep.
    assert _hash_after(package, "round(v, 2)", "round(v, 3)", "rounding.py") != second
    assert versions.source_hash("ledger.model", own=()) != first  # our code only: none of it counted here

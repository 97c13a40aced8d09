"""Tests read the development outbox while a server appends to it: a half-written line waits for the next
read instead of failing the test (seen in CI: `Unterminated string` from a message being written)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.outbox_file import outbox_entries


def test_a_line_still_being_written_is_left_for_the_next_read(tmp_path: Path) -> None:
    path = tmp_path / "outbox.jsonl"
    assert outbox_entries(path) == []
    first = {"id": "57af135a", "to": "ops@parsexport.example", "subject": "صورتحساب"}
    whole = json.dumps(first, ensure_ascii=False) + "\n"
    second = json.dumps({"id": "9b2f6a40", "to": "b@pse.ir"}) + "\n"
    path.write_text(whole + second[:14], encoding="utf-8")
    assert outbox_entries(path) == [first]
    path.write_text(whole + second, encoding="utf-8")
    assert [entry["id"] for entry in outbox_entries(path)] == ["57af135a", "9b2f6a40"]

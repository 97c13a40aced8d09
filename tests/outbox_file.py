"""The development outbox (`VAR_DIR/outbox.jsonl`) as tests read it, while the server may be writing it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def outbox_entries(path: Path) -> list[dict[str, Any]]:
    """Every message written so far, one per complete line: a line the server is still appending (no newline
    yet) is left for the next read, never parsed half-written."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    written = text[: text.rfind("\n") + 1]
    return [json.loads(line) for line in written.splitlines() if line.strip()]

"""The event history as JSON Lines with a SHA-256 chain, and the check that proves a file whole.

Each line carries `prev` (the previous line's hash) and `hash` = SHA-256 of `prev` and the line's canonical
content. A last line seals the count and the final hash, so removing lines from the end is caught too.

Personal fields are exported as they are stored, sealed under their person's key
(infrastructure/personal_data.py): an export holds no one's data in clear, and the lines and hashes of an
export are the same before and after a person is erased (destroying a key changes no stored byte).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict
from typing import IO, Any

from infrastructure.event_store import SharedStore
from projections.history import describe

GENESIS = "0" * 64


def _canonical(record: dict[str, Any]) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _digest(prev: str, content: dict[str, Any]) -> str:
    return hashlib.sha256((prev + _canonical(content)).encode()).hexdigest()


Progress = Callable[[int, int, float], None]


def stream_sealed(store: SharedStore, batch_size: int, stop: int) -> Iterator[list[tuple[int, Any]]]:
    """Batches of (position, event as stored, personal fields sealed) up to `stop`."""
    decode = getattr(store.mapper, "to_sealed_event", store.mapper.to_domain_event)
    position = 0
    while True:
        notifications = store.recorder.select_notifications(
            start=position, limit=batch_size, stop=stop, inclusive_of_start=False
        )
        if not notifications:
            return
        yield [(n.id, decode(n)) for n in notifications]
        position = notifications[-1].id
        if len(notifications) < batch_size:
            return


def history_lines(
    store: SharedStore, batch_size: int = 2000, stop: int | None = None, progress: Progress | None = None
) -> Iterator[str]:
    """The export's lines: every event up to `stop` (default: the head when the export starts, so events
    recorded meanwhile by a running server do not make it endless), then the seal."""
    stop = store.head() if stop is None else stop
    prev = GENESIS
    count = 0
    started = time.perf_counter()
    for batch in stream_sealed(store, batch_size, stop) if stop else ():
        for position, event in batch:
            content = {"position": position, **asdict(describe(event))}
            digest = _digest(prev, content)
            yield _canonical({**content, "prev": prev, "hash": digest})
            prev = digest
            count += 1
        if progress is not None:
            progress(batch[-1][0], stop, time.perf_counter() - started)
    yield _canonical({"end": True, "lines": count, "hash": prev})


def export(store: SharedStore, out: IO[str], progress: Progress | None = None) -> int:
    """Write the history to `out`; answers the number of events written."""
    lines = 0
    for line in history_lines(store, progress=progress):
        out.write(line + "\n")
        lines += 1
    return lines - 1


class ChainBroken(Exception):
    def __init__(self, line: int, why: str) -> None:
        super().__init__(f"line {line}: {why}")
        self.line = line
        self.why = why


def check(lines: Iterable[str | bytes]) -> int:
    """The number of events in a whole, untouched export; raises ChainBroken naming the first bad line.

    Lines may be bytes (a file read as such): one that is not UTF-8 text is a broken line, not a crash."""
    prev = GENESIS
    count = 0
    last_position = 0
    sealed = False
    for number, line in enumerate(lines, start=1):
        if sealed:
            raise ChainBroken(number, "lines after the seal")
        try:
            text = line.decode() if isinstance(line, bytes) else line
        except UnicodeDecodeError as error:
            raise ChainBroken(number, "not UTF-8 text") from error
        try:
            record = json.loads(text)
        except json.JSONDecodeError as error:
            raise ChainBroken(number, "not JSON") from error
        if not isinstance(record, dict):
            raise ChainBroken(number, "not a JSON object")
        if record.get("end") is True:
            if record.get("lines") != count or record.get("hash") != prev:
                raise ChainBroken(number, "the seal does not match the lines before it")
            sealed = True
            continue
        stated_hash = record.pop("hash", None)
        stated_prev = record.pop("prev", None)
        if stated_prev != prev:
            raise ChainBroken(number, "does not follow the line before it (a line was removed or moved)")
        if _digest(prev, record) != stated_hash:
            raise ChainBroken(number, "content does not match its hash (altered)")
        position = record.get("position")
        if not isinstance(position, int) or position <= last_position:
            raise ChainBroken(number, "positions must increase")
        last_position = position
        prev = stated_hash
        count += 1
    if not sealed:
        raise ChainBroken(count + 1, "the seal line is missing (the file was cut short)")
    return count

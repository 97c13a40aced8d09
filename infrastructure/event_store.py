"""One event store shared by the bounded contexts.

Each context is its own `Application` (own aggregates, own command methods), but all of them append to one
recorder, so history has a single global order: auditors read one log and projections follow one position.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast
from uuid import UUID

from eventsourcing.persistence import (
    ApplicationRecorder,
    DatetimeAsISO,
    DecimalAsStr,
    InfrastructureFactory,
    JSONTranscoder,
    Mapper,
    UUIDAsHex,
)
from eventsourcing.utils import Environment

from infrastructure.group_commit import GroupCommitRecorder
from infrastructure.transcoding import FastJSONTranscoder

STORE_NAME = "freight"


class SharedStore:
    def __init__(self, env: dict[str, str]) -> None:
        # Each context's repository keeps recently used aggregates and fast-forwards them from the store
        # (one query for the events after the cached version) instead of replaying them from the start;
        # fast-forwarding keeps it right when another process wrote in between.
        self.env = {"AGGREGATE_CACHE_MAXSIZE": "1000", **env}
        self.factory: InfrastructureFactory[Any] = InfrastructureFactory.construct(
            Environment(STORE_NAME, self.env)
        )
        self.recorder: ApplicationRecorder = self.factory.application_recorder()
        # One mapper turns any stored event back into its domain event, whichever context wrote it.
        transcoder = self.factory.transcoder()
        if type(transcoder) is JSONTranscoder:  # the default: the same stored JSON, decoded through orjson
            transcoder = FastJSONTranscoder()
        if isinstance(transcoder, JSONTranscoder):
            transcoder.register(UUIDAsHex())
            transcoder.register(DecimalAsStr())
            transcoder.register(DatetimeAsISO())
        self.mapper: Mapper[UUID] = self.factory.mapper(transcoder=transcoder)
        # Commands append through one group-commit writer, shared by every context (GROUP_COMMIT=n: off).
        self.writer: ApplicationRecorder = (
            self.recorder
            if self.env.get("GROUP_COMMIT", "y").lower() in ("n", "no", "0", "false")
            else cast(ApplicationRecorder, GroupCommitRecorder(self.recorder))
        )
        # Told the position of every command this process records (whoever issued it: an HTTP request or a
        # policy), so in-process followers look at once instead of at their next idle poll.
        self.on_recorded: list[Callable[[int], None]] = []

    def head(self) -> int:
        return self.recorder.max_notification_id() or 0

    def close(self) -> None:
        self.factory.close()

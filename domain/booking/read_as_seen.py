"""Staff decide on a booking as their screen read it (decision 3908), and ask for a revision or decline only
of what it read (decision 3910): refused only when what they read has changed (decision 3918).

An aggregate keeps what its staff read as of each time it changed (`ContentMarks`): the time a call names
(the `updatedAt` its screen read) stands for the content as the last change up to it left it, and the call is
refused only when that content is not the content now. A change taken back (an amendment asked and
withdrawn, an update withdrawn, an edit undone) leaves what staff read standing: not refused."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from domain.shared.errors import Conflict
from domain.shared.messages import message

if TYPE_CHECKING:  # a mixin of a lifecycle aggregate: checked as one
    from domain.shared.aggregate import LifecycleAggregate as _Base
else:
    _Base = object


def content_digest(content: object) -> str:
    """What staff read, as one value: the digest of its canonical JSON (a value JSON does not know, such as
    a decimal or a date, by its text)."""
    text = json.dumps(content, sort_keys=True, default=str, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class ContentMarks:
    """The content staff read of one aggregate as of each time it changed: (the changing event's time, the
    content's digest), the first as created. Only changes are kept: an event that leaves the content as it
    was adds nothing, one that takes a change back adds the earlier digest again."""

    marks: tuple[tuple[datetime, str], ...] = ()

    def moved(self, at: datetime, content: object) -> ContentMarks:
        digest = content_digest(content)
        if self.marks and self.marks[-1][1] == digest:
            return self
        return ContentMarks((*self.marks, (at, digest)))

    def changed_since(self, seen: datetime | None) -> bool:
        """Whether the content now is not the content as of `seen` (None: nothing named, nothing compared).
        The events of one aggregate are ordered by the store, so the read model's `updatedAt` is at least
        the time of every change it shows: `seen` names the content as the last change up to it left it (a
        time before the first, the content as created)."""
        if seen is None or not self.marks:
            return False
        seen = _utc(seen)
        read = self.marks[0][1]
        for at, digest in self.marks:
            if at > seen:
                break
            read = digest
        return read != self.marks[-1][1]


class ContentAsRead(_Base):
    """An aggregate that keeps what its staff read (`read_content`) as of each event (`content_marks`): every
    event ends by moving the aggregate's `modified_on`, so no event that changes the content is left out.
    Private bookkeeping (`_content_marks`): the audit's state of the aggregate leaves it out."""

    _content_marks = ContentMarks()

    @property
    def content_marks(self) -> ContentMarks:
        return self._content_marks

    def read_content(self) -> object:
        """What staff read and decide on, as JSON-like values."""
        raise NotImplementedError

    def _content_created(self) -> None:
        """The first mark: the content as the first event (its `__init__`) made it."""
        self._content_marks = ContentMarks().moved(self.created_on, self.read_content())

    @property
    def modified_on(self) -> datetime:
        return self._modified_on

    @modified_on.setter
    def modified_on(self, modified_on: datetime) -> None:
        self._modified_on = modified_on
        self._content_marks = self._content_marks.moved(modified_on, self.read_content())


def _changed_since(changed: ContentMarks | datetime | None, seen: datetime | None) -> bool:
    """`seen`: the `updatedAt` the staff member's screen read (None: the call names none, nothing is
    compared); `changed`: what staff read as of each change (`ContentMarks`), or when the customer asked
    something that has no earlier content to return to (a cancellation request: its own time)."""
    if isinstance(changed, ContentMarks):
        return changed.changed_since(seen)
    if seen is None or changed is None:
        return False
    return changed > _utc(seen)


def check_booking_unchanged(changed: ContentMarks | datetime | None, seen: datetime | None) -> None:
    """A change of the booking (its request, documents, amendment) since what staff read is refused (409),
    recording nothing, so staff never decide on content they did not see."""
    if _changed_since(changed, seen):
        raise Conflict(message("booking.request.changedMeanwhile"))


def check_order_unchanged(changed: ContentMarks | datetime | None, seen: datetime | None) -> None:
    """The same for the shipping order staff accept, return for revision or decline."""
    if _changed_since(changed, seen):
        raise Conflict(message("booking.order.changedMeanwhile"))

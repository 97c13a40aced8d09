"""What staff read of an aggregate, as of each time it changed (decision 3918): a time names the content as
the last change up to it left it, and only a different content now is a change since."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from domain.booking.read_as_seen import ContentMarks, check_booking_unchanged
from domain.shared.errors import Conflict

T0 = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)


def at(minutes: int) -> datetime:
    return T0 + timedelta(minutes=minutes)


def test_a_change_taken_back_is_no_change_since_and_a_change_that_stands_is() -> None:
    marks = ContentMarks().moved(at(0), {"quantity": 2})
    asked = marks.moved(at(1), {"quantity": 2, "amendment": 5})
    back = asked.moved(at(2), {"quantity": 2})
    assert len(back.marks) == 3 and back.marks[0][1] == back.marks[-1][1]
    assert not back.changed_since(at(0))  # read before her amendment: it is as she left it
    assert back.changed_since(at(1))  # read with the amendment open: it is gone
    assert not back.changed_since(at(2))
    assert asked.changed_since(at(0)) and not asked.changed_since(at(1))
    # A time before the first mark reads the content as created; none named compares nothing.
    assert not back.changed_since(at(-5)) and asked.changed_since(at(-5))
    assert not asked.changed_since(None)
    # A naive time is UTC, as the wire's.
    assert asked.changed_since(at(0).replace(tzinfo=None))


def test_an_event_that_leaves_the_content_adds_no_mark_and_the_check_refuses_only_a_change() -> None:
    marks = ContentMarks().moved(at(0), {"quantity": 2}).moved(at(1), {"quantity": 2})
    assert len(marks.marks) == 1
    check_booking_unchanged(marks, at(0))
    with pytest.raises(Conflict):
        check_booking_unchanged(marks.moved(at(2), {"quantity": 5}), at(1))
    # A time still marks a cancellation request (its own request's time, decision 3910).
    check_booking_unchanged(at(1), at(1))
    with pytest.raises(Conflict):
        check_booking_unchanged(at(2), at(1))

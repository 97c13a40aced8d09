"""Policies skip the events they do not act on by their stored topic, without decoding them."""

from __future__ import annotations

from eventsourcing.utils import get_topic

from domain.accounts.account import Account
from domain.accounts.messages import MESSAGE_EVENTS
from domain.accounts.registration import Registration
from domain.booking.rate_request import RateRequest
from domain.notifications.policy import load_notice_modules, notices
from followers.follower import TopicFilter


def test_a_handled_class_is_decoded_and_any_other_is_skipped() -> None:
    skips = TopicFilter(MESSAGE_EVENTS)
    assert not skips(get_topic(Registration.DetailsSubmitted))
    assert not skips(get_topic(Account.PasswordTokenIssued))
    assert skips(get_topic(RateRequest.Created))
    assert skips(get_topic(Account.Created))


def test_a_subclass_of_a_handled_class_is_decoded() -> None:
    class Later(Registration.Declined):
        pass

    assert not TopicFilter(MESSAGE_EVENTS)(get_topic(Later))


def test_an_unknown_topic_is_decoded_so_that_decoding_reports_it() -> None:
    assert not TopicFilter(MESSAGE_EVENTS)("nowhere.module:Gone")


def test_the_notifications_policy_decodes_what_its_notices_are_built_from() -> None:
    load_notice_modules()
    skips = TopicFilter(tuple(notices.event_classes))
    assert all(not skips(get_topic(event_class)) for event_class in notices.event_classes)
    assert notices.event_classes

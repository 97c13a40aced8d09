"""A new trigger's event moves the booking everywhere by being declared: the read model and the
webhook policy take every move of the request's own lifecycle without a line naming it, so none is left
behind silently."""

from __future__ import annotations

import inspect

from domain.booking.rate_request import RateRequest, lifecycle_moves
from domain.integrations.notification_types import NOTIFICATION_TYPES, ORDER_KINDS, move_kind
from policies.webhooks import steps
from projections.booking.handlers import projection, rate_request_moved


def carrying_state() -> set[type]:
    return {
        value
        for name, value in vars(RateRequest).items()
        if inspect.isclass(value)
        and issubclass(value, RateRequest.Event)
        and name != "Event"
        and "state" in value.__dataclass_fields__
    }


def test_the_request_s_own_moves_are_its_events_carrying_its_state_but_its_parts() -> None:
    # The moves known today are found (a new trigger's event adds itself: no list here to extend).
    assert {event.__name__ for event in lifecycle_moves()} >= {
        "Created",
        "Edited",
        "Quoted",
        "PriceAccepted",
        "PriceCancelled",
        "Withdrawn",
        "BookingRequestSubmitted",
        "RevisionRequested",
        "Rejected",
        "BookingConfirmed",
        "QuoteExpired",
        "Completed",
    }
    # The amendments' and cancellation requests' events carry their own machine's state.
    assert RateRequest.AmendmentRequested not in lifecycle_moves()
    assert RateRequest.CancellationConfirmed not in lifecycle_moves()


def test_every_event_carrying_a_state_moves_the_booking_read_model() -> None:
    events = carrying_state()
    assert len(events) >= 22
    assert [e.__name__ for e in events if projection.handler_for_type(e) is None] == []
    # The plain moves are taken by the one move handler, no line naming them.
    assert projection.handler_for_type(RateRequest.PriceAccepted) is rate_request_moved
    assert projection.handler_for_type(RateRequest.Completed) is rate_request_moved


def test_every_move_is_a_notified_step_that_moves_the_booking() -> None:
    for event in lifecycle_moves():
        assert steps.STEPS[event].moves, event.__name__
        assert steps.STEPS[event].notified, event.__name__
    # A new move is notified under its class's name, a kind a subscription may choose.
    assert move_kind(type("PutOnHold", (), {})) == "booking.put_on_hold"


def test_the_moves_are_notified_as_they_were_named() -> None:
    """The kinds of the moves, once written in the policy's table, now derived (`move_kind`): the same (a new
    move adds its own)."""
    derived = {event.__name__: steps.STEPS[event].kind for event in lifecycle_moves()}
    assert {name: derived.get(name) for name in NAMED_BEFORE} == NAMED_BEFORE


NAMED_BEFORE = {
    "Created": "booking.received",
    "Edited": "booking.updated",
    "Quoted": "booking.quoted",
    "PriceAccepted": "booking.price_accepted",
    "PriceCancelled": "booking.price_declined",
    "Withdrawn": "booking.withdrawn",
    "BookingRequestSubmitted": "booking.documents_submitted",
    "RevisionRequested": "booking.revision_requested",
    "Rejected": "booking.rejected",
    "BookingConfirmed": "booking.confirmed",
    "QuoteExpired": "booking.quote_expired",
    "Completed": "booking.completed",
}


def test_the_kinds_a_subscription_may_choose_are_as_they_were() -> None:
    """In this order: the OpenAPI document lists them so. A new kind joins its own family (a new move's after
    the sailing's, a new amendment's after the amendments'), the others keeping their order."""
    assert [kind for kind in NOTIFICATION_TYPES if kind in KINDS_BEFORE] == list(KINDS_BEFORE)
    # The shipping order's kinds (its instructions' and transport document's) come last.
    assert NOTIFICATION_TYPES[-len(ORDER_KINDS) :] == ORDER_KINDS
    added = tuple(kind for kind in NOTIFICATION_TYPES if kind not in (*KINDS_BEFORE, *ORDER_KINDS))
    after = NOTIFICATION_TYPES.index("booking.sailing_rescheduled") + 1
    moves = tuple(kind for kind in added if kind.startswith("booking."))
    assert NOTIFICATION_TYPES[after : after + len(moves)] == moves
    for kind in added:
        family = kind.split(".")[0]
        places = [i for i, other in enumerate(NOTIFICATION_TYPES) if other.split(".")[0] == family]
        assert len(places) > 1 and places == list(range(places[0], places[-1] + 1)), kind


KINDS_BEFORE = (
    "booking.received",
    "booking.reference_assigned",
    "booking.updated",
    "booking.quoted",
    "booking.price_accepted",
    "booking.price_declined",
    "booking.withdrawn",
    "booking.documents_submitted",
    "booking.revision_requested",
    "booking.rejected",
    "booking.confirmed",
    "booking.quote_expired",
    "booking.completed",
    "booking.sailing_chosen",
    "booking.sailing_rescheduled",
    "amendment.asked",
    "amendment.received",
    "amendment.requoted",
    "amendment.confirmed",
    "amendment.declined",
    "amendment.cancelled",
    "cancellation.received",
    "cancellation.confirmed",
    "cancellation.declined",
    "cancellation.withdrawn",
    "tracking.event",
)

"""Staff's side of tracking: publisher keys and the events that matched no booking."""

from __future__ import annotations

from pydantic import Field

from api.mapping import TRACKING_EVENT
from api.schemas.keys import KeyListing
from api.schemas.wire_model import WireModel, wire_keys


class PublisherKeyBody(WireModel):
    label: str = Field(max_length=200)  # who publishes with it: "Rotterdam ECT Delta gate"


class PublisherKey(KeyListing):
    pass


class IssuedPublisherKey(PublisherKey):
    key: str  # answered this once; only its hash is kept


class UnmatchedEvent(WireModel):
    # `eventID` on the wire, as the standard spells it (api/mapping.py's TRACKING_EVENT).
    model_config = wire_keys(TRACKING_EVENT)
    id: str
    event_id: str
    event_type: str
    event_subtype: str | None
    equipment_reference: str | None
    event_date_time: str
    recorded_at: str
    # ACT, EST or PLN: with `event_subtype` (the milestone's code, GTIN), what the screens word in the
    # reader's language (decision 3836).
    classifier: str | None = None
    # What happened, in English words ("Container gated in"), and the references the publisher sent with it
    # (none of them names a booking of this portal: that is why it is unmatched).
    description: str
    sent_references: list[str]


class AssignBody(WireModel):
    booking_reference: str = Field(max_length=100)


class Done(WireModel):
    id: str
    done: bool


class TrackingProgress(WireModel):
    """Where a confirmed booking is, from its tracking events; the spec's `state` is unchanged."""

    # gated-in, loaded, departed, arrived, discharged, gated-out, available, picked-up, delivered; null
    # before the first actual milestone.
    stage: str | None
    summary: str  # "Loaded on KING OF THE SEAS at Bandar Abbas, arriving Hamburg 2027/01/14, 2 days late"
    vessel_name: str | None
    last_milestone_at: str | None
    estimated_arrival: str | None
    arrival_delay_hours: float | None  # the latest estimate against the first plan (negative: early)
    milestones: int
    # The first plan of the arrival: a planned event's, else the booking's sailing's (its transport plan).
    planned_arrival: str | None = None
    # What `summary` says in words, as values the web words in the language it shows: the stage's port and
    # the arrival's (UN/LOCODE and the reference data's name, null when unknown).
    stage_port: str | None = None
    stage_port_name: str | None = None
    arrival_port: str | None = None
    arrival_port_name: str | None = None
    # The estimated arrival's day at its port, in that port's time (`YYYY-MM-DD`), as `summary` says it.
    arrival_day: str | None = None
    # The booking ended (cancelled, rejected, declined or expired) and this is its customer's view: where its
    # cargo was last reported before the end, with no arrival forecast or plan; nothing later is in it
    # (decision 3831). Staff's progress reads every event and says false.
    ended: bool = False
    # How and when the booking ended, said to its customer and to staff alike (decision 3836): the final state
    # it came to (cancelled, rejected_by_admin, rejected_by_client, price_expired) and when that was recorded;
    # null while it is live. Staff's progress still reads every event, those after the end too.
    booking_ended_as: str | None = None
    booking_ended_at: str | None = None


class ContainerMilestone(WireModel):
    """A container's latest actual milestone on a booking, as staff's detail lists it (decision 3843): the
    DCSA equipment code (GTIN, LOAD, DISC, GTOT, ...) the web words from its tracking catalogue, when it
    happened and where (UN/LOCODE, null when the publisher named no place)."""

    equipment_reference: str
    milestone: str
    event_date_time: str
    location: str | None


class NotGatedIn(WireModel):
    """A confirmed booking with containers not gated in while its cargo cut-off is less than 24 h away."""

    rate_request_id: str
    reference: str | None
    customer_name: str
    vessel_name: str | None
    load_port: str  # UN/LOCODE
    cargo_cut_off: str  # the sailing's FCL delivery cut-off (FCO)
    cut_off_passed: bool
    containers_expected: int
    containers_missing: int
    # The shipping order's numbers of the containers missing (empty before the order names them).
    missing_containers: list[str]


class SlippedArrival(WireModel):
    """A booking whose vessel is expected more than 24 h after its first plan, before it arrived."""

    rate_request_id: str
    reference: str | None
    vessel_name: str | None
    arrival_port: str | None  # UN/LOCODE
    estimated_arrival: str | None
    arrival_delay_hours: float
    # The booking ended (decision 3836): its final state and when it came to it, as `TrackingProgress` says;
    # null while it is live. Listed still: staff see every booking's events.
    booking_ended_as: str | None = None
    booking_ended_at: str | None = None


class TrackingExceptions(WireModel):
    not_gated_in: list[NotGatedIn]
    slipped_arrivals: list[SlippedArrival]
    unmatched_events: int  # listed, paged and assigned at /tracking-events/unmatched

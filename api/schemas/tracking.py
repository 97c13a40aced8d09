"""Staff's side of tracking (issue 29): publisher keys and the events that matched no booking."""

from __future__ import annotations

from pydantic import BaseModel, Field


class PublisherKeyBody(BaseModel):
    label: str = Field(max_length=200)  # who publishes with it: "Rotterdam ECT Delta gate"


class PublisherKey(BaseModel):
    id: str
    label: str
    hint: str  # the key's first characters, to tell keys apart
    createdAt: str
    revokedAt: str | None


class IssuedPublisherKey(PublisherKey):
    key: str  # answered this once; only its hash is kept


class UnmatchedEvent(BaseModel):
    id: str
    eventID: str
    eventType: str
    eventSubtype: str | None
    equipmentReference: str | None
    eventDateTime: str
    recordedAt: str


class AssignBody(BaseModel):
    bookingReference: str = Field(max_length=100)


class Done(BaseModel):
    id: str
    done: bool


class TrackingProgress(BaseModel):
    """Where a confirmed booking is, from its tracking events (issue 29); the spec's `state` is unchanged."""

    # gated-in, loaded, departed, arrived, discharged, gated-out, available, picked-up, delivered; null
    # before the first actual milestone.
    stage: str | None
    summary: str  # "Loaded on KING OF THE SEAS at Bandar Abbas, arriving Hamburg 2027/01/14, 2 days late"
    vesselName: str | None
    lastMilestoneAt: str | None
    estimatedArrival: str | None
    arrivalDelayHours: float | None  # the latest estimate against the first plan (negative: early)
    milestones: int
    # The first plan of the arrival: a planned event's, else the booking's sailing's (its transport plan).
    plannedArrival: str | None = None


class NotGatedIn(BaseModel):
    """A confirmed booking with containers not gated in while its cargo cut-off is less than 24 h away."""

    rateRequestId: str
    reference: str | None
    customerName: str
    vesselName: str | None
    loadPort: str  # UN/LOCODE
    cargoCutOff: str  # the sailing's FCL delivery cut-off (FCO)
    cutOffPassed: bool
    containersExpected: int
    containersMissing: int
    # The shipping order's numbers of the containers missing (empty before the order names them).
    missingContainers: list[str]


class SlippedArrival(BaseModel):
    """A booking whose vessel is expected more than 24 h after its first plan, before it arrived."""

    rateRequestId: str
    reference: str | None
    vesselName: str | None
    arrivalPort: str | None  # UN/LOCODE
    estimatedArrival: str | None
    arrivalDelayHours: float


class TrackingExceptions(BaseModel):
    notGatedIn: list[NotGatedIn]
    slippedArrivals: list[SlippedArrival]
    unmatchedEvents: int  # listed, paged and assigned at /tracking-events/unmatched

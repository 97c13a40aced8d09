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

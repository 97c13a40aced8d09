"""The modules that define the read models, each exposing `projection`."""

from __future__ import annotations

# Modules that define a read model (each exposes `projection`). Order matters only for creation.
MODULES = [
    "projections.event_log",
    "projections.accounts",
    "projections.team",
    "projections.registrations",
    "projections.profiles",
    "projections.notifications",
    "projections.booking.handlers",
    "projections.booking.changes",
    "projections.booking.dcsa",
    "projections.booking.sailings",
    "projections.schedules",
    "projections.booking.tariffs",
    "projections.integrations",
    "projections.address_book",
    "projections.tracking",
    "projections.booking_trail",
]

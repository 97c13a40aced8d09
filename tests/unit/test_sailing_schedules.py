"""Schedule values: the sailings a service offers, how a choice names one, what a republication moves."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from api.dcsa.schedules.models import publication_faults, schedule_values
from domain.booking.schedules import (
    Sailing,
    SailingChoice,
    ServiceScheduleValues,
    find_sailing,
    rescheduled_sailings,
)
from domain.shared.errors import ValidationFailed
from tests.api.schedules_support import VESSEL_IMO, VOYAGE, publication, sample

LEAVING = datetime(2026, 12, 11, 8, 0, tzinfo=UTC)


class Finder:
    def __init__(self, schedules: list[ServiceScheduleValues]) -> None:
        self.all = [s for values in schedules for s in values.sailings()]

    def sailings_between(self, load_port: str, discharge_port: str) -> list[Sailing]:
        return [s for s in self.all if (s.load_port, s.discharge_port) == (load_port, discharge_port)]

    def route(self, routing_reference: str) -> Sailing | None:
        return next((s for s in self.all if s.routing_reference == routing_reference), None)


def test_a_vessel_schedule_offers_every_later_call_from_each_call() -> None:
    [service] = schedule_values(publication(LEAVING))
    pairs = [(s.load_port, s.discharge_port) for s in service.sailings()]
    # The last call has no departure: nothing leaves from it.
    assert pairs == [
        ("CNSHA", "SGSIN"),
        ("CNSHA", "IRBND"),
        ("CNSHA", "IRZBR"),
        ("SGSIN", "IRBND"),
        ("SGSIN", "IRZBR"),
        ("IRBND", "IRZBR"),
    ]
    to_chabahar = service.sailings()[2]
    assert to_chabahar.transit_days == 21
    assert to_chabahar.shipping_instructions_cut_off == "2026-12-08T08:00:00Z"
    assert service.sailings()[3].cut_offs == ()  # Singapore publishes none


def test_a_choice_names_one_sailing_or_is_refused_naming_why() -> None:
    finder = Finder(schedule_values(publication(LEAVING)))
    found = find_sailing(
        SailingChoice(vessel_imo_number=VESSEL_IMO, export_voyage=VOYAGE), "CNSHA", "IRZBR", finder
    )
    assert found.discharge_port == "IRZBR"
    by_date = SailingChoice(service_code="PGX", departure_date="2026-12-11")
    assert find_sailing(by_date, "CNSHA", "SGSIN", finder).export_voyage == VOYAGE
    by_route = SailingChoice(routing_reference=found.routing_reference)
    assert find_sailing(by_route, None, None, finder) == found
    with pytest.raises(ValidationFailed) as wrong_day:
        find_sailing(SailingChoice(service_code="PGX", departure_date="2026-12-12"), "CNSHA", "SGSIN", finder)
    assert "sailing" in wrong_day.value.fields
    with pytest.raises(ValidationFailed) as other_port:
        find_sailing(by_route, "CNSHA", "SGSIN", finder)
    assert "sailing.routing_reference" in other_port.value.fields
    assert not SailingChoice(export_voyage=VOYAGE).names_a_sailing  # a voyage alone names none


def test_a_departure_date_is_the_port_of_loadings_day_not_the_utc_one() -> None:
    # 20:00 UTC is 04:00 the next day in Shanghai: the day a shipper names, as /v2 and the screens say it.
    evening = datetime(2026, 12, 11, 20, 0, tzinfo=UTC)
    finder = Finder(schedule_values(publication(evening)))
    shanghai_day = SailingChoice(service_code="PGX", departure_date="2026-12-12")
    assert find_sailing(shanghai_day, "CNSHA", "SGSIN", finder).export_voyage == VOYAGE
    with pytest.raises(ValidationFailed):
        find_sailing(SailingChoice(service_code="PGX", departure_date="2026-12-11"), "CNSHA", "SGSIN", finder)


def test_a_republication_moves_only_the_sailings_whose_times_changed() -> None:
    [before] = schedule_values(publication(LEAVING))
    booked = {"a": before.sailings()[0], "b": before.sailings()[5]}
    assert rescheduled_sailings(booked, [before]) == {}
    [after] = schedule_values(publication(LEAVING, shift_hours=30))
    moved = rescheduled_sailings(booked, [after])
    assert set(moved) == {"a", "b"}
    assert moved["a"].departure == booked["a"].departure and moved["a"].arrival > booked["a"].arrival
    [other] = schedule_values(publication(LEAVING, service="PGY", shift_hours=30))
    assert rescheduled_sailings(booked, [other]) == {}  # another service moves nothing of PGX


def test_the_standard_sample_is_a_valid_publication_and_a_broken_one_names_its_path() -> None:
    assert publication_faults(sample()) == {}
    broken = sample()
    broken[0]["vesselSchedules"][0]["isDummyVessel"] = "yes"
    assert list(publication_faults(broken)) == ["$[0].vesselSchedules[0].isDummyVessel"]
    assert publication_faults([]) == {"$": "Publish at least one service"}
    assert "$[1].carrierServiceCode" in publication_faults(sample() + sample())

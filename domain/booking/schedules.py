"""The carrier's sailing schedules, as staff publish them, and the sailing a booking is made for.

A `ServiceSchedule` aggregate per service (its code names it): each publication replaces the service's vessel
schedules whole and records who published what, when. The values below are the schedule in the domain's own
terms (the API maps the Commercial Schedules standard's body onto them and back); a `Sailing` is one vessel's
voyage from a port of loading to a port of discharge on a service, with the cut-offs at the port of loading.

Times are kept as UTC ISO 8601 text (`2026-12-01T08:00:00Z`): events stay plain data, and text of one width
sorts as time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from typing import Any, Protocol

from eventsourcing.domain import Aggregate

from domain.shared.actor import Actor
from domain.shared.aggregate import ActorEvent, DomainAggregate, audit_fields
from domain.shared.errors import ValidationFailed
from domain.shared.ids import name_based_id
from domain.shared.local_time import port_day
from domain.shared.messages import message

# The documentation (shipping instruction) cut-off: reminders and late orders are measured against it.
SHIPPING_INSTRUCTIONS_CUT_OFF = "DCO"
# The FCL delivery (cargo) cut-off: a container not gated in a day before it is an exception for staff.
CARGO_CUT_OFF = "FCO"
# The cut-offs' names as screens and e-mails write them.
CUT_OFF_NAMES = {
    "DCO": "Shipping instructions (documentation)",
    "VCO": "Verified gross mass (VGM)",
    "FCO": "FCL delivery",
    "LCO": "LCL delivery",
    "EFC": "Earliest full-container delivery",
}
# The most transport calls one vessel schedule, and one publication, may have: a real rotation has dozens;
# more is a mistake or an attack, and every reader of a schedule pays for each call.
MAX_CALLS_PER_VESSEL = 500
MAX_CALLS_PER_PUBLICATION = 5000
# Which of a call's times counts when it has several: the actual, else the estimated, else the planned.
_CLASSIFIER_RANK = {"ACT": 0, "EST": 1, "PLN": 2}


def _plain(value: Any) -> Any:
    """A record as the store gives it back (lists, not tuples): records compare equal across a reload."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def utc_text(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_time(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(UTC)


@dataclass(frozen=True)
class Vessel:
    imo_number: str | None = None
    name: str | None = None
    mmsi_number: str | None = None
    flag: str | None = None
    call_sign: str | None = None
    operator_carrier_code: str | None = None
    operator_code_list_provider: str | None = None


@dataclass(frozen=True)
class CallTime:
    kind: str  # ARRI or DEPA
    classifier: str  # PLN, EST or ACT
    at: str  # UTC ISO text


@dataclass(frozen=True)
class CutOff:
    code: str  # DCO, VCO, FCO, LCO, EFC, ...
    at: str  # UTC ISO text


@dataclass(frozen=True)
class PortCall:
    transport_call_reference: str
    import_voyage: str
    export_voyage: str | None = None
    port_visit_reference: str | None = None
    universal_import_voyage: str | None = None
    universal_export_voyage: str | None = None
    un_location_code: str | None = None
    location_name: str | None = None
    facility_smdg_code: str | None = None
    times: tuple[CallTime, ...] = ()
    cut_offs: tuple[CutOff, ...] = ()

    def time(self, kind: str) -> str | None:
        """The call's arrival (ARRI) or departure (DEPA): actual, else estimated, else planned."""
        found = sorted(
            (t for t in self.times if t.kind == kind), key=lambda t: _CLASSIFIER_RANK.get(t.classifier, 9)
        )
        return found[0].at if found else None

    @property
    def voyage(self) -> str:
        """The voyage a ship leaves this port on (the export voyage, else the import one)."""
        return self.export_voyage or self.import_voyage


@dataclass(frozen=True)
class VesselSchedule:
    is_dummy_vessel: bool
    vessel: Vessel | None = None
    calls: tuple[PortCall, ...] = ()


@dataclass(frozen=True)
class ServiceScheduleValues:
    service_code: str
    service_name: str
    universal_service_reference: str | None = None
    vessel_schedules: tuple[VesselSchedule, ...] = ()

    def to_record(self) -> dict[str, Any]:
        return dict(_plain(asdict(self)))

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> ServiceScheduleValues:
        def call(raw: Mapping[str, Any]) -> PortCall:
            fields = dict(raw)
            fields["times"] = tuple(CallTime(**t) for t in raw.get("times", ()))
            fields["cut_offs"] = tuple(CutOff(**c) for c in raw.get("cut_offs", ()))
            return PortCall(**fields)

        return cls(
            service_code=record["service_code"],
            service_name=record["service_name"],
            universal_service_reference=record.get("universal_service_reference"),
            vessel_schedules=tuple(
                VesselSchedule(
                    is_dummy_vessel=bool(v["is_dummy_vessel"]),
                    vessel=Vessel(**v["vessel"]) if v.get("vessel") else None,
                    calls=tuple(call(c) for c in v.get("calls", ())),
                )
                for v in record.get("vessel_schedules", ())
            ),
        )

    def sailings(self) -> list[Sailing]:
        """Every sailing of this service: each pair of calls of one vessel schedule, the later one after
        the earlier (a voyage may be renumbered between them; the voyage is the one it leaves on). Quadratic
        in the calls: for the questions below, which answer in time linear in the calls and what they find."""
        return [
            found
            for schedule in self.vessel_schedules
            for i, load in enumerate(schedule.calls)
            for discharge in schedule.calls[i + 1 :]
            if (found := self._sailing(schedule, load, discharge)) is not None
        ]

    def legs(self) -> list[Sailing]:
        """Each vessel's sailings from one call to the next (what the staff console lists)."""
        return [
            found
            for schedule in self.vessel_schedules
            for load, discharge in zip(schedule.calls, schedule.calls[1:], strict=False)
            if (found := self._sailing(schedule, load, discharge)) is not None
        ]

    def sailings_between(self, load_port: str, discharge_port: str) -> list[Sailing]:
        """The sailings from one port to another (each vessel's calls there, paired in order)."""
        found: list[Sailing] = []
        for schedule in self.vessel_schedules:
            loads: list[PortCall] = []
            for call in schedule.calls:
                if call.un_location_code == discharge_port:
                    found.extend(
                        s for load in loads if (s := self._sailing(schedule, load, call)) is not None
                    )
                if call.un_location_code == load_port:
                    loads.append(call)
        return found

    def sailing(self, load_call_reference: str, discharge_call_reference: str) -> Sailing | None:
        """The sailing between two calls named by their references (a route, a booked sailing), if any."""
        for schedule in self.vessel_schedules:
            refs = [c.transport_call_reference for c in schedule.calls]
            load_at = refs.index(load_call_reference) if load_call_reference in refs else None
            if load_at is None:
                continue
            for discharge in schedule.calls[load_at + 1 :]:
                if discharge.transport_call_reference == discharge_call_reference:
                    found = self._sailing(schedule, schedule.calls[load_at], discharge)
                    if found is not None:
                        return found
        return None

    def _sailing(self, schedule: VesselSchedule, load: PortCall, discharge: PortCall) -> Sailing | None:
        departure = load.time("DEPA")
        if not load.un_location_code or departure is None:
            return None
        arrival = discharge.time("ARRI")
        if not discharge.un_location_code or arrival is None or arrival <= departure:
            return None
        if discharge.un_location_code == load.un_location_code:
            return None
        vessel = schedule.vessel or Vessel()
        return Sailing(
            service_code=self.service_code,
            service_name=self.service_name,
            universal_service_reference=self.universal_service_reference,
            vessel_imo_number=vessel.imo_number,
            vessel_name=vessel.name,
            export_voyage=load.voyage,
            import_voyage=discharge.import_voyage,
            load_port=load.un_location_code,
            load_call_reference=load.transport_call_reference,
            departure=departure,
            discharge_port=discharge.un_location_code,
            discharge_call_reference=discharge.transport_call_reference,
            arrival=arrival,
            cut_offs=load.cut_offs,
        )


@dataclass(frozen=True)
class Sailing:
    """One vessel's voyage on a service from a port of loading to a port of discharge."""

    service_code: str
    service_name: str
    vessel_imo_number: str | None
    vessel_name: str | None
    export_voyage: str
    import_voyage: str
    load_port: str
    load_call_reference: str
    departure: str
    discharge_port: str
    discharge_call_reference: str
    arrival: str
    cut_offs: tuple[CutOff, ...] = ()
    universal_service_reference: str | None = None
    # An estimate made at confirmation from the booking's ports and date (no sailing was published or
    # named): no vessel, service or voyage, and times that staff replace with a published sailing.
    estimated: bool = False

    @property
    def routing_reference(self) -> str:
        """Names this sailing as a point-to-point route (the standard's `routingReference`)."""
        return f"{self.service_code}::{self.load_call_reference}::{self.discharge_call_reference}"

    @property
    def transit_days(self) -> int:
        return max(0, round((parse_time(self.arrival) - parse_time(self.departure)).total_seconds() / 86400))

    def cut_off(self, code: str) -> str | None:
        return next((c.at for c in self.cut_offs if c.code == code), None)

    @property
    def shipping_instructions_cut_off(self) -> str | None:
        return self.cut_off(SHIPPING_INSTRUCTIONS_CUT_OFF)

    def open_to_booking(self, now: datetime) -> bool:
        """Whether a booking may still be made on this sailing at `now` (decision 3869): its documentation
        (shipping-instruction) cut-off is ahead, or its departure when the schedule gives no such cut-off.
        Past it the carrier takes no new shipment: an order would come in after the cut-off."""
        return parse_time(self.shipping_instructions_cut_off or self.departure) > now

    @property
    def cargo_cut_off(self) -> str | None:
        return self.cut_off(CARGO_CUT_OFF)

    def to_record(self) -> dict[str, Any]:
        record = dict(_plain(asdict(self)))
        if not self.estimated:  # a published sailing's record is as it was before estimates existed
            del record["estimated"]
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Sailing:
        fields = dict(record)
        fields["cut_offs"] = tuple(CutOff(**c) for c in record.get("cut_offs", ()))
        return cls(**fields)

    def same_voyage(self, other: Sailing) -> bool:
        """The same vessel's call pair: the times and cut-offs may differ (a republished schedule)."""
        return (self.service_code, self.load_call_reference, self.discharge_call_reference) == (
            other.service_code,
            other.load_call_reference,
            other.discharge_call_reference,
        )

    def times_differ(self, other: Sailing) -> bool:
        return (self.departure, self.arrival) != (other.departure, other.arrival)

    def with_times_of(self, other: Sailing) -> Sailing:
        return replace(self, departure=other.departure, arrival=other.arrival, cut_offs=other.cut_offs)


@dataclass(frozen=True)
class SailingChoice:
    """How a customer or staff name a sailing: a vessel and its export voyage, a service and the expected
    departure date, or a point-to-point route's reference."""

    vessel_imo_number: str | None = None
    export_voyage: str | None = None
    service_code: str | None = None
    departure_date: str | None = None  # YYYY-MM-DD
    routing_reference: str | None = None

    @property
    def names_a_sailing(self) -> bool:
        return bool(
            self.routing_reference
            or (self.vessel_imo_number and self.export_voyage)
            or (self.service_code and self.departure_date)
            or (self.service_code and self.export_voyage)
        )

    def matches(self, sailing: Sailing) -> bool:
        if self.routing_reference:
            return sailing.routing_reference == self.routing_reference
        if self.vessel_imo_number and sailing.vessel_imo_number != self.vessel_imo_number:
            return False
        if self.export_voyage and sailing.export_voyage != self.export_voyage:
            return False
        if self.service_code and sailing.service_code != self.service_code:
            return False
        # The day a customer names is the port's: a departure at 04:00 in Shanghai is that day there.
        day = self.departure_date
        return not (day and port_day(sailing.departure, sailing.load_port) != day)


class SailingFinder(Protocol):
    """The sailings of the published schedules (answered from the schedules' read model)."""

    def sailings_between(self, load_port: str, discharge_port: str) -> list[Sailing]: ...

    def route(self, routing_reference: str) -> Sailing | None: ...


class NoSailings:
    def sailings_between(self, load_port: str, discharge_port: str) -> list[Sailing]:
        return []

    def route(self, routing_reference: str) -> Sailing | None:
        return None


class CargoDepartures(Protocol):
    """What the booking's tracking saw of its cargo sailing (answered from the tracking read model)."""

    def sailed(self, rate_request_id: str) -> str | None:
        """When the vessel left the booking's port of loading (the standard's date-time text, in the port's
        own offset), or None while it has not."""
        ...


class NoDepartures:
    def sailed(self, rate_request_id: str) -> str | None:
        return None


def find_sailing(
    choice: SailingChoice,
    load_port: str | None,
    discharge_port: str | None,
    finder: SailingFinder,
    now: datetime | None = None,
) -> Sailing:
    """The one published sailing `choice` names between these ports, or `ValidationFailed` on `sailing`.
    Given `now`, a sailing whose documentation cut-off has passed is refused (decision 3869)."""
    if choice.routing_reference:
        found = finder.route(choice.routing_reference)
        if found is None or (load_port and found.load_port != load_port):
            raise ValidationFailed({"sailing.routing_reference": "No published route has this reference"})
        if discharge_port and found.discharge_port != discharge_port:
            raise ValidationFailed(
                {"sailing.routing_reference": "This route does not go to the booking's port of discharge"}
            )
        if now is not None and not found.open_to_booking(now):
            raise ValidationFailed({"sailing.routing_reference": message("booking.sailing.cutOffPassed")})
        return found
    if not choice.names_a_sailing:
        raise ValidationFailed(
            {"sailing": "Name a sailing by vessel IMO number and export voyage, or by service and date"}
        )
    if not load_port or not discharge_port:
        raise ValidationFailed({"sailing": "A sailing is chosen between a port of loading and of discharge"})
    matching = [s for s in finder.sailings_between(load_port, discharge_port) if choice.matches(s)]
    if not matching:
        raise ValidationFailed(
            {"sailing": f"No published sailing from {load_port} to {discharge_port} matches this choice"}
        )
    if now is not None:
        matching = [s for s in matching if s.open_to_booking(now)]
        if not matching:
            raise ValidationFailed({"sailing": message("booking.sailing.cutOffPassed")})
    return min(matching, key=lambda s: s.departure)


class ServiceSchedule(DomainAggregate):
    """A service's published schedule: each publication replaces the previous one whole."""

    class Created(Aggregate.Created):
        service_code: str

    @staticmethod
    def id_for(service_code: str) -> Any:
        return name_based_id("service-schedule", service_code)

    @classmethod
    def open(cls, service_code: str) -> ServiceSchedule:
        return cls._create(cls.Created, id=cls.id_for(service_code), service_code=service_code)

    def __init__(self, service_code: str) -> None:
        self.service_code = service_code
        self.schedule: dict[str, Any] | None = None

    @property
    def values(self) -> ServiceScheduleValues | None:
        return None if self.schedule is None else ServiceScheduleValues.from_record(self.schedule)

    def publish(self, values: ServiceScheduleValues, actor: Actor) -> bool:
        """Record the publication; False (nothing recorded) when it is the schedule already published."""
        record = values.to_record()
        if record == self.schedule:
            return False
        self._record(self.Published, audit_fields(actor), schedule=record)
        return True

    class Published(ActorEvent):
        schedule: dict[str, Any]

        def apply(self, aggregate: ServiceSchedule) -> None:
            aggregate.schedule = self.schedule

    def withdraw(self, actor: Actor) -> bool:
        """Take the service off the published schedules; False (nothing recorded) when it is not on them. A
        later publication of the service puts it back."""
        if self.schedule is None:
            return False
        self._record(self.Withdrawn, audit_fields(actor), service_code=self.service_code)
        return True

    class Withdrawn(ActorEvent):
        service_code: str

        def apply(self, aggregate: ServiceSchedule) -> None:
            aggregate.schedule = None


def rescheduled_sailings(
    booked: Mapping[str, Sailing], published: list[ServiceScheduleValues]
) -> dict[str, Sailing]:
    """Of the booked sailings ({booking id: sailing}), those whose call pair the publication keeps with
    another departure or arrival: {booking id: the sailing as now published}."""
    services = {s.service_code: s for s in published}
    moved: dict[str, Sailing] = {}
    for booking_id, sailing in booked.items():
        schedule = services.get(sailing.service_code)
        if schedule is None:
            continue
        now = schedule.sailing(sailing.load_call_reference, sailing.discharge_call_reference)
        if now is not None and (now.times_differ(sailing) or now.cut_offs != sailing.cut_offs):
            moved[booking_id] = sailing.with_times_of(now)
    return moved

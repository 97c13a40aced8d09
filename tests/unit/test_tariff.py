"""The tariff's rules without a server: reading an upload, matching and the nearest row, the
charges a row gives, a version 1 quote read back with one all-in charge, and what the notices say."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest

from domain.booking import notices as _booking_notices  # noqa: F401  (registers the builders)
from domain.booking import tariff as tariff
from domain.booking.application import BookingApplication
from domain.booking.charges import (
    Cargo,
    ChargeDraft,
    booking_total,
    charge,
    per_container_total,
    repriced,
    staff_charges,
)
from domain.booking.rate_request import RateRequest
from domain.notifications.policy import STAFF as STAFF_RECIPIENT
from domain.notifications.policy import notices
from domain.shared.actor import ADMIN, CUSTOMER, SYSTEM_ACTOR, Actor
from domain.shared.errors import ValidationFailed
from domain.shared.messages import message
from tests.unit.history_support import Known, sqlite_store, write_old_event

HEADER = (
    "pol,pod,container_size,container_type,cargo,valid_from,valid_to,ocean_freight,baf,thc_origin,"
    "thc_destination,dg_surcharge,reefer_surcharge,documentation_fee"
)
PORTS = {"CNSHA": 1, "SGSIN": 2, "CNNGB": 3}
EQUIPMENT = tariff.Equipment({"20": 1, "40": 2}, {"Dry": 1, "Refrigerated": 2})
START, END = date(2030, 3, 1), date(2030, 3, 31)


def read(*rows: str, header: str = HEADER) -> list[tariff.TariffRow]:
    return tariff.read_tariff("\n".join((header, *rows)), PORTS.get, EQUIPMENT)


def numbered(rows: list[tariff.TariffRow], version: int) -> list[tariff.TariffRow]:
    return [tariff.TariffRow.from_record(version, r.to_record()) for r in rows]


def row_number(row: tariff.TariffRow | None) -> int | None:
    """The line of the tariff file a found row came from (None when none was found)."""
    return None if row is None else row.row


def shipment(**changes: Any) -> tariff.Shipment:
    fields: dict[str, Any] = {
        "pol_id": 1,
        "pod_id": 2,
        "container_size_id": 2,
        "container_type_id": 1,
        "dangerous": False,
        "reefer": False,
        "day": date(2030, 3, 10),
    }
    fields.update(changes)
    return tariff.Shipment(**fields)


def test_an_upload_is_read_in_any_case_with_blank_surcharges_as_zero() -> None:
    rows = read(
        f"cnsha,sgsin,40,dry,General,{START},{END},1000,,,,,,",
        "",
        f"CNSHA,SGSIN,40,Refrigerated,any,{START},{END},2000.5,1,2,3,4,5,6",
        header="\ufeff" + HEADER.upper(),
    )
    assert [(r.row, r.pol, r.cargo, r.container_type_id) for r in rows] == [
        (2, "CNSHA", "general", 1),
        (4, "CNSHA", "any", 2),
    ]
    assert rows[0].amounts["baf"] == Decimal("0.00") and rows[1].amounts["ocean_freight"] == Decimal(
        "2000.50"
    )
    # The record form (what the event carries) reads back as the same row.
    assert numbered(rows, 1)[1].amounts == rows[1].amounts and numbered(rows, 1)[1].version == 1


def test_every_bad_cell_is_named_by_line_and_column() -> None:
    with pytest.raises(ValidationFailed) as failure:
        read(
            f"CNSHA,CNSHA,20,Dry,any,{START},{END},0,x,0,0,0,0,0",
            f"CNSHA,SGSIN,20,Dry,any,03/01/2030,{END},10,0,0,0,0,0,0",
            "CNSHA,SGSIN,20",
        )
    assert failure.value.fields == {
        "rows.2.pod": "Port of discharge must differ from the port of loading",
        "rows.2.ocean_freight": "Ocean freight must be a positive sum of USD with at most two decimals",
        "rows.2.baf": "Amount must be a sum of USD, zero or more, with at most two decimals",
        "rows.3.valid_from": "Date must be YYYY-MM-DD",
        "rows.4": "The row must have 14 cells",
    }
    with pytest.raises(ValidationFailed) as failure:
        read(header=HEADER.replace("baf", "bunker"))
    assert failure.value.fields == {"rows.1.baf": "Missing column", "rows.1.bunker": "Unknown column"}


def test_a_row_for_the_cargo_class_comes_before_an_any_row_and_days_bound_it() -> None:
    rows = numbered(
        read(
            f"CNSHA,SGSIN,40,Dry,any,{START},{END},900,0,0,0,300,0,0",
            f"CNSHA,SGSIN,40,Dry,dangerous,{START},{END},1200,0,0,0,300,0,0",
        ),
        4,
    )
    assert row_number(tariff.matching_row(rows, shipment())) == 2
    assert row_number(tariff.matching_row(rows, shipment(dangerous=True))) == 3
    assert tariff.matching_row(rows, shipment(day=START)) is not None
    assert tariff.matching_row(rows, shipment(day=END)) is not None
    assert tariff.matching_row(rows, shipment(day=START - timedelta(days=1))) is None
    assert tariff.matching_row(rows, shipment(day=END + timedelta(days=1))) is None
    assert tariff.matching_row(rows, shipment(container_size_id=1)) is None
    assert tariff.matching_row(rows, shipment(pol_id=2, pod_id=1)) is None
    # Nearest for staff: same equipment, then cargo class, then the fewest days off.
    late = shipment(day=END + timedelta(days=3), dangerous=True)
    assert row_number(tariff.nearest_row(rows, late)) == 3
    assert row_number(tariff.nearest_row(rows, shipment(container_size_id=1))) == 2
    assert tariff.nearest_row(rows, shipment(pol_id=3)) is None


def test_charges_of_a_row_and_the_instant_validity() -> None:
    row = numbered(read(f"CNSHA,SGSIN,40,Refrigerated,any,{START},{END},1000,100,0,50,300,600,40"), 2)[0]
    general = tariff.row_charges(row, shipment(container_type_id=2))
    assert [c.code for c in general] == ["ocean_freight", "baf", "thc_destination", "documentation_fee"]
    reefer_dg = tariff.row_charges(row, shipment(container_type_id=2, reefer=True, dangerous=True))
    assert per_container_total(reefer_dg) == Decimal("2050")
    assert booking_total(reefer_dg, 3) == Decimal("6190")
    now = datetime(2030, 3, 1, 12, tzinfo=UTC)
    assert tariff.instant_validity(row, now) == now + timedelta(days=7)
    assert tariff.instant_validity(row, datetime(2030, 3, 29, tzinfo=UTC)).date() == END


DRY = Cargo(dangerous=False, reefer=False)


def test_staff_charges_are_known_once_and_money() -> None:
    given = staff_charges(
        [ChargeDraft("baf", "10"), ChargeDraft("ocean_freight", 90), ChargeDraft("dg_surcharge", 0)],
        Cargo(dangerous=True, reefer=False),
    )
    assert [(c.code, c.amount) for c in given] == [
        ("ocean_freight", Decimal("90.00")),
        ("baf", Decimal("10.00")),
    ]
    with pytest.raises(ValidationFailed) as failure:
        staff_charges([ChargeDraft("baf", "-1"), ChargeDraft("baf", "1"), ChargeDraft("tip", "1")], DRY)
    assert set(failure.value.fields) == {"charges.0.amount", "charges.1.code", "charges.2.code"}
    with pytest.raises(ValidationFailed):
        staff_charges([ChargeDraft("documentation_fee", "40")], DRY)  # nothing per container


@pytest.mark.parametrize(
    ("cargo", "refused"),
    [
        (DRY, {"charges.1.code", "charges.2.code"}),
        (Cargo(dangerous=True, reefer=False), {"charges.2.code"}),
        (Cargo(dangerous=False, reefer=True), {"charges.1.code"}),
    ],
)
def test_a_surcharge_is_given_only_to_the_cargo_it_is_for(cargo: Cargo, refused: set[str]) -> None:
    lines = [
        ChargeDraft("ocean_freight", 900),
        ChargeDraft("dg_surcharge", 50),
        ChargeDraft("reefer_surcharge", 70),
    ]
    with pytest.raises(ValidationFailed) as failure:
        staff_charges(lines, cargo)
    assert set(failure.value.fields) == refused
    assert {failure.value.fields[f] for f in refused} == {message("booking.charge.cargo")}


def test_an_amended_price_drops_a_surcharge_the_amended_cargo_no_longer_carries() -> None:
    """A reefer amended to a dry container: the reefer surcharge goes, its share to the ocean freight."""
    booked = [charge("ocean_freight", Decimal("1000")), charge("reefer_surcharge", Decimal("300"))]
    fee = charge("documentation_fee", Decimal("40"))
    dry = repriced([*booked, fee], Decimal("1500"), DRY)
    assert [(c.code, c.amount) for c in dry] == [
        ("ocean_freight", Decimal("1500")),
        ("documentation_fee", Decimal("40")),
    ]
    kept = repriced([*booked, fee], Decimal("1500"), Cargo(dangerous=False, reefer=True))
    assert [(c.code, c.amount) for c in kept][:2] == [
        ("ocean_freight", Decimal("1200")),
        ("reefer_surcharge", Decimal("300")),
    ]


def test_a_version_1_quote_reads_as_one_all_in_charge(tmp_path: Path) -> None:
    store = sqlite_store(tmp_path)
    booking = BookingApplication(store)
    customer = Actor("c1", CUSTOMER)
    request = RateRequest.create("c1", "legacy", {"quantity": 1}, "FB-2025-000001", customer, id=uuid4())
    booking.record(request)
    # The Quoted event exactly as version 1 wrote it: no charges, no tariff, no `class_version`.
    v1_state = {
        "originator_id": request.id.hex,
        "originator_version": 2,
        "timestamp": {"_type_": "datetime_iso", "_data_": "2025-06-01T10:00:00+00:00"},
        "price": {"_type_": "decimal_str", "_data_": "1250.50"},
        "valid_until": {"_type_": "datetime_iso", "_data_": "2025-06-08T10:00:00+00:00"},
        "state": "quoted",
        "customer_id": "c1",
        "actor_id": "staff",
        "actor_role": "admin",
        "reason": None,
    }
    write_old_event(store, RateRequest.Quoted, v1_state)
    loaded = booking.rate_request(request.id, SYSTEM_ACTOR)
    assert loaded.price == Decimal("1250.50")
    assert loaded.charges == [
        {"code": "ocean_freight", "name": "Ocean freight", "amount": "1250.50", "per": "container"}
    ]
    quoted = list(booking.events.get(request.id))[-1]
    assert isinstance(quoted, RateRequest.Quoted)
    assert quoted.tariff_version is None and quoted.tariff_row is None
    store.close()


def test_an_instant_quote_tells_the_customer_the_breakdown_and_the_staff_nothing() -> None:
    customer = Actor("customer-a", CUSTOMER)
    details = {"quantity": 2, "commodity": "Tea"}
    request = RateRequest.create(customer.id, "alice", details, "FB-2026-000009", customer)
    row = numbered(read(f"CNSHA,SGSIN,40,Dry,any,{START},{END},1000,150.5,0,0,0,0,45"), 3)[0]
    charges = tariff.row_charges(row, shipment())
    now = datetime(2030, 3, 1, tzinfo=UTC)
    request.quote(per_container_total(charges), now + timedelta(days=7), now, SYSTEM_ACTOR, charges, row)
    built = [
        n for e in request.collect_events() for n in notices.build(e, Known(request, staff=("staff-1",)))
    ]
    assert [n.recipient for n in built] == ["customer-a"]
    assert built[0].message == (
        "Your booking FB-2026-000009 has a price of $1,150.50 per container (Ocean freight $1,000.00 +"
        " Bunker adjustment (BAF) $150.50; Documentation fee $45.00 per booking); $2,346.00 in all for 2"
        " containers, valid until 2030/03/08 00:00 UTC."
    )
    # A request staff must price is still new work for them.
    other = RateRequest.create(customer.id, "alice", details, "FB-2026-000009", customer)
    other.quote(Decimal(10), now + timedelta(days=1), now, Actor("staff", ADMIN))
    staff = [n for e in other.collect_events() for n in notices.build(e, Known(other, staff=("staff-1",)))]
    assert [n.recipient for n in staff] == [STAFF_RECIPIENT, "customer-a"]

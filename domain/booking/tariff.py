"""The carrier's tariff: rows of prices per lane and equipment that staff publish as CSV, and the matching
of a rate request to the row that prices it at once.

A publication is one event on the one `Tariff` aggregate (who published which version, when, and its
rows); it replaces the rows of the lanes it names. The rows in force are a read model; commands ask them
through `TariffRates`, so the domain knows no table. Ports are named by UN/LOCODE and found through the
reference catalog's `port_id`, the one lookup by code, whatever port list answers it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Any, Protocol

from eventsourcing.domain import event

from domain.booking.charges import CHARGE_KINDS, Cargo, Charge, amount, applies, charge
from domain.shared.actor import Actor
from domain.shared.aggregate import ActorCreated, ActorEvent, DomainAggregate, audit_fields
from domain.shared.errors import ValidationFailed
from domain.shared.ids import name_based_id
from domain.shared.messages import message
from domain.shared.moments import date_problem
from domain.shared.reasons import system_reason

COLUMNS = (
    "pol", "pod", "container_size", "container_type", "cargo", "valid_from", "valid_to",
    "ocean_freight", "baf", "thc_origin", "thc_destination", "dg_surcharge", "reefer_surcharge",
    "documentation_fee",
)  # fmt: skip
# Optional columns: a file without them reads as before.
OPTIONAL_COLUMNS = ("transit_days",)
MAX_TRANSIT_DAYS = 120
MONEY = tuple(CHARGE_KINDS)
GENERAL, DANGEROUS, ANY = "general", "dangerous", "any"
CARGO = (GENERAL, DANGEROUS, ANY)
MAX_ROWS = 10_000
# No cell of a tariff is longer (a port code, a size name, a sum); a longer one is refused by its row and
# column. The reader's own bound is raised above the body's size so that it never answers for this one.
MAX_CELL = 200
csv.field_size_limit(max(csv.field_size_limit(), 16 * 1024 * 1024))
# An instant quote holds for a week at most (or until its row's last day, if that comes first).
INSTANT_VALIDITY = timedelta(days=7)
TARIFF_ID = name_based_id("tariff", "carrier")


@dataclass(frozen=True)
class TariffRow:
    """One row of a published tariff; `row` is its line in the uploaded file (the header is line 1)."""

    version: int
    row: int
    pol: str
    pod: str
    pol_id: int
    pod_id: int
    container_size: str
    container_size_id: int
    container_type: str
    container_type_id: int
    cargo: str
    valid_from: date
    valid_to: date
    amounts: Mapping[str, Decimal]
    # Days from the port of loading to the port of discharge on this lane (None: the carrier's default).
    transit_days: int | None = None

    @property
    def lane(self) -> tuple[int, int]:
        return self.pol_id, self.pod_id

    def to_record(self) -> dict[str, Any]:
        return {
            "row": self.row,
            "pol": self.pol,
            "pod": self.pod,
            "pol_id": self.pol_id,
            "pod_id": self.pod_id,
            "container_size": self.container_size,
            "container_size_id": self.container_size_id,
            "container_type": self.container_type,
            "container_type_id": self.container_type_id,
            "cargo": self.cargo,
            "valid_from": self.valid_from.isoformat(),
            "valid_to": self.valid_to.isoformat(),
            **{code: str(self.amounts.get(code, Decimal("0"))) for code in MONEY},
            # Kept only when given, so a row without it records as it did before.
            **({} if self.transit_days is None else {"transit_days": self.transit_days}),
        }

    @classmethod
    def from_record(cls, version: int, record: Mapping[str, Any]) -> TariffRow:
        return cls(
            version=version,
            row=int(record["row"]),
            pol=str(record["pol"]),
            pod=str(record["pod"]),
            pol_id=int(record["pol_id"]),
            pod_id=int(record["pod_id"]),
            container_size=str(record["container_size"]),
            container_size_id=int(record["container_size_id"]),
            container_type=str(record["container_type"]),
            container_type_id=int(record["container_type_id"]),
            cargo=str(record["cargo"]),
            valid_from=date.fromisoformat(str(record["valid_from"])),
            valid_to=date.fromisoformat(str(record["valid_to"])),
            amounts={code: Decimal(str(record[code])) for code in MONEY},
            transit_days=None if record.get("transit_days") is None else int(record["transit_days"]),
        )


@dataclass(frozen=True)
class Equipment:
    """The reference names a tariff may use: container sizes and types by name (any case) -> id."""

    sizes: Mapping[str, int]
    types: Mapping[str, int]

    def size(self, name: str) -> int | None:
        return _by_name(self.sizes, name)

    def type(self, name: str) -> int | None:
        return _by_name(self.types, name)


def _by_name(names: Mapping[str, int], name: str) -> int | None:
    wanted = name.strip().casefold()
    return next((i for n, i in names.items() if n.strip().casefold() == wanted), None)


def read_tariff(text: str, port_id: Callable[[str], int | None], equipment: Equipment) -> list[TariffRow]:
    """The rows of an uploaded tariff (version 0: the publication numbers them), or `ValidationFailed`
    naming every bad cell as `rows.<line>.<column>` (the header is line 1): one bad row refuses them all."""
    try:
        return _read_tariff(text, port_id, equipment)
    except csv.Error as error:
        # What the reader cannot take at all (a quote never closed); the line it reached is named.
        line = getattr(error, "line", None)
        raise ValidationFailed({f"rows.{line}" if line else "rows": message("tariff.csv")}) from error


class _CsvError(csv.Error):
    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


def _lines(text: str) -> Any:
    # `newline=""`: CR, LF and CRLF each end a line, and a line break inside a quoted cell stays in it.
    return csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""))


def _read_tariff(text: str, port_id: Callable[[str], int | None], equipment: Equipment) -> list[TariffRow]:
    errors: dict[str, str] = {}
    reader = _lines(text)
    header = [name.strip().lower() for name in _next(reader, [])]
    for index, name in enumerate(header):
        if len(name) > MAX_CELL:
            raise ValidationFailed({f"rows.1.{index + 1}": message("tariff.cell.max", max=MAX_CELL)})
    missing = [c for c in COLUMNS if c not in header]
    unknown = [c for c in header if c not in COLUMNS and c not in OPTIONAL_COLUMNS]
    for column in missing:
        errors[f"rows.1.{column}"] = message("tariff.column.missing")
    for column in unknown:
        errors[f"rows.1.{column or 'blank'}"] = message("tariff.column.unknown")
    if len(set(header)) != len(header):
        errors["rows.1"] = message("tariff.column.twice")
    if errors:
        raise ValidationFailed(errors)
    rows: list[TariffRow] = []
    # A row is named by the line it starts on (a quoted cell may carry line breaks into the next ones).
    next_start = reader.line_num + 1
    while (cells := _next(reader, None)) is not None:
        line, next_start = next_start, reader.line_num + 1
        if not any(cell.strip() for cell in cells):
            continue  # a blank line (a spreadsheet's trailing one) is no row
        long = next((i for i, cell in enumerate(cells) if len(cell) > MAX_CELL), None)
        if long is not None:
            column = header[long] if long < len(header) else str(long + 1)
            errors[f"rows.{line}.{column}"] = message("tariff.cell.max", max=MAX_CELL)
            continue
        if len(rows) >= MAX_ROWS:
            errors["rows"] = message("tariff.rows.max", max=MAX_ROWS)
            break
        if len(cells) != len(header):
            errors[f"rows.{line}"] = message("tariff.row.cells", count=len(header))
            continue
        found = _row(line, dict(zip(header, (c.strip() for c in cells), strict=True)), port_id, equipment)
        if isinstance(found, TariffRow):
            rows.append(found)
        else:
            errors.update(found)
    if not rows and not errors:
        errors["rows"] = message("tariff.rows.none")
    errors.update(_overlaps(rows))
    if errors:
        raise ValidationFailed(errors, f"The tariff has {len(errors)} error(s); nothing was published")
    return rows


def _next(reader: Any, default: Any) -> Any:
    """The reader's next record; a record it cannot read names its line."""
    try:
        return next(reader, default)
    except csv.Error as error:
        raise _CsvError(reader.line_num) from error


def _row(
    line: int, cells: dict[str, str], port_id: Callable[[str], int | None], equipment: Equipment
) -> TariffRow | dict[str, str]:
    errors: dict[str, str] = {}

    def bad(column: str, text: str) -> None:
        errors[f"rows.{line}.{column}"] = text

    ports: dict[str, int] = {}
    for side in ("pol", "pod"):
        code = cells[side].upper()
        found = port_id(code) if code else None
        if not code:
            bad(side, message("common.required"))
        elif found is None:
            bad(side, message("tariff.port.unknown"))
        else:
            ports[side] = found
    if ports.get("pol") is not None and ports.get("pol") == ports.get("pod"):
        bad("pod", message("booking.pod.samePort"))
    size_id = equipment.size(cells["container_size"])
    if size_id is None:
        bad("container_size", message("tariff.size.unknown"))
    type_id = equipment.type(cells["container_type"])
    if type_id is None:
        bad("container_type", message("tariff.type.unknown"))
    cargo = cells["cargo"].lower()
    if cargo not in CARGO:
        bad("cargo", message("tariff.cargo"))
    days: dict[str, date] = {}
    for column in ("valid_from", "valid_to"):
        try:
            days[column] = date.fromisoformat(cells[column]) if len(cells[column]) == 10 else _no_date()
        except ValueError:
            bad(column, message("tariff.date"))
            continue
        if date_problem(days[column]):
            bad(column, message("tariff.date.window"))
            del days[column]
    if len(days) == 2 and days["valid_to"] < days["valid_from"]:
        bad("valid_to", message("tariff.date.order"))
    amounts: dict[str, Decimal] = {}
    for code in MONEY:
        raw = cells[code]
        value = amount(raw) if raw else (None if code == "ocean_freight" else Decimal("0.00"))
        if value is None or (code == "ocean_freight" and value <= 0):
            freight = code == "ocean_freight"
            bad(code, message("tariff.freight") if freight else message("booking.charge.amount"))
        else:
            amounts[code] = value
    transit_days = _transit_days(cells.get("transit_days", ""))
    if transit_days is False:
        bad("transit_days", message("tariff.transitDays"))
    if errors or size_id is None or type_id is None or transit_days is False:
        return errors
    return TariffRow(
        version=0,
        row=line,
        pol=cells["pol"].upper(),
        pod=cells["pod"].upper(),
        pol_id=ports["pol"],
        pod_id=ports["pod"],
        container_size=cells["container_size"],
        container_size_id=size_id,
        container_type=cells["container_type"],
        container_type_id=type_id,
        cargo=cargo,
        valid_from=days["valid_from"],
        valid_to=days["valid_to"],
        amounts=amounts,
        transit_days=transit_days,
    )


def _transit_days(text: str) -> int | bool | None:
    """The cell's whole number of days; None when empty; False when it is not one in range."""
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= MAX_TRANSIT_DAYS:
        return False
    return int(text)


def _no_date() -> date:
    raise ValueError("not YYYY-MM-DD")


def _overlaps(rows: list[TariffRow]) -> dict[str, str]:
    """Two rows for the same lane, equipment and cargo class whose days overlap would price one request
    two ways: the later row is refused, naming the earlier."""
    errors: dict[str, str] = {}
    seen: dict[tuple[Any, ...], list[TariffRow]] = {}
    for row in rows:
        key = (row.lane, row.container_size_id, row.container_type_id, row.cargo)
        for other in seen.get(key, []):
            if row.valid_from <= other.valid_to and other.valid_from <= row.valid_to:
                errors[f"rows.{row.row}.valid_from"] = message("tariff.row.overlaps", row=other.row)
                break
        seen.setdefault(key, []).append(row)
    return errors


# -- the publication ------------------------------------------------------------------------------------
class Tariff(DomainAggregate):
    """The carrier's one tariff: each publication is an event, numbered (its version)."""

    class Opened(ActorCreated):
        """The one tariff, before its first publication: who opened it and why only."""

    @event(Opened)
    def __init__(self, actor_id: str, actor_role: str, reason: str | None) -> None:
        self.versions = 0

    @classmethod
    def open(cls, actor: Actor) -> Tariff:
        return cls._create(cls.Opened, id=TARIFF_ID, **audit_fields(actor, system_reason("tariffOpened")))

    def publish(self, rows: list[TariffRow], sha256: str, actor: Actor) -> int:
        version = self.versions + 1
        lanes = sorted({f"{r.pol}-{r.pod}" for r in rows})
        self._record(
            self.Published,
            audit_fields(
                actor,
                system_reason(
                    "tariffPublished",
                    version=version,
                    rows=_count(len(rows), "row"),
                    lanes=_count(len(lanes), "lane"),
                ),
            ),
            version=version,
            rows=[r.to_record() for r in rows],
            lanes=lanes,
            sha256=sha256,
        )
        return version

    class Published(ActorEvent):
        version: int
        rows: list[dict[str, Any]]
        lanes: list[str]
        sha256: str

        def apply(self, aggregate: Tariff) -> None:
            aggregate.versions = self.version


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


# -- matching a rate request ---------------------------------------------------------------------------
class TariffRates(Protocol):
    """The rows in force, as the booking commands ask for them."""

    def lane_rows(self, pol_id: int, pod_id: int) -> list[TariffRow]: ...


@dataclass(frozen=True)
class Shipment:
    """What a tariff row is matched on: lane, equipment, cargo class and the shipping date."""

    pol_id: int
    pod_id: int
    container_size_id: int
    container_type_id: int
    dangerous: bool
    reefer: bool
    day: date

    def fits(self, row: TariffRow) -> bool:
        return (
            row.lane == (self.pol_id, self.pod_id)
            and row.container_size_id == self.container_size_id
            and row.container_type_id == self.container_type_id
            and row.cargo in ((DANGEROUS if self.dangerous else GENERAL), ANY)
            and row.valid_from <= self.day <= row.valid_to
        )


def matching_row(rows: Iterable[TariffRow], shipment: Shipment) -> TariffRow | None:
    """The row that prices the shipment: a row for its cargo class before an `any` row, then the newest."""
    found = [row for row in rows if shipment.fits(row)]
    found.sort(key=lambda row: (row.cargo == ANY, -row.version, row.row))
    return found[0] if found else None


def nearest_row(rows: Iterable[TariffRow], shipment: Shipment) -> TariffRow | None:
    """The row staff start from when none matches: the same equipment first, then the cargo class, then
    the fewest days between its validity and the shipping date, then its own class before `any`, then the
    newest."""

    def days_off(row: TariffRow) -> int:
        if shipment.day < row.valid_from:
            return (row.valid_from - shipment.day).days
        return max(0, (shipment.day - row.valid_to).days)

    def rank(row: TariffRow) -> tuple[int, int, int, int, int, int]:
        equipment = (row.container_size_id, row.container_type_id)
        wanted = (shipment.container_size_id, shipment.container_type_id)
        class_fits = row.cargo in ((DANGEROUS if shipment.dangerous else GENERAL), ANY)
        # As in matching, a row for the cargo class comes before an `any` row.
        return (equipment != wanted, not class_fits, days_off(row), row.cargo == ANY, -row.version, row.row)

    on_lane = [row for row in rows if row.lane == (shipment.pol_id, shipment.pod_id)]
    return min(on_lane, key=rank, default=None)


def row_charges(row: TariffRow, shipment: Shipment) -> list[Charge]:
    """The row's charges that apply to the shipment (DG surcharge for dangerous cargo, reefer surcharge
    for a refrigerated container), zero amounts left out; ocean freight always."""
    cargo = Cargo(shipment.dangerous, shipment.reefer)
    return [
        charge(code, row.amounts[code])
        for code in MONEY
        if applies(code, cargo) and (code == "ocean_freight" or row.amounts.get(code, Decimal("0")) > 0)
    ]


def instant_validity(row: TariffRow, now: datetime) -> datetime:
    """The earlier of the row's last day (its end, UTC) and a week from now."""
    return min(datetime.combine(row.valid_to, time.max, tzinfo=UTC), now + INSTANT_VALIDITY)


def citation(row: TariffRow) -> str:
    return system_reason("tariffCitation", version=row.version, row=row.row)

"""Read model `booking_trail`: which booking each stored event belongs to, and who can be found by name.

One booking's history is spread over aggregates: the rate request (with its amendments and cancellation
requests), its shipping order and the tracking events matched to it. This table says, per event position,
which booking (rate request id) the event is part of, so an auditor reads one trail per booking from
`event_log` by an index, never by replaying. `audit_name_prefixes` holds every prefix of every word of a
person's name (folded), so "kar" or "کریم" finds Sara Karimi / سارا کریمی by an equality lookup on both
stores (no collation-dependent range, no LIKE over a table). `audit_person_bookings` holds, per person and
booking, the position of the person's latest act on it: a search by name reads a page of it per person, never
the person's whole trail (decision 3912).

Domain facts only: ids and names as the events carry them; words and wire keys are the presenter's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from domain.accounts.account import Account
from domain.booking.rate_request import RateRequest
from domain.booking.shipping_order import ShippingOrder
from domain.booking.values import SUPPLIER
from domain.shared.aggregate import ActorEvent
from domain.shared.personal import person_name
from domain.tracking.milestone import TrackingEvent
from followers.batch import BatchTx
from infrastructure.read_db import Tx, placeholders
from projections import event_log
from projections.booking.queries import customer_name
from projections.event_log import LoggedEvent
from projections.people_search import (
    MAX_PREFIX,
    PARTY_PREFIXES,
    PREFIXES,
    people_named,
    sound_prefixes,
    words,
)
from projections.projection import Projection

TRAIL = "booking_trail"
PARTS = "booking_trail_parts"
PEOPLE = "audit_people"
ORDER_OWNERS = "audit_order_owners"
ACTIVITY = "audit_person_bookings"
# People per statement of a name search's page (each a subquery; SQLite allows 500 in one compound SELECT).
PEOPLE_PER_STATEMENT = 100


projection = Projection(
    name="booking_trail",
    tables={
        TRAIL: ("position",),
        PARTS: ("aggregate_id",),
        PEOPLE: ("account_id",),
        PREFIXES: ("prefix", "account_id"),
        PARTY_PREFIXES: ("order_id", "prefix"),
        ORDER_OWNERS: ("order_id",),
        ACTIVITY: ("account_id", "booking_id"),
    },
    schema=[
        f"CREATE TABLE IF NOT EXISTS {TRAIL} ("
        " position BIGINT PRIMARY KEY, booking_id TEXT NOT NULL, actor_id TEXT)",
        f"CREATE INDEX IF NOT EXISTS {TRAIL}_booking ON {TRAIL} (booking_id, position)",
        f"CREATE INDEX IF NOT EXISTS {TRAIL}_actor ON {TRAIL} (actor_id, booking_id)",
        # The aggregates that are part of a booking without carrying its id on every event.
        f"CREATE TABLE IF NOT EXISTS {PARTS} (aggregate_id TEXT PRIMARY KEY, booking_id TEXT NOT NULL)",
        f"CREATE TABLE IF NOT EXISTS {PEOPLE} ("
        " account_id TEXT PRIMARY KEY, username TEXT NOT NULL, first_name TEXT, last_name TEXT, name TEXT)",
        f"CREATE TABLE IF NOT EXISTS {PREFIXES} ("
        " prefix TEXT NOT NULL, account_id TEXT NOT NULL, PRIMARY KEY (prefix, account_id))",
        f"CREATE TABLE IF NOT EXISTS {PARTY_PREFIXES} ("
        " order_id TEXT NOT NULL, prefix TEXT NOT NULL, account_id TEXT NOT NULL,"
        " PRIMARY KEY (order_id, prefix))",
        f"CREATE INDEX IF NOT EXISTS {PARTY_PREFIXES}_prefix ON {PARTY_PREFIXES} (prefix, account_id)",
        f"CREATE TABLE IF NOT EXISTS {ORDER_OWNERS} (order_id TEXT PRIMARY KEY, account_id TEXT NOT NULL)",
        # Ids and positions only: no name, so an erasure leaves it as it is.
        f"CREATE TABLE IF NOT EXISTS {ACTIVITY} ("
        " account_id TEXT NOT NULL, booking_id TEXT NOT NULL, latest BIGINT NOT NULL,"
        " PRIMARY KEY (account_id, booking_id))",
        f"CREATE INDEX IF NOT EXISTS {ACTIVITY}_latest ON {ACTIVITY} (account_id, latest)",
    ],
)


def _trail(
    tx: BatchTx,
    position: int,
    booking_id: str,
    event: RateRequest.Event | ShippingOrder.Event | TrackingEvent.Event,
) -> None:
    # Who acted: every event of these aggregates says so (`ActorEvent`), the library's unused `Created` aside.
    actor_id = event.actor_id if isinstance(event, ActorEvent) else None
    tx.insert(
        TRAIL, {"position": position, "booking_id": booking_id, "actor_id": actor_id}, keep_existing=True
    )
    if actor_id is not None:
        tx.raise_to(
            ACTIVITY, {"account_id": actor_id, "booking_id": booking_id, "latest": position}, "latest"
        )


@projection.on(RateRequest.Event)
def rate_request_event(tx: BatchTx, event: RateRequest.Event, position: int) -> None:
    _trail(tx, position, str(event.originator_id), event)


projection.reads_by_key(ShippingOrder.Event, PARTS, lambda event: str(event.originator_id))
projection.reads_by_key(ShippingOrder.Edited, ORDER_OWNERS, lambda event: str(event.originator_id))
projection.reads_by_key(TrackingEvent.Event, PARTS, lambda event: str(event.originator_id))


@projection.on(ShippingOrder.Event)
def shipping_order_event(tx: BatchTx, event: ShippingOrder.Event, position: int) -> None:
    order_id = str(event.originator_id)
    if isinstance(event, ShippingOrder.Created):
        tx.insert(PARTS, {"aggregate_id": order_id, "booking_id": event.rate_request_id}, keep_existing=True)
        booking_id: str | None = event.rate_request_id
    else:
        part = tx.get(PARTS, order_id)
        booking_id = None if part is None else part["booking_id"]
    if booking_id is not None:
        _trail(tx, position, booking_id, event)
    if isinstance(event, ShippingOrder.Created):
        tx.insert(ORDER_OWNERS, {"order_id": order_id, "account_id": event.customer_id}, keep_existing=True)
        _index_parties(tx, order_id, event.customer_id, event.details.get("parties"))
    elif isinstance(event, ShippingOrder.Edited) and "parties" in (event.changes or {}):
        owner = tx.get(ORDER_OWNERS, order_id)
        if owner is not None:
            tx.delete(PARTY_PREFIXES, order_id)
            _index_parties(tx, order_id, str(owner["account_id"]), event.changes["parties"])
    elif isinstance(event, ShippingOrder.Updated) and "parties" in (event.changes or {}):
        # Instructions updated through the standard (/v3) name their parties as an edit does.
        tx.delete(PARTY_PREFIXES, order_id)
        _index_parties(tx, order_id, event.customer_id, event.changes["parties"])
    elif isinstance(event, ShippingOrder.UpdateCancelled):  # the parties before the update, again
        tx.delete(PARTY_PREFIXES, order_id)
        _index_parties(tx, order_id, event.customer_id, event.restored.get("parties"))
    elif isinstance(event, ShippingOrder.Resubmitted):  # the parties filled again replace the old ones
        tx.delete(PARTY_PREFIXES, order_id)
        _index_parties(tx, order_id, event.customer_id, event.details.get("parties"))


def _index_parties(tx: BatchTx, order_id: str, account_id: str, parties: Any) -> None:
    """The shipper parties' names of an order, indexed under the customer who wrote them. The consignee and
    notify parties are other people: a search for them must not answer with this customer."""
    prefixes: set[str] = set()
    for party in parties if isinstance(parties, list) else []:
        if isinstance(party, dict) and party.get("party_type") == SUPPLIER:
            prefixes.update(_prefixes(str(party.get("name") or "")))
    for prefix in sorted(prefixes):
        tx.insert(PARTY_PREFIXES, {"order_id": order_id, "prefix": prefix, "account_id": account_id})


def _prefixes(text: str) -> set[str]:
    """A name's words' beginnings, and the beginnings of their sound keys (found from the other script)."""
    found = {word[:n] for word in words(text) for n in range(1, min(len(word), MAX_PREFIX) + 1)}
    return found.union(*(sound_prefixes(word) for word in words(text)))


@projection.on(TrackingEvent.Event)
def tracking_event(tx: BatchTx, event: TrackingEvent.Event, position: int) -> None:
    """A milestone is part of the booking it was matched to, at publication or when staff attach it."""
    milestone_id = str(event.originator_id)
    if isinstance(event, TrackingEvent.Assigned):
        booking_id = event.rate_request_id or None
    elif isinstance(event, TrackingEvent.Published | TrackingEvent.Revised | TrackingEvent.Retracted):
        booking_id = (event.facts or {}).get("rate_request_id")
    else:
        booking_id = None
    if booking_id is not None:
        if tx.get(PARTS, milestone_id) is None:
            tx.insert(PARTS, {"aggregate_id": milestone_id, "booking_id": booking_id})
    else:
        part = tx.get(PARTS, milestone_id)
        booking_id = None if part is None else part["booking_id"]
    if booking_id is not None:
        _trail(tx, position, str(booking_id), event)


def _text(value: Any) -> str | None:
    text = str(value).strip() if value is not None else ""
    return text or None


def _index_name(tx: BatchTx, account_id: str, person: dict[str, Any], *, renamed: bool = False) -> None:
    if renamed:
        tx.execute(f"DELETE FROM {PREFIXES} WHERE account_id = ?", (account_id,))
    prefixes: set[str] = set()
    for part in ("username", "first_name", "last_name", "name"):
        prefixes.update(_prefixes(person.get(part) or ""))
    for prefix in sorted(prefixes):
        tx.insert(PREFIXES, {"prefix": prefix, "account_id": account_id})


def _names_of(profile: dict[str, Any]) -> dict[str, Any]:
    return {
        "first_name": _text(profile.get("firstName")),
        "last_name": _text(profile.get("lastName")),
        "name": _text(profile.get("name")),
    }


@projection.on(Account.Opened)
def account_opened(tx: BatchTx, event: Account.Opened, position: int) -> None:
    account_id = str(event.originator_id)
    person = {"account_id": account_id, "username": event.username, **_names_of(event.profile or {})}
    tx.insert(PEOPLE, person, keep_existing=True)
    _index_name(tx, account_id, person)


@projection.on(Account.ProfileUpdated)
def profile_updated(tx: BatchTx, event: Account.ProfileUpdated, position: int) -> None:
    account_id = str(event.originator_id)
    row = tx.get(PEOPLE, account_id)
    values = event.values or {}
    if row is None or not {"firstName", "lastName", "name"} & set(values):
        return
    names = {k: v for k, v in _names_of(values).items() if k in _changed_names(values)}
    tx.update(PEOPLE, account_id, names)
    _index_name(tx, account_id, {**row, **names}, renamed=True)


def _changed_names(values: dict[str, Any]) -> set[str]:
    keys = {"firstName": "first_name", "lastName": "last_name", "name": "name"}
    return {column for key, column in keys.items() if key in values}


# -- queries ---------------------------------------------------------------------------------------------


def booking_positions(tx: Tx, booking_id: str) -> list[int]:
    rows = tx.all(f"SELECT position FROM {TRAIL} WHERE booking_id = ? ORDER BY position", (booking_id,))
    return [int(r["position"]) for r in rows]


@dataclass(frozen=True)
class ReferenceNames:
    """What the ids a booking's events carry stand for (ports, container kinds, inventory, documents)."""

    ports: dict[int, tuple[str, str]] = field(default_factory=dict)  # id -> (name, UN/LOCODE)
    container_types: dict[int, str] = field(default_factory=dict)
    container_sizes: dict[int, str] = field(default_factory=dict)
    containers: dict[int, str] = field(default_factory=dict)  # inventory id -> container number
    document_types: dict[int, str] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)  # file id -> the name it was uploaded with


@dataclass(frozen=True)
class BookingSummary:
    booking_id: str
    reference: str | None
    customer_id: str
    customer_name: str
    state: str
    created_at: str
    updated_at: str


@dataclass(frozen=True)
class BookingTrail:
    booking: BookingSummary
    events: list[LoggedEvent]
    names: ReferenceNames


_SUMMARY = (
    "SELECT r.id, r.reference, r.customer_id, r.customer_username, r.state_name, r.created_at, r.updated_at,"
    " cp.profile AS customer_profile FROM booking_rate_requests r"
    " LEFT JOIN customer_profiles cp ON cp.account_id = r.customer_id"
)


def _summary(row: dict[str, Any]) -> BookingSummary:
    return BookingSummary(
        booking_id=str(row["id"]),
        reference=row["reference"],
        customer_id=str(row["customer_id"]),
        customer_name=customer_name(row),
        state=str(row["state_name"]),
        created_at=str(row["created_at"]),
        updated_at=str(row["updated_at"]),
    )


def booking_by_reference(tx: Tx, reference: str) -> BookingSummary | None:
    row = tx.one(f"{_SUMMARY} WHERE r.reference_upper = ?", (reference.strip().upper(),))
    return None if row is None else _summary(row)


def booking_by_id(tx: Tx, booking_id: str) -> BookingSummary | None:
    row = tx.one(f"{_SUMMARY} WHERE r.id = ?", (booking_id,))
    return None if row is None else _summary(row)


_REFERENCE_LIKE = re.compile(r"^FB-?\d", re.IGNORECASE)


def search(tx: Tx, query: str, limit: int) -> tuple[list[BookingSummary], dict[str, list[str]]]:
    """Bookings whose reference is (or, for a partial reference, starts with) the query, then bookings in
    which a person the query names took part (customer or staff); newest activity first. The second value
    names, per booking, the people the query matched who acted on it (account ids)."""
    text = query.strip()
    found: dict[str, BookingSummary] = {}
    exact = booking_by_reference(tx, text) if text else None
    if exact is not None:
        found[exact.booking_id] = exact
    elif _REFERENCE_LIKE.match(text):
        escaped = text.upper().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        rows = tx.all(
            f"{_SUMMARY} WHERE r.reference_upper LIKE ? ESCAPE '\\'"
            f" ORDER BY r.created_at DESC LIMIT {int(limit)}",
            (escaped + "%",),
        )
        found.update((str(r["id"]), _summary(r)) for r in rows)
    matched: dict[str, list[str]] = {}
    people = people_named(tx, text) if exact is None else []
    marks = placeholders(people)
    if people and len(found) < limit:
        # The database cuts the list to the page (newest activity of these people first), so a person with
        # thousands of bookings costs a page of summaries; the ones the reference found already are skipped.
        page = [b for b in latest_bookings(tx, people, limit) if b not in found][: limit - len(found)]
        summaries = {
            str(r["id"]): _summary(r) for r in _lookup(tx, f"{_SUMMARY} WHERE r.id IN ({{marks}})", page)
        }
        found.update((b, summaries[b]) for b in page if b in summaries)
    if people and found:
        acted = tx.all(
            f"SELECT account_id, booking_id FROM {ACTIVITY} WHERE account_id IN ({marks})"
            f" AND booking_id IN ({placeholders(list(found))})",
            (*people, *found),
        )
        for row in acted:
            matched.setdefault(str(row["booking_id"]), []).append(str(row["account_id"]))
    return list(found.values())[:limit], matched


def latest_bookings(tx: Tx, people: list[str], limit: int) -> list[str]:
    """The `limit` bookings these people acted on last, newest first: each person's own newest `limit` (one
    index range each), merged. Whoever acted last on a booking of the merged page has it among their own
    newest `limit`, so the merge misses none, and a person's long history costs no more than a short one."""
    latest: dict[str, int] = {}
    one = (
        f"SELECT booking_id, latest FROM {ACTIVITY} WHERE account_id = ?"
        f" ORDER BY latest DESC LIMIT {int(limit)}"
    )
    for start in range(0, len(people), PEOPLE_PER_STATEMENT):
        chunk = people[start : start + PEOPLE_PER_STATEMENT]
        each = " UNION ALL ".join(f"SELECT * FROM ({one}) AS p{n}" for n in range(len(chunk)))
        rows = tx.all(
            f"SELECT booking_id, MAX(latest) AS latest FROM ({each}) AS everyone"
            f" GROUP BY booking_id ORDER BY latest DESC LIMIT {int(limit)}",
            tuple(chunk),
        )
        for row in rows:
            booking_id, position = str(row["booking_id"]), int(row["latest"])
            latest[booking_id] = max(position, latest.get(booking_id, position))
    # A position is one booking's: no two bookings tie.
    return sorted(latest, key=lambda b: latest[b], reverse=True)[:limit]


def booking_trail(tx: Tx, booking: BookingSummary) -> BookingTrail:
    positions = booking_positions(tx, booking.booking_id)
    events = event_log.events_at(tx, positions)
    return BookingTrail(booking=booking, events=events, names=reference_names(tx, events))


_PORT_KEYS = {"pol_id", "pod_id"}
_TYPE_KEYS = {"container_type_id"}
_SIZE_KEYS = {"container_size_id"}
_CONTAINER_KEYS = {"container_id"}
_DOCUMENT_TYPE_KEYS = {"document_type_id"}
_FILE_KEYS = {"file_id", "msds", "msds_file_id"}


def _collect(value: Any, found: dict[str, set[Any]]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            for group, keys in (
                ("ports", _PORT_KEYS),
                ("types", _TYPE_KEYS),
                ("sizes", _SIZE_KEYS),
                ("containers", _CONTAINER_KEYS),
                ("document_types", _DOCUMENT_TYPE_KEYS),
                ("files", _FILE_KEYS),
            ):
                if key in keys and item is not None and not isinstance(item, dict | list):
                    found[group].add(item)
            _collect(item, found)
    elif isinstance(value, list):
        for item in value:
            _collect(item, found)


def _ints(values: set[Any]) -> list[int]:
    out = []
    for value in values:
        try:
            out.append(int(value))
        except (TypeError, ValueError):
            continue
    return sorted(set(out))


def _lookup(tx: Tx, sql: str, keys: list[Any]) -> list[dict[str, Any]]:
    if not keys:
        return []
    return tx.all(sql.format(marks=placeholders(keys)), tuple(keys))


def reference_names(tx: Tx, events: list[LoggedEvent]) -> ReferenceNames:
    found: dict[str, set[Any]] = {
        k: set() for k in ("ports", "types", "sizes", "containers", "document_types", "files")
    }
    for event in events:
        _collect(event.changes, found)
    ports = _lookup(
        tx, "SELECT id, name, code FROM booking_ports WHERE id IN ({marks})", _ints(found["ports"])
    )
    types = _lookup(
        tx, "SELECT id, name FROM booking_container_types WHERE id IN ({marks})", _ints(found["types"])
    )
    sizes = _lookup(
        tx, "SELECT id, name FROM booking_container_sizes WHERE id IN ({marks})", _ints(found["sizes"])
    )
    containers = _lookup(
        tx, "SELECT id, number FROM booking_containers WHERE id IN ({marks})", _ints(found["containers"])
    )
    documents = _lookup(
        tx,
        "SELECT id, name FROM booking_document_types WHERE id IN ({marks})",
        _ints(found["document_types"]),
    )
    files = _lookup(
        tx, "SELECT id, name FROM booking_files WHERE id IN ({marks})", sorted(str(f) for f in found["files"])
    )
    return ReferenceNames(
        ports={int(r["id"]): (str(r["name"]), str(r["code"])) for r in ports},
        container_types={int(r["id"]): str(r["name"]) for r in types},
        container_sizes={int(r["id"]): str(r["name"]) for r in sizes},
        containers={int(r["id"]): str(r["number"]) for r in containers},
        document_types={int(r["id"]): str(r["name"]) for r in documents},
        files={str(r["id"]): str(r["name"]) for r in files},
    )


def people(tx: Tx, account_ids: list[str]) -> dict[str, str]:
    """Display names of these accounts (a person's first and last name, a company's name, else username)."""
    rows = _lookup(tx, f"SELECT * FROM {PEOPLE} WHERE account_id IN ({{marks}})", sorted(set(account_ids)))
    names = {}
    for row in rows:
        named = person_name(row["first_name"], row["last_name"]) or row["name"]
        names[str(row["account_id"])] = str(named or row["username"])
    return names

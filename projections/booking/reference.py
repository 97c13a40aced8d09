"""The booking reference tables: seeded from `domain/booking/reference/` at start (idempotent), extended
by staff, read by the screens and by the booking application's reference catalog."""

from __future__ import annotations

from typing import Any

from domain.booking import reference
from domain.shared.errors import AlreadyExists
from infrastructure.read_db import ReadModelDB, Tx, placeholders
from projections.booking.handlers import projection


def seed_reference(db: ReadModelDB) -> None:
    """Copy the seed files into the reference tables; rows already there (or added by staff) stay."""
    with db.transaction() as tx:
        for statement in projection.schema:
            if (
                "booking_ports" in statement
                or "booking_container" in statement
                or "booking_document" in statement
            ):
                tx.execute(statement)
        tx.executemany(
            "INSERT INTO booking_ports (id, code, name, country) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            [(p.id, p.code, p.name, p.country) for p in reference.seed_ports()],
        )
        _seed_unlocode_ports(tx)
        tx.executemany(
            "INSERT INTO booking_container_types (id, name, value) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            [(t.id, t.name, t.value) for t in reference.seed_container_types()],
        )
        tx.executemany(
            "INSERT INTO booking_container_sizes (id, name, value) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            [(s.id, s.name, s.value) for s in reference.seed_container_sizes()],
        )
        tx.executemany(
            "INSERT INTO booking_document_types (id, name, template) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            [(d.id, d.name, d.template) for d in reference.seed_document_types()],
        )
        tx.executemany(
            "INSERT INTO booking_containers (id, number, type_id, size_id) VALUES (?, ?, ?, ?)"
            " ON CONFLICT DO NOTHING",
            [(c.id, c.number, c.type_id, c.size_id) for c in reference.seed_containers()],
        )


def _seed_unlocode_ports(tx: Tx) -> None:
    """The UN/LOCODE ports beyond the seed list (about 18,000): written once, skipped at later starts when
    they are all there. A code a staff member added already keeps that row (the code is unique)."""
    ports = reference.unlocode_ports()
    present = tx.scalar("SELECT COUNT(*) FROM booking_ports WHERE id >= ?", (reference.UNLOCODE_ID_OFFSET,))
    if int(present or 0) >= len(ports):
        return
    # Many rows per statement: one round trip per 200 ports, not per port (seconds on PostgreSQL otherwise).
    chunk = 200
    for start in range(0, len(ports), chunk):
        part = ports[start : start + chunk]
        marks = ", ".join("(?, ?, ?, ?)" for _ in part)
        tx.execute(
            f"INSERT INTO booking_ports (id, code, name, country) VALUES {marks} ON CONFLICT DO NOTHING",
            [value for p in part for value in (p.id, p.code, p.name, p.country)],
        )


def port_title(row: dict[str, Any] | None) -> str | None:
    return reference.port_title(row["name"], row["code"]) if row else None


def _port_choice(r: dict[str, Any]) -> dict[str, Any]:
    title = port_title(r)
    return {"id": r["id"], "name": title, "value": r["id"], "code": r["code"], "country": r["country"]}


def ports(tx: Tx) -> list[dict[str, Any]]:
    """The ports we serve: the seed list and those staff added (the UN/LOCODE rest is found by search)."""
    rows = tx.all(
        "SELECT id, code, name, country FROM booking_ports WHERE id < ? ORDER BY id",
        (reference.UNLOCODE_ID_OFFSET,),
    )
    return [_port_choice(r) for r in rows]


def search_ports(tx: Tx, text: str, limit: int = 50) -> list[dict[str, Any]]:
    """Ports whose code or name holds `text` (any case): the exact code first, then the ports we serve,
    then the other UN/LOCODE ports, each by name."""
    needle = " ".join(text.split()).lower()
    if not needle:
        return ports(tx)[:limit]
    pattern = "%" + needle.replace("\\", "").replace("%", "").replace("_", "") + "%"
    rows = tx.all(
        "SELECT id, code, name, country FROM booking_ports"
        " WHERE LOWER(code) LIKE ? OR LOWER(name) LIKE ? OR LOWER(country) LIKE ?"
        " ORDER BY CASE WHEN LOWER(code) = ? THEN 0 WHEN id < ? THEN 1 ELSE 2 END, name, id LIMIT ?",
        (pattern, pattern, pattern, needle, reference.UNLOCODE_ID_OFFSET, limit),
    )
    return [_port_choice(r) for r in rows]


def port_by_code(tx: Tx, un_location_code: str) -> dict[str, Any] | None:
    """The one lookup of a port by its UN/LOCODE (any port of the release, or one staff added)."""
    code = un_location_code.strip().upper()
    return tx.one("SELECT id, code, name, country FROM booking_ports WHERE code = ?", (code,))


def ports_by_id(tx: Tx, ids: list[int]) -> dict[int, dict[str, Any]]:
    if not ids:
        return {}
    marks = placeholders(ids)
    rows = tx.all(f"SELECT id, code, name, country FROM booking_ports WHERE id IN ({marks})", ids)
    return {int(r["id"]): r for r in rows}


def choices(tx: Tx, table: str) -> list[dict[str, Any]]:
    assert table in ("booking_container_types", "booking_container_sizes")
    return tx.all(f"SELECT id, name, value FROM {table} ORDER BY id")


def document_types(tx: Tx) -> list[dict[str, Any]]:
    return tx.all("SELECT id, name, template FROM booking_document_types ORDER BY id")


def search_containers(tx: Tx, number: str, limit: int = 20) -> list[dict[str, Any]]:
    text = "".join(ch for ch in number.upper() if ch.isalnum())
    rows = tx.all(
        "SELECT id, number FROM booking_containers WHERE number LIKE ? ORDER BY number LIMIT ?",
        (f"%{text}%", limit),
    )
    return [{"name": r["number"], "value": r["id"]} for r in rows]


def port_titles(tx: Tx, ids: list[Any]) -> dict[Any, str]:
    """{id: "name (code)"} of the ports `ids` names, by one statement."""
    marks = placeholders(ids)
    rows = tx.all(f"SELECT id, code, name FROM booking_ports WHERE id IN ({marks})", tuple(ids))
    return {row["id"]: f"{row['name']} ({row['code']})" for row in rows}


def add_port(tx: Tx, code: str, name: str, country: str) -> int:
    """A port staff add; `AlreadyExists` when its code is known."""
    if tx.scalar("SELECT 1 FROM booking_ports WHERE code = ?", (code,)) is not None:
        raise AlreadyExists("Port exists already")
    # Below the UN/LOCODE ids (code-derived, see `reference.unlocode_port_id`): they never collide.
    next_id = int(
        tx.scalar(
            "SELECT COALESCE(MAX(id), 0) + 1 FROM booking_ports WHERE id < ?", (reference.UNLOCODE_ID_OFFSET,)
        )
    )
    tx.execute(
        "INSERT INTO booking_ports (id, code, name, country) VALUES (?, ?, ?, ?)",
        (next_id, code, name, country),
    )
    return next_id


def add_container(tx: Tx, number: str, type_id: int, size_id: int) -> int:
    """A container staff add; `AlreadyExists` when its number is known."""
    if tx.scalar("SELECT 1 FROM booking_containers WHERE number = ?", (number,)) is not None:
        raise AlreadyExists("Container exists already")
    next_id = int(tx.scalar("SELECT COALESCE(MAX(id), 0) + 1 FROM booking_containers"))
    tx.execute(
        "INSERT INTO booking_containers (id, number, type_id, size_id) VALUES (?, ?, ?, ?)",
        (next_id, number, type_id, size_id),
    )
    return next_id


class TableCatalog:
    """The `ReferenceCatalog` the booking application asks, answered from the reference tables."""

    def __init__(self, db: ReadModelDB) -> None:
        self.db = db

    def _exists(self, table: str, key: int) -> bool:
        return self._value(table, "id", key) is not None

    def _value(self, table: str, column: str, key: int) -> Any:
        # Reference rows are only ever inserted (see `_reference_names`): a row once found is kept, and
        # answered from the database's memo without taking a connection (a create checks five of them).
        known = getattr(self.db, "memo", {}).get((table, column))
        if known is not None and key in known:
            return known[key]
        with self.db.read() as tx:
            return _reference_names(tx, table, column, [key]).get(key)

    def has_port(self, port_id: int) -> bool:
        return self._exists("booking_ports", port_id)

    def port_id(self, un_location_code: str) -> int | None:
        with self.db.read() as tx:
            found = port_by_code(tx, un_location_code)
        return None if found is None else int(found["id"])

    def port_code(self, port_id: int) -> str | None:
        found = self._value("booking_ports", "code", port_id)
        return None if found is None else str(found)

    def has_container_type(self, type_id: int) -> bool:
        return self._exists("booking_container_types", type_id)

    def container_type_value(self, type_id: int) -> int | None:
        value = self._value("booking_container_types", "value", type_id)
        return None if value is None else int(value)

    def has_container_size(self, size_id: int) -> bool:
        return self._exists("booking_container_sizes", size_id)

    def has_document_type(self, document_type_id: int) -> bool:
        return self._exists("booking_document_types", document_type_id)

    def has_container(self, container_id: int) -> bool:
        return self._exists("booking_containers", container_id)

    def add_port(self, code: str, name: str, country: str) -> int:
        with self.db.transaction() as tx:
            return add_port(tx, code, name, country)

    def add_container(self, number: str, type_id: int, size_id: int) -> int:
        with self.db.transaction() as tx:
            return add_container(tx, number, type_id, size_id)


def _reference_names(tx: Tx, table: str, column: str, ids: list[Any]) -> dict[Any, Any]:
    """{id: column} for the ids found in a reference table whose rows never change once written.

    Reference rows (ports, container types and sizes, document types, container numbers) are only ever
    inserted (seed, staff's `add_port`/`add_container`), never updated or deleted, and ids are never
    reused; so a row once read is kept in the database object's `memo` (per ReadModelDB, so two databases
    in one process never share it) and later answers read only the ids not seen yet. An id not found is
    not remembered: a row added later is found then.
    """
    # An id beyond the tables' integer columns names no row (and must not reach SQLite, which overflows).
    ids = [i for i in ids if not isinstance(i, int) or -(2**31) < i < 2**31]
    memo = getattr(tx, "memo", None)
    known: dict[Any, Any] = memo.setdefault((table, column), {}) if memo is not None else {}
    missing = list(dict.fromkeys(i for i in ids if i not in known))
    if missing:
        marks = placeholders(missing)
        for r in tx.all(f"SELECT id, {column} FROM {table} WHERE id IN ({marks})", missing):
            known[r["id"]] = r[column]
    return {i: known[i] for i in ids if i in known}

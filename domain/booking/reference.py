"""Reference data of the booking context: seed files under `reference/`, and the questions commands ask of it.

The seed files are read at start and copied (idempotently) into reference tables; the commands only ask a
`ReferenceCatalog` whether an id exists, so the domain never knows where the table lives.
"""

from __future__ import annotations

import csv
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Protocol

from domain.shared.errors import AlreadyExists

REFERENCE_DIR = Path(__file__).resolve().parent / "reference"
# The seeded rows' names by id and language, which the web reads too.
SEEDED_NAMES = Path(__file__).resolve().parents[2] / "contract" / "reference-names.json"
TEMPLATES_DIR = REFERENCE_DIR / "templates"
REFRIGERATED = 2  # the container type value the specification names


@dataclass(frozen=True)
class Port:
    id: int
    code: str
    name: str
    country: str


@dataclass(frozen=True)
class Choice:
    id: int
    name: str
    value: int


@dataclass(frozen=True)
class DocumentType:
    id: int
    name: str
    template: str


@dataclass(frozen=True)
class InventoryContainer:
    id: int
    number: str
    type_id: int
    size_id: int


def _rows(name: str) -> list[dict[str, str]]:
    with (REFERENCE_DIR / name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def seed_ports() -> list[Port]:
    # Ids follow the file order: append new ports at the end so existing ids never move.
    return [Port(i, r["code"], r["name"], r["country"]) for i, r in enumerate(_rows("ports.csv"), start=1)]


# Ports of UN/LOCODE beyond the seed list have ids derived from their code (base 36 over `0-9A-Z`, above
# this offset): no release, order or staff addition can move one, and every id stays below 2**31.
UNLOCODE_ID_OFFSET = 100_000_000
_BASE36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
UNLOCODE = re.compile(r"^[A-Z]{2}[A-Z2-9]{3}\Z")
# Names travellers and carriers use where the UN/LOCODE release spells a port otherwise (searchable too).
PORT_ALIASES = {"IRZBR": "Chabahar", "IRASA": "Assaluyeh"}


def unlocode_port_id(code: str) -> int:
    """The id of a UN/LOCODE port that is not in the seed list (a pure function of its code)."""
    value = 0
    for char in code:
        value = value * 36 + _BASE36.index(char)
    return UNLOCODE_ID_OFFSET + value


@cache
def unlocode_ports() -> tuple[Port, ...]:
    """Every port of the UN/LOCODE release in `reference/unlocode/ports.csv` (function 1) that the seed
    list does not have already, with its code-derived id."""
    seeded = {p.code for p in seed_ports()}
    found = []
    for r in _rows("unlocode/ports.csv"):
        if r["code"] in seeded:
            continue
        found.append(Port(unlocode_port_id(r["code"]), r["code"], _unlocode_name(r), r["country"]))
    return tuple(found)


def _unlocode_name(row: dict[str, str]) -> str:
    """A UN/LOCODE port's name, led by the name travellers use where the release spells it otherwise."""
    alias = PORT_ALIASES.get(row["code"])
    return row["name"] if alias is None else f"{alias} / {row['name']}"


def all_ports() -> list[Port]:
    """The seed list (the ports we serve, ids 1..) and then every other UN/LOCODE port."""
    return [*seed_ports(), *unlocode_ports()]


def port_title(name: str, code: str) -> str:
    """`Hamburg (DEHAM)`: a port as the lists, the screens and the messages name it."""
    return f"{name} ({code})"


@cache
def _port_names() -> dict[str, str]:
    # Names only, from the files (the seed list's names over the release's): not 18,000 `Port`s kept.
    names = {r["code"]: _unlocode_name(r) for r in _rows("unlocode/ports.csv")}
    names.update((r["code"], r["name"]) for r in _rows("ports.csv"))
    return names


def port_named(code: str | None) -> str:
    """A port a message names by its UN/LOCODE, with its name (`Hamburg (DEHAM)`): a customer may not know
    the code. The code alone for a port the reference files lack (one staff added); '' for none."""
    code = (code or "").strip().upper()
    name = _port_names().get(code)
    return code if name is None else port_title(name, code)


def seed_container_types() -> list[Choice]:
    return [Choice(int(r["id"]), r["name"], int(r["value"])) for r in _rows("container_types.csv")]


def seed_container_sizes() -> list[Choice]:
    return [Choice(int(r["id"]), r["name"], int(r["value"])) for r in _rows("container_sizes.csv")]


def seed_document_types() -> list[DocumentType]:
    return [DocumentType(int(r["id"]), r["name"], r["template"]) for r in _rows("document_types.csv")]


def seed_containers() -> list[InventoryContainer]:
    return [
        InventoryContainer(i, r["number"], int(r["type"]), int(r["size"]))
        for i, r in enumerate(_rows("containers.csv"), start=1)
    ]


class ReferenceCatalog(Protocol):
    """What commands need to know about reference data (answered from the reference tables)."""

    def has_port(self, port_id: int) -> bool: ...

    def port_id(self, un_location_code: str) -> int | None: ...

    def port_code(self, port_id: int) -> str | None: ...

    def has_container_type(self, type_id: int) -> bool: ...

    def container_type_value(self, type_id: int) -> int | None: ...

    def has_container_size(self, size_id: int) -> bool: ...

    def has_document_type(self, document_type_id: int) -> bool: ...

    def has_container(self, container_id: int) -> bool: ...

    def add_port(self, code: str, name: str, country: str) -> int:
        """A port staff add: its new id; `AlreadyExists` when its code is known."""
        ...

    def add_container(self, number: str, type_id: int, size_id: int) -> int:
        """A container staff add: its new id; `AlreadyExists` when its number is known."""
        ...


class SeedCatalog:
    """The seed files themselves as a catalog: unit tests use it without a database."""

    def __init__(self) -> None:
        ports = all_ports()
        self.ports = {p.id for p in ports}
        self.port_codes = {p.code: p.id for p in ports}
        self.codes = {p.id: p.code for p in ports}
        self.types = {t.id: t.value for t in seed_container_types()}
        self.sizes = {s.id for s in seed_container_sizes()}
        self.documents = {d.id for d in seed_document_types()}
        containers = seed_containers()
        self.containers = {c.id for c in containers}
        self.container_numbers = {c.number for c in containers}

    def has_port(self, port_id: int) -> bool:
        return port_id in self.ports

    def port_id(self, un_location_code: str) -> int | None:
        return self.port_codes.get(un_location_code)

    def port_code(self, port_id: int) -> str | None:
        return self.codes.get(port_id)

    def has_container_type(self, type_id: int) -> bool:
        return type_id in self.types

    def container_type_value(self, type_id: int) -> int | None:
        return self.types.get(type_id)

    def has_container_size(self, size_id: int) -> bool:
        return size_id in self.sizes

    def has_document_type(self, document_type_id: int) -> bool:
        return document_type_id in self.documents

    def has_container(self, container_id: int) -> bool:
        return container_id in self.containers

    def add_port(self, code: str, name: str, country: str) -> int:
        if code in self.port_codes:
            raise AlreadyExists("Port exists already")
        port_id = max((i for i in self.ports if i < UNLOCODE_ID_OFFSET), default=0) + 1
        self.ports.add(port_id)
        self.port_codes[code] = port_id
        self.codes[port_id] = code
        return port_id

    def add_container(self, number: str, type_id: int, size_id: int) -> int:
        if number in self.container_numbers:
            raise AlreadyExists("Container exists already")
        container_id = max(self.containers, default=0) + 1
        self.containers.add(container_id)
        self.container_numbers.add(number)
        return container_id


@cache
def _seeded_names() -> dict[str, dict[str, dict[str, str]]]:
    found = json.loads(SEEDED_NAMES.read_text(encoding="utf-8"))
    return {section: rows for section, rows in found.items() if isinstance(rows, dict)}


def seeded_name(section: str, row_id: int, language: str) -> str | None:
    """A seeded reference row's name in `language` (`documentTypes`, `containerTypes`, `containerSizes` by
    id; English where the language has none); None for a row the release does not seed."""
    said = _seeded_names().get(section, {}).get(str(row_id))
    return None if said is None else said.get(language) or said["en"]

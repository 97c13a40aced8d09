"""Looking for a person's values in everything the product's databases hold (the erasure and sealing tests,
and the crossings model's erasures)."""

from __future__ import annotations

import json
from pathlib import Path

import psycopg

from api.settings import Settings


def forms_of(value: str) -> list[bytes]:
    """How a value may be written down: UTF-8, JSON-escaped (`\\uXXXX`) and UTF-16 (both byte orders)."""
    escaped = json.dumps(value)[1:-1]
    return [value.encode(), escaped.encode(), value.encode("utf-16-le"), value.encode("utf-16-be")]


def database_bytes(settings: Settings) -> bytes:
    """Everything the product's databases hold: SQLite's files in VAR_DIR (the development outbox aside),
    or every table of the PostgreSQL database copied out in binary (so `bytea` event states are raw)."""
    if not settings.uses_postgres:
        return b"".join(
            path.read_bytes()
            for path in sorted(Path(settings.VAR_DIR).rglob("*"))
            if path.is_file() and path.name != "outbox.jsonl"
        )
    chunks: list[bytes] = []
    with psycopg.connect(str(settings.DATABASE_URL), autocommit=True) as conn:
        tables = conn.execute(
            "SELECT table_schema, table_name FROM information_schema.tables"
            " WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'"
        ).fetchall()
        for schema, table in tables:
            with conn.cursor().copy(f'COPY "{schema}"."{table}" TO STDOUT (FORMAT binary)') as copy:
                for data in copy:
                    chunks.append(bytes(data))
    return b"".join(chunks)


def hits(haystack: bytes, values: list[str]) -> list[str]:
    return [value for value in values for form in forms_of(value) if form in haystack]

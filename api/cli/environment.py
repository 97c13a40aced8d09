"""What every store-using command checks first, so it refuses with one line instead of failing halfway:
the settings parse, the database answers (or VAR_DIR can hold the SQLite files), and the store is not held
the other way by another process (infrastructure/store_lock.py)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlparse

from pydantic import ValidationError

from api.cli.outcome import Refusal
from api.settings import Settings

# Why a rebuild cannot start, and why a server or verify cannot start while a rebuild runs.
IN_USE = (
    "the store is in use by a running freight serve, follow or verify; stop it first"
    " (a rebuild drops the read-model tables it reads)"
)
REBUILDING = (
    "a rebuild (freight replay or seed-demo) is running on this store; try again once it has finished"
)


def load_settings() -> Settings:
    try:
        return Settings()
    except ValidationError as error:
        first = error.errors()[0]
        name = ".".join(str(part) for part in first["loc"]) or "settings"
        raise Refusal(f"bad setting {name}: {first['msg']}") from None


def where(settings: Settings) -> str:
    """The store, named without its password."""
    if not settings.uses_postgres:
        return f"VAR_DIR {settings.VAR_DIR}"
    url = urlparse(str(settings.DATABASE_URL))
    user = f"{url.username}@" if url.username else ""
    return f"postgresql://{user}{url.hostname or '127.0.0.1'}:{url.port or 5432}{url.path}"


def check_store(settings: Settings) -> None:
    """Refuse (exit 2) when the configured store cannot be used at all."""
    if settings.DATABASE_URL and not settings.uses_postgres:
        raise Refusal(
            "DATABASE_URL must be a postgresql:// URL (leave it unset for the embedded SQLite store)"
        )
    if settings.uses_postgres:
        import psycopg

        try:
            with psycopg.connect(settings.read_model_conninfo(), connect_timeout=5):
                pass
        except psycopg.Error as error:
            reason = next((line.strip() for line in str(error).splitlines() if line.strip()), "no answer")
            raise Refusal(f"cannot reach the database {where(settings)}: {reason}") from None
        check_personal_data_key(settings)
        return
    try:
        settings.VAR_DIR.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise Refusal(f"VAR_DIR {settings.VAR_DIR} cannot be used: {error.strerror}") from None
    for name in ("events.db", "read.db"):
        path = settings.VAR_DIR / name
        if not path.exists():
            continue
        try:
            with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as probe:
                probe.execute("PRAGMA schema_version").fetchone()
        except sqlite3.DatabaseError as error:
            raise Refusal(f"{path} is not a usable SQLite database: {error}") from None
    if (settings.VAR_DIR / "events.db").exists():
        check_personal_data_key(settings)


def check_personal_data_key(settings: Settings) -> None:
    """Refuse (exit 2) when the master key or the key ring does not open the store's personal data keys:
    started anyway, the process would park every event holding personal data. Nothing is written first."""
    from infrastructure.event_store import SharedStore
    from infrastructure.key_ring import KeyRefused

    try:
        SharedStore(settings.event_store_env()).close()
    except KeyRefused as error:
        raise Refusal(str(error)) from None


@contextmanager
def holding(settings: Settings, *, exclusive: bool, busy: str, name: str = "use") -> Iterator[None]:
    """Hold the store's lock for the block, or refuse with `busy` when another process holds it."""
    from api.bootstrap import store_lock
    from infrastructure.store_lock import StoreBusy

    lock = store_lock(settings, name)
    try:
        lock.acquire(exclusive=exclusive)
    except StoreBusy:
        raise Refusal(busy) from None
    try:
        yield
    finally:
        lock.release()

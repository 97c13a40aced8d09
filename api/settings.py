"""Settings from the environment (and an optional `.env`), exactly those of DESIGN section 10."""

from __future__ import annotations

import contextlib
import secrets
from pathlib import Path
from urllib.parse import unquote, urlparse

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from domain.accounts.passwords import PRODUCTION_COST, HashCost
from domain.booking.estimated_sailing import DEFAULT_CUT_OFF_HOURS, DEFAULT_TRANSIT_DAYS, SailingEstimates
from infrastructure.private_files import private_file, private_folder, write_private_new

# HS256 keys shorter than its 256-bit hash can be guessed offline from any one token.
MIN_JWT_SECRET_BYTES = 32


# The cut-offs a booking carries (Booking 2.0.5's codes).
CUT_OFF_CODES = ("DCO", "VCO", "FCO", "LCO", "EFC")


def cut_off_hours(text: str) -> dict[str, int]:
    """`DCO=72,VCO=48,FCO=24` as {code: hours}; ValueError naming what is wrong."""
    found: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        code, _, hours = part.partition("=")
        code = code.strip().upper()
        if code not in CUT_OFF_CODES or not hours.strip().isdigit() or not 0 <= int(hours) <= 24 * 30:
            raise ValueError(f"CUT_OFF_HOURS: {part!r} is not CODE=hours (codes {', '.join(CUT_OFF_CODES)})")
        found[code] = int(hours)
    if not found:
        raise ValueError("CUT_OFF_HOURS names no cut-off")
    return found


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    DATABASE_URL: str | None = None
    # A hot standby of DATABASE_URL (PostgreSQL streaming replication): the read models' queries of GET
    # requests go there; a caller's read after its own write waits up to READ_REPLICA_WAIT_SECONDS for the
    # standby to replay it, else reads the primary (docs/decisions/2401-reads-from-a-hot-standby.md).
    READ_REPLICA_URL: str | None = None
    READ_REPLICA_WAIT_SECONDS: float = 0.5
    VAR_DIR: Path = Path("var")
    HOST: str = "127.0.0.1"
    PORT: int = 8000
    # Where people reach the portal (scheme and host, e.g. https://freight.example.com): every link the
    # product writes (e-mails, webhook sources, the OpenAPI servers) starts with it, whichever process writes
    # it. Unset: the served address (HOST:PORT), for a server on one machine; `freight follow`, which serves
    # nothing, refuses to start without it.
    PUBLIC_URL: str | None = None
    JWT_SECRET: str | None = None
    ADMIN_USERNAME: str | None = "admin"
    ADMIN_PASSWORD: str | None = None
    SMTP_URL: str | None = None
    # The From of every e-mail (`Freight Bookings <bookings@freight.example.com>`); unset: the address in
    # SMTP_URL's path, else no-reply at PUBLIC_URL's host.
    MAIL_FROM: str | None = None
    UPLOAD_DIR: Path | None = None
    # Unfinished uploads one user may have at a time, and the age after which an untouched one is removed.
    MAX_UNFINISHED_UPLOADS: int = 20
    # Sign-up calls (start, finalize, resend) one address may make in 10 minutes (a flood guard; a test suite
    # that signs up many customers from loopback raises it).
    SIGNUP_ATTEMPTS_PER_ADDRESS: int = 30
    UPLOAD_ABANDONED_AFTER_SECONDS: float = 24 * 3600
    # Calls to the DCSA door (/v2) per credential in a minute; one address may make 5 times as many (so a
    # flood of bad keys is limited too). Answered 429 with Retry-After and RateLimit headers.
    DCSA_REQUESTS_PER_MINUTE: int = 120
    # Followers (projections, policies) run inside the server unless a separate worker runs them.
    RUN_FOLLOWERS: bool = True
    # Set by `freight serve` for its child processes (API workers, followers): others share this store, so
    # on SQLite they wake each other over a Unix socket and take booking references from one counter.
    SERVE_PROCESSES: int = 1
    # Concurrent commands share one store transaction (domain/shared/group_commit.py); off only to measure.
    GROUP_COMMIT: bool = True
    # How long a command's answer (and a read after a write answered early) waits for the read models to
    # show the write; still not shown, the command is answered 202 with its id and position. A test suite
    # on a loaded machine raises it, so its answers wait for the followers rather than race them.
    SETTLE_SECONDS: float = 2.0
    # The argon2id work of each password hash: passes, memory (KiB), lanes. The defaults are production's
    # (RFC 9106's second recommended option); lower only in a test suite, which hashes thousands of passwords.
    PASSWORD_HASH_TIME_COST: int = Field(default=PRODUCTION_COST.time_cost, ge=1)
    PASSWORD_HASH_MEMORY_KIB: int = Field(default=PRODUCTION_COST.memory_kib, ge=8)
    PASSWORD_HASH_PARALLELISM: int = Field(default=PRODUCTION_COST.parallelism, ge=1)
    # Freeze what startup made out of the garbage collector's full passes once the services run (api/heap.py).
    # Off in the test suite, which starts hundreds of apps in one interpreter: each one frozen would stay.
    FREEZE_STARTUP_HEAP: bool = True
    # Webhook callbacks on loopback or private addresses (tests and development only; never in production).
    WEBHOOK_ALLOW_LOOPBACK: bool = False
    # The key that seals webhook signing secrets (base64 of 32 bytes); unset: one made once under VAR_DIR.
    WEBHOOK_SECRETS_KEY: str | None = None
    # Base64 of 32 bytes wrapping every person's data key; unset: one made once in VAR_DIR/personal-data-key.
    PERSONAL_DATA_KEY: str | None = None
    # The ring of keys that wrap the data keys, kept out of database backups (docs/personal-data.md); every
    # process of the installation must use the same file. Unset: VAR_DIR/keys/personal-data-ring.
    PERSONAL_DATA_KEY_RING: Path | None = None
    # /health is 503 when a follower group has had no live holder (heartbeat) this long, or when the oldest
    # event a follower has not applied is older than this (api/health.py).
    HEALTH_NO_HOLDER_SECONDS: float = 15.0
    HEALTH_MAX_LAG_SECONDS: float = 30.0
    # Addresses of reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (comma-separated,
    # `*` for any). None by default: else any caller could name its own address past the per-address limits.
    FORWARDED_ALLOW_IPS: str = ""
    # Active API keys and webhook subscriptions one customer may have at a time (a flood guard).
    MAX_API_KEYS_PER_ACCOUNT: int = 10
    MAX_WEBHOOKS_PER_ACCOUNT: int = 10
    WEB_DIST: Path = Path(__file__).resolve().parents[1] / "web" / "dist"
    # A booking confirmed with no sailing named gets an estimated one: its lane's transit time (the
    # tariff's `transit_days`, else this) and cut-offs this many hours before departure (`DCO=72,VCO=48`).
    DEFAULT_TRANSIT_DAYS: int = Field(default=DEFAULT_TRANSIT_DAYS, ge=1, le=120)
    CUT_OFF_HOURS: str = ",".join(f"{code}={hours}" for code, hours in DEFAULT_CUT_OFF_HOURS.items())

    @field_validator("CUT_OFF_HOURS")
    @classmethod
    def _cut_off_hours_read(cls, value: str) -> str:
        cut_off_hours(value)
        return value

    def password_hash_cost(self) -> HashCost:
        """The argon2id cost from the settings; ValueError when its memory is under 8 KiB per lane (argon2's
        own minimum)."""
        if self.PASSWORD_HASH_MEMORY_KIB < 8 * self.PASSWORD_HASH_PARALLELISM:
            raise ValueError(
                "PASSWORD_HASH_MEMORY_KIB must be at least 8 per lane (PASSWORD_HASH_PARALLELISM)"
            )
        return HashCost(
            self.PASSWORD_HASH_TIME_COST, self.PASSWORD_HASH_MEMORY_KIB, self.PASSWORD_HASH_PARALLELISM
        )

    def sailing_estimates(self) -> SailingEstimates:
        return SailingEstimates(self.DEFAULT_TRANSIT_DAYS, cut_off_hours(self.CUT_OFF_HOURS))

    @field_validator("PUBLIC_URL")
    @classmethod
    def _public_url(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        url = urlparse(value.strip())
        if url.scheme not in ("http", "https") or not url.hostname:
            raise ValueError("must be an http:// or https:// address, e.g. https://freight.example.com")
        if url.path.strip("/") or url.params or url.query or url.fragment or url.username or url.password:
            raise ValueError("must be only a scheme, a host and an optional port (the portal is served at /)")
        return f"{url.scheme}://{url.netloc}"

    @property
    def public_url(self) -> str:
        """The address the product's links start with: PUBLIC_URL, else the served address."""
        return self.PUBLIC_URL or f"http://{self.HOST}:{self.PORT}"

    @property
    def uses_postgres(self) -> bool:
        return bool(self.DATABASE_URL) and str(self.DATABASE_URL).startswith(("postgres://", "postgresql://"))

    @property
    def uploads(self) -> Path:
        return self.UPLOAD_DIR or self.VAR_DIR / "uploads"

    def weak_jwt_secret(self) -> str | None:
        """Why `JWT_SECRET` may not sign tokens (None: it may): under MIN_JWT_SECRET_BYTES, a token signed
        with it can be forged by guessing it (HS256 wants a key as long as its hash)."""
        if self.JWT_SECRET and len(self.JWT_SECRET.encode()) < MIN_JWT_SECRET_BYTES:
            return (
                f"JWT_SECRET is {len(self.JWT_SECRET.encode())} bytes; at least {MIN_JWT_SECRET_BYTES} are"
                " needed (e.g. `python -c 'import secrets; print(secrets.token_urlsafe(48))'`)"
            )
        return None

    def jwt_secret(self) -> str:
        """`JWT_SECRET`, or in development a random one generated once and kept under `VAR_DIR`."""
        if self.JWT_SECRET:
            return self.JWT_SECRET
        path = self.VAR_DIR / "jwt-secret"
        if not path.exists():
            private_folder(self.VAR_DIR)
            with contextlib.suppress(FileExistsError):  # another process wrote it first: theirs is the one
                write_private_new(path, secrets.token_urlsafe(48).encode())
        return path.read_text().strip()

    def event_store_env(self) -> dict[str, str]:
        env = {"GROUP_COMMIT": "y" if self.GROUP_COMMIT else "n", "VAR_DIR": str(self.VAR_DIR)}
        if self.PERSONAL_DATA_KEY:
            env["PERSONAL_DATA_KEY"] = self.PERSONAL_DATA_KEY
        if self.PERSONAL_DATA_KEY_RING:
            env["PERSONAL_DATA_KEY_RING"] = str(self.PERSONAL_DATA_KEY_RING)
        return {**env, **self._recorder_env()}

    def _recorder_env(self) -> dict[str, str]:
        if not self.uses_postgres:
            private_file(self.VAR_DIR / "events.db")  # the event store: personal data, 0600 from the start
            return {
                "PERSISTENCE_MODULE": "eventsourcing.sqlite",
                "SQLITE_DBNAME": str(self.VAR_DIR / "events.db"),
                "SQLITE_LOCK_TIMEOUT": "30",
            }
        url = urlparse(str(self.DATABASE_URL))
        return {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": url.path.lstrip("/") or "postgres",
            "POSTGRES_HOST": url.hostname or "127.0.0.1",
            "POSTGRES_PORT": str(url.port or 5432),
            "POSTGRES_USER": unquote(url.username or "postgres"),
            # The library refuses to start without a password, even under trust authentication.
            "POSTGRES_PASSWORD": unquote(url.password or "postgres"),
            "POSTGRES_POOL_SIZE": "10",
            "POSTGRES_MAX_OVERFLOW": "10",
        }

    def read_model_conninfo(self) -> str:
        return conninfo(str(self.DATABASE_URL))

    def replica_conninfo(self) -> str | None:
        """READ_REPLICA_URL as a connection string; None when unset (or the store is SQLite's)."""
        if not self.READ_REPLICA_URL or not self.uses_postgres:
            return None
        return conninfo(self.READ_REPLICA_URL)


def conninfo(address: str) -> str:
    """A `postgresql://` address as psycopg's `key=value` connection string."""
    url = urlparse(address)
    parts = {
        "dbname": url.path.lstrip("/") or "postgres",
        "host": url.hostname or "127.0.0.1",
        "port": str(url.port or 5432),
        "user": unquote(url.username or "postgres"),
    }
    if url.password:
        parts["password"] = unquote(url.password)
    return " ".join(f"{k}={v}" for k, v in parts.items())


class ExplicitSettings(Settings):
    """Settings from the arguments and the environment only, never from a `.env` in the working directory:
    what a tool (the bench) builds for a store of its own."""

    model_config = SettingsConfigDict(env_file=None, extra="ignore")

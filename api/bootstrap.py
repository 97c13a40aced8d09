"""The one wiring point: builds the store, the context applications, the read models and the followers."""

from __future__ import annotations

import logging
import threading
from contextlib import nullcontext
from datetime import datetime
from pathlib import Path
from typing import Any
from uuid import UUID

from api.dcsa.booking.notifications import DcsaBookingView
from api.edge.account_limits import Limiters
from api.edge.errors import StoredNotShown
from api.edge.login_throttle import LoginThrottle
from api.edge.rate_limit import AttemptLimiter
from api.edge.sessions import Sessions
from api.heap import freeze_startup_heap
from api.links import PortalLinks
from api.settings import Settings
from domain.accounts.application import AccountsApplication
from domain.accounts.passwords import Passwords
from domain.booking.application import BookingApplication
from domain.booking.files import StoredFile
from domain.booking.shipping_order import shipping_order_id
from domain.integrations.application import IntegrationsApplication
from domain.integrations.webhook_subscription import signing_secret
from domain.notifications.application import NotificationsApplication
from domain.shared.actor import SYSTEM_ACTOR, Actor
from domain.tracking.application import TrackingApplication
from followers.follower import Follower
from infrastructure.attempt_counters import AttemptCounters
from infrastructure.delivery import delivery_from_settings
from infrastructure.event_store import SharedStore, check_pool
from infrastructure.key_ring import KeyRefused
from infrastructure.leases import Lease, schema_lock
from infrastructure.local_wakeups import LocalWakeups
from infrastructure.periodic import Periodic
from infrastructure.read_db import PostgresReadModels, ReadModelDB, SqliteReadModels
from infrastructure.reference_counters import ReferenceCounters
from infrastructure.secret_box import SecretBox, box_key
from infrastructure.store_lock import StoreBusy, StoreLock
from infrastructure.uploads import ChunkStore
from infrastructure.wakeups import TRACKING_CHANNEL, PostgresWakeups, Wakeups, tracking_payload
from infrastructure.webhook_delivery import resolve as resolve_callback
from infrastructure.webhook_secrets import DeliverySecrets
from infrastructure.webhook_sender import WebhookSender
from policies.cut_off_watch import cut_off_watch
from policies.messaging import MESSAGING_POLICY, messaging_follower
from policies.notifications import NOTIFICATIONS_POLICY, notifications_follower
from policies.quote_expiry import expire_due_quotes, quote_expiry, quote_expiry_warning
from policies.webhooks.policy import WEBHOOK_POLICY, webhook_follower
from projections.booking import preview
from projections.booking import queries as booking_queries
from projections.booking.reference import TableCatalog, seed_reference
from projections.booking.tariffs import TableTariffs
from projections.departures import TableDepartures
from projections.registry import READ_MODELS, applier, ensure_schema
from projections.schedules import TableSailings

log = logging.getLogger(__name__)

# Webhook deliveries a customer may resend in a minute.
RESENDS_PER_MINUTE = 10


def client_channel_name(account_id: str) -> str:
    """The name under which an account's last unshown write travels on the tracking channel."""
    return f"client:{account_id}"


def wal_channel_name(account_id: str) -> str:
    """The name under which an account's last write's WAL position travels on the tracking channel."""
    return f"wal:{account_id}"


def site_url(settings: Settings) -> str:
    """Where the portal is reached, for the links in messages and the webhooks' `source`."""
    return settings.public_url


def open_read_models(
    settings: Settings, schema: str = "public", path: Path | None = None, replica: bool = False
) -> ReadModelDB:
    """The read models' database; `replica`: with READ_REPLICA_URL's standby for the requests' reads."""
    if settings.uses_postgres:
        return PostgresReadModels(
            settings.read_model_conninfo(),
            schema=schema,
            replica=settings.replica_conninfo() if replica else None,
            replica_wait=settings.READ_REPLICA_WAIT_SECONDS,
        )
    return SqliteReadModels(path or settings.VAR_DIR / "read.db")


def store_lock(settings: Settings, name: str = "use") -> StoreLock:
    """The store's lock (infrastructure/store_lock.py): in the database (PostgreSQL), in VAR_DIR (SQLite)."""
    if settings.uses_postgres:
        return StoreLock(conninfo=settings.read_model_conninfo(), name=name)
    return StoreLock(path=settings.VAR_DIR / f"store-{name}.lock", name=name)


class Services:
    def __init__(self, settings: Settings) -> None:
        # Several processes may start at once (API workers, followers): one at a time creates the schema.
        with schema_lock(settings.read_model_conninfo()) if settings.uses_postgres else nullcontext():
            self._build(settings)

    def _build(self, settings: Settings) -> None:
        self.settings = settings
        self.site_url = site_url(settings)
        self.links = PortalLinks(self.site_url)
        # Held shared while this process uses the read models, so a rebuild cannot drop them underneath.
        self.store_use = store_lock(settings)
        try:
            self.store_use.acquire(exclusive=False)
        except StoreBusy:
            raise StoreBusy(
                "a rebuild (freight replay or seed-demo) holds the store; start again once it has finished"
            ) from None
        self.jwt_secret = settings.jwt_secret()
        try:
            self.store = SharedStore(settings.event_store_env())
        except KeyRefused:  # this process's key material does not open the store's keys: it starts not at all
            self.store_use.release()
            raise
        self.accounts = AccountsApplication(
            self.store, secret=self.jwt_secret, passwords=Passwords(settings.password_hash_cost())
        )
        self.read_models = open_read_models(settings, replica=True)
        self.notifications = NotificationsApplication(self.store)
        ensure_schema(self.read_models)
        seed_reference(self.read_models)
        # Several workers share one store: their booking references come from one counter.
        shared = settings.uses_postgres or settings.SERVE_PROCESSES > 1
        counter = ReferenceCounters(self.read_models) if shared else None
        self.booking = BookingApplication(
            self.store,
            TableCatalog(self.read_models),
            counter,
            sailings=TableSailings(self.read_models),
            tariffs=TableTariffs(self.read_models),
            estimates=settings.sailing_estimates(),
            departures=TableDepartures(self.read_models),
        )
        # Webhook signing secrets are the subscriptions' own, kept sealed under a key that is not JWT_SECRET.
        self.secret_box = SecretBox(box_key(settings.WEBHOOK_SECRETS_KEY, settings.VAR_DIR))
        self.integrations = IntegrationsApplication(
            self.store,
            self.secret_box,
            resolve=resolve_callback,
            allow_local_callbacks=settings.WEBHOOK_ALLOW_LOOPBACK,
            max_api_keys=settings.MAX_API_KEYS_PER_ACCOUNT,
            max_webhooks=settings.MAX_WEBHOOKS_PER_ACCOUNT,
        )
        self.tracking = TrackingApplication(self.store)  # publisher keys, tracking events
        self.uploads = ChunkStore(settings.uploads, settings.MAX_UNFINISHED_UPLOADS)
        abandoned = settings.UPLOAD_ABANDONED_AFTER_SECONDS
        self.upload_sweep = Periodic(
            "upload-sweep", min(600.0, abandoned / 4), lambda: self.uploads.sweep(abandoned)
        )
        self.quote_expiry = quote_expiry(self)
        self.cut_off_watch = cut_off_watch(self)
        self.quote_expiry_warning = quote_expiry_warning(self)
        # PostgreSQL: every process listens for new events and moved tracking rows (infrastructure/wakeups),
        # and a follower group is applied only by the holder of its lock (several processes may run it).
        # SQLite under `freight serve`'s several processes: a Unix socket (infrastructure/local_wakeups).
        self.wakeups: Wakeups | None = None
        if settings.uses_postgres:
            # An API worker whose followers run elsewhere waits only for tracking rows: it does not listen for
            # every commit of every process.
            events = self.store.events_channel() if settings.RUN_FOLLOWERS else ""
            self.wakeups = PostgresWakeups(settings.read_model_conninfo(), events, self._check_connections)
        elif settings.SERVE_PROCESSES > 1:
            self.wakeups = LocalWakeups(settings.VAR_DIR / "read.db", hub=settings.RUN_FOLLOWERS)
        self.read_follower = Follower(
            READ_MODELS,
            self.store,
            self.read_models,
            applier(),
            effects_in_transaction=True,  # rows only: its position's check rides with the batch's reads
            **self._coordination(READ_MODELS),
        )
        if (
            self.wakeups is not None
        ):  # where the read models stood at start: a wait for older ones ends at once
            self.wakeups.saw(READ_MODELS, self.read_follower.position)
        # Events a policy records (notifications) reach the read models at once, not at the next idle poll.
        self.store.on_recorded.append(lambda _position: self.read_follower.poke())
        if self.wakeups is not None:  # and the followers' process (SQLite; PostgreSQL's insert NOTIFYs)
            self.store.on_recorded.append(lambda _position: self._wakeups().committed())
        # Policies (process managers) follow the store too, each with its own tracking row.
        self.policy_followers: list[Follower] = []
        self.delivery = delivery_from_settings(
            settings.VAR_DIR, settings.SMTP_URL, settings.MAIL_FROM, settings.public_url
        )
        self.policy_followers.append(
            notifications_follower(
                self.store, self.read_models, self.notifications, **self._coordination(NOTIFICATIONS_POLICY)
            )
        )
        self.policy_followers.append(
            messaging_follower(
                self.store,
                self.read_models,
                self.delivery,
                self.jwt_secret,
                self.links,
                **self._coordination(MESSAGING_POLICY),
                booking_emails=True,
            )
        )
        if self.wakeups is not None:
            # Only the read models are woken by every commit (as in one process, where each recorded command
            # pokes them): commands wait for them. The policies keep their idle poll, so each of their
            # wake-ups takes many events at once instead of three followers querying after every commit.
            self.wakeups.on_events.append(self.read_follower.poke)
        # Booking notifications: the policy records them (policies/webhooks), the sender posts them
        # (infrastructure/webhook_sender.py).
        self.webhook_secrets = DeliverySecrets(
            self.secret_box, lambda subscription_id: signing_secret(self.jwt_secret, subscription_id)
        )
        self.webhook_sender = WebhookSender(
            self.read_models, self.webhook_secrets, allow_local=settings.WEBHOOK_ALLOW_LOOPBACK
        )
        self.policy_followers.append(
            webhook_follower(
                self.store,
                self.read_models,
                self.site_url,
                DcsaBookingView(),
                self.webhook_sender.poke,
                **self._coordination(WEBHOOK_POLICY),
            )
        )
        counters = AttemptCounters(self.read_models)
        self.limiters = Limiters(counters, signups_per_address=settings.SIGNUP_ATTEMPTS_PER_ADDRESS)
        self.login_throttle = LoginThrottle(counters)
        # Resending a webhook delivery, per customer (api/routers/integrations.py).
        self.webhook_resends = AttemptLimiter(
            counters, "webhook-resend", RESENDS_PER_MINUTE, 60, "Too many resends"
        )
        self.sessions = Sessions(self.read_models)
        # Without notifications (SQLite, one process): the accounts' positions their reads wait for.
        self._client_positions: dict[str, int] = {}
        self.started = False
        self._references: threading.Thread | None = None

    @property
    def followers(self) -> list[Follower]:
        return [self.read_follower, *self.policy_followers]

    def _coordination(self, group: str) -> dict[str, Any]:
        if self.wakeups is None:  # SQLite, one process
            return {}
        if not self.settings.uses_postgres:  # SQLite: one process follows (the store lock), no lease
            return {"wakeups": self.wakeups}
        lease = Lease(self.settings.read_model_conninfo(), group) if self.settings.RUN_FOLLOWERS else None
        return {"lease": lease, "wakeups": self.wakeups}

    def _wakeups(self) -> Wakeups:
        assert self.wakeups is not None
        return self.wakeups

    def _check_connections(self) -> None:
        check_pool(self.store.recorder)
        if isinstance(self.read_models, PostgresReadModels):
            self.read_models.check_connections()

    def start(self) -> None:
        self.upload_sweep.start()
        if self.wakeups is not None:
            self.wakeups.start()
        if self.settings.RUN_FOLLOWERS:
            for follower in self.followers:
                follower.start()
        if self.settings.RUN_FOLLOWERS:
            self.quote_expiry.start()
            self.cut_off_watch.start()
            self.quote_expiry_warning.start()
            self.webhook_sender.start()
            self._references = threading.Thread(
                target=self.assign_missing_references, name="assign-references", daemon=True
            )
            self._references.start()
        self.started = True
        if self.settings.ADMIN_USERNAME and self.settings.ADMIN_PASSWORD:
            position = self.accounts.ensure_admin(
                self.settings.ADMIN_USERNAME, self.settings.ADMIN_PASSWORD, SYSTEM_ACTOR
            )
            if position is not None and not self.shows(position):
                log.warning("read models do not show the admin account yet (position %s)", position)
        if self.settings.FREEZE_STARTUP_HEAP:
            freeze_startup_heap()

    def assign_missing_references(self, timeout: float = 600.0) -> int:
        """Rate requests created before booking references existed get one (once the read models show
        the history as it was at start). Answers how many were given one."""
        if not self.read_follower.wait_for(self.store.head(), timeout):
            return 0
        with self.read_models.read() as tx:
            legacy = booking_queries.without_reference(tx)
        positions = self.booking.assign_references(legacy)
        if positions:
            self.shows(max(positions))
        return len(positions)

    def expire_due_quotes(self, now: datetime | None = None) -> list[str]:
        """Expire the quotes whose validity passed at `now` (the scheduler calls this every second)."""
        return expire_due_quotes(self, now)

    def stop(self) -> None:
        self.upload_sweep.stop()
        self.quote_expiry.stop()
        self.cut_off_watch.stop()
        self.quote_expiry_warning.stop()
        self.webhook_sender.close()
        for follower in self.followers:
            follower.stop()
        if self._references is not None:
            # It reads the read models: closing them under a query in flight crashed the process (SQLite).
            self._references.join()
        if self.wakeups is not None:
            self.wakeups.stop()
        self.read_models.close()
        self.store.close()
        self.store_use.release()

    def settle(self, position: int, created: str | None = None) -> None:
        """Answer only once the read models show `position`, so the caller's next read sees its write.

        When they do not within `SETTLE_SECONDS` (the follower is slow, dead or taking over), raises
        `StoredNotShown`: the command is answered 202 with the id (`created`, else the path's id) and the
        position instead of from a read model that does not have it yet."""
        if not self.shows(position):
            log.warning(
                "read models did not reach position %s within %ss", position, self.settings.SETTLE_SECONDS
            )
            raise StoredNotShown(position, created)

    def shows(self, position: int) -> bool:
        """Whether the read models show `position` within `SETTLE_SECONDS` (waiting for it)."""
        try:
            return self.read_follower.wait_for(position, self.settings.SETTLE_SECONDS)
        except Exception:  # the read-model database is out of reach: the write stands all the same
            log.warning("could not watch the read models for position %s", position, exc_info=True)
            return False

    # -- answering from a command's own result (the read models applied in another process) -------------
    @property
    def follows_here(self) -> bool:
        """Whether a command waits for the read models before it answers: where this process applies them
        (one process, or the holder of their lock: an in-process hand-over), and among `freight serve`'s
        workers, where an answer from the command's own events would let the caller's next read, taken by
        another worker before the notification of that write reached it, miss the write (measured: the
        read on the other worker found nothing). The wait there is a notification from the followers'
        process (PostgreSQL NOTIFY, or a datagram on SQLite)."""
        if self.wakeups is None or self.settings.SERVE_PROCESSES > 1:
            return True
        return self.settings.RUN_FOLLOWERS and self.read_follower.active

    def shown_now(self, position: int) -> bool:
        """Whether the read models show `position` already (no waiting)."""
        if self.read_follower.position >= position:
            return True
        return self.wakeups is not None and self.wakeups.position(READ_MODELS) >= position

    def wrote(self, account_id: str, position: int) -> None:
        """`account_id` was answered a command at `position` before the read models showed it: its next
        read, on any worker, waits for that position (`read_after`). Told to the other workers by a
        notification on the tracking channel."""
        name = client_channel_name(account_id)
        if self.wakeups is None:
            if position > self._client_positions.get(name, 0):
                self._client_positions[name] = position
            return
        if isinstance(self.wakeups, LocalWakeups):
            self.wakeups.publish(name, position)
            return
        self.wakeups.saw(name, position)
        try:
            with self.read_models.transaction(durable=False) as tx:
                tx.execute("SELECT pg_notify(?, ?)", (TRACKING_CHANNEL, tracking_payload(name, position)))
        except Exception:  # the write stands; only another worker's wait for it is lost
            log.warning("could not tell the other workers of position %s", position, exc_info=True)

    def read_after(self, account_id: str) -> int:
        """The position `account_id`'s reads wait for: its last command answered before the read models
        showed it (0: none)."""
        name = client_channel_name(account_id)
        if self.wakeups is None:
            return self._client_positions.get(name, 0)
        return self.wakeups.position(name)

    def wal_position(self) -> int:
        """The primary's WAL position now (a write with no caller to tell; only a standby topology asks, and
        its store is PostgreSQL)."""
        assert isinstance(self.read_models, PostgresReadModels)
        return self.read_models.wal_position()

    def wrote_wal(self, account_id: str) -> int:
        """The primary's WAL position now, as `account_id`'s last write, told to every worker (NOTIFY on
        the tracking channel, in the same round trip): its next read on the standby waits for it, cookie or
        not."""
        assert isinstance(self.read_models, PostgresReadModels)
        name = wal_channel_name(account_id)
        position = self.read_models.wal_position((TRACKING_CHANNEL, name))
        if self.wakeups is not None:
            self.wakeups.saw(name, position)
        return position

    def wal_after(self, account_id: str) -> int:
        """The WAL position of `account_id`'s last write seen by this worker (0: none)."""
        return 0 if self.wakeups is None else self.wakeups.position(wal_channel_name(account_id))

    def current_file(self, file_id: str, actor: Actor) -> StoredFile:
        """The file's record as the store holds it at this request: its events read again (no cached copy)
        and opened with keys looked up afresh, so an erasure by any process counts at once (NotFound when
        this actor may not see it)."""
        self.store.vault.recheck()
        return self.booking.stored_file(file_id, actor, fresh=True)

    def fresh_rate_request(self, rate_request_id: str) -> booking_queries.RateRequestRecord | None:
        """The rate request's record built from its own events (and its order's), not the read models
        (projections/booking/preview.py); None when it cannot be built that way."""
        try:
            key = UUID(rate_request_id)
        except ValueError:
            return None
        events = list(self.booking.events.get(key))
        # A shipping order exists only for a rate request that reached `shipping_order`: its events are
        # asked for only then (the create, quote and accept of the hot path skip that select).
        if any(getattr(event, "state", None) == "shipping_order" for event in events):
            events.extend(self.booking.events.get(shipping_order_id(key)))
        try:
            with self.read_models.read() as tx:
                return preview.rate_request_detail(tx, rate_request_id, events)
        except preview.NotPreviewable:
            return None

    def settle_all(self, position: int | None = None, timeout: float = 10.0) -> bool:
        """Wait until every follower (read models and policies) has applied `position` or the head."""
        target = self.store.head() if position is None else position
        return all(f.wait_for(target, timeout) for f in self.followers)

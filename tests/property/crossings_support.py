"""The world the crossings machine plays in, and the checks that must hold for every booking after every step.

A `World` is one server seen through one HTTP client (a TestClient in this process, or an httpx client
against `freight serve` workers): the staff's headers, the customers (each with a bearer token, an API key
for `/v2`, `/v1` and `/v3`, an e-mail address and perhaps a webhook subscription), a publisher key for
tracking events, a loopback receiver that hears the webhooks, and the bookings made so far with what each
door last said of them. Where the world differs by topology (waiting for the followers, opening
customers, the outbox, parked events, verify), a subclass says how.

Each check is a function of its own (`CHECKS`, by name), so that a run can select some
(`CROSSINGS_CHECKS=money_adds_up,doors_agree`) or leave some out (`CROSSINGS_SKIP=...`) while developing.
"""

from __future__ import annotations

import json
import os
import re
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from api.dcsa.ebl.documents import SEALS_JOINED, goods_lines
from domain.accounts.account import DOMESTIC_COMPANY, INDIVIDUAL
from domain.shared.personal import ERASED, is_erased
from tests.api.booking_support import order_payload as shipping_order_body
from tests.api.dcsa_support import Received, Receiver
from tests.api.dcsa_support import validate as validate_bkg
from tests.api.erasure_support import hits
from tests.api.test_dcsa_ebl import conforming
from tests.api.test_dcsa_ebl import validate as validate_ebl
from tests.corpus import FOREIGN_PHONES, LONG_ADDRESSES, PERSIAN_COMPANIES, PERSIAN_PEOPLE

ROOT = Path(__file__).resolve().parents[2]
CLIENT = "/booking/api/v1/client"
ADMIN = "/booking/api/v1/admin"
V2 = "/v2/bookings"
KEYS = "/integrations/api/v1/client/api-keys"
HOOKS = "/integrations/api/v1/client/webhooks"
PUBLISHER_KEYS = "/integrations/api/v1/admin/publisher-keys"
PUBLISH_SCHEDULES = f"{ADMIN}/vessel-schedules"
TARIFFS = f"{ADMIN}/tariffs"
FILES = "/file-manager/api/v1/files"
ORDERS = f"{CLIENT}/shipping-orders"
AUDIT = "/audit/api/v1"
SI = "/v3/shipping-instructions"
TD = "/v3/transport-documents"
SI_HOOK = "/v3/shipping-instructions-notifications"
TD_HOOK = "/v3/transport-document-notifications"
PASSWORD = "Customer-Pass1"
ERASE = "/account/api/v1/admin/customers/{}/erase"
TEAM = "/account/api/v1/client/team"
INVITATIONS = "/account/api/v1/team/invitations"

# What a deliberate refusal may be: the request named something it may not do now, or not see.
DELIBERATE = {400, 403, 404, 409, 422}


# -- the lifecycle files: the one source of each state's DCSA status ---
def _states(machine: str) -> dict[str, dict[str, Any]]:
    spec = json.loads((ROOT / "state-machines" / f"{machine}.json").read_text(encoding="utf-8"))
    return {s["name"]: s for s in spec["states"]}


BOOKING_STATES = _states("rate_request")
AMENDMENT_STATES = _states("booking_amendment")
CANCELLATION_STATES = _states("booking_cancellation")
ORDER_STATES = _states("shipping_order")
ORDER_TRANSITIONS = json.loads((ROOT / "state-machines" / "shipping_order.json").read_text(encoding="utf-8"))[
    "transitions"
]
# The standard's statuses of a booking the carrier has confirmed: it must say what it confirmed.
CONFIRMED_FAMILY = {"CONFIRMED", "PENDING_AMENDMENT", "COMPLETED"}
# States a confirmed booking may still be changed in (an amendment, a cancellation request).
CHANGEABLE = {"shipping_order"}


def allowed_booking_statuses(state: str) -> set[str]:
    """What `/v2` may say of a booking in the portal's `state`: the file's status, and the refinements the
    standard has for it (an update awaiting a decision, a confirmed booking declined, an amendment asked)."""
    allowed = {str(BOOKING_STATES[state]["dcsa"])}
    if state in ("requested", "quoted"):
        allowed.add("UPDATE_RECEIVED")
    if state == "rejected_by_admin":
        allowed.add("DECLINED")
    if state in CHANGEABLE:
        allowed.add("PENDING_AMENDMENT")
    return allowed


# -- money ---
CENT = Decimal("0.01")


def money(value: Any) -> Decimal:
    return Decimal(str(value)).quantize(CENT)


def usd(amount: Decimal) -> str:
    return f"${amount:,.2f}"


MONEY_IN_TEXT = re.compile(r"\$[0-9][0-9,]*\.[0-9]{2}")


# -- the actors ---
@dataclass
class Customer:
    username: str
    email: str
    headers: dict[str, str]
    account_id: str
    api_key: dict[str, str]
    webhook: dict[str, Any] | None = None
    hook_path: str = ""
    # A company's colleague (a booker with a login of his own): his session and e-mail address.
    colleague: dict[str, str] | None = None
    colleague_email: str = ""
    colleague_key: dict[str, str] | None = None  # his own API key, for the company's systems

    def acting(self, colleague: bool) -> dict[str, str]:
        """Who acts for the customer: the colleague where asked and there is one, else the login itself."""
        return self.colleague if colleague and self.colleague is not None else self.headers

    def integrating(self, colleague: bool) -> dict[str, str]:
        """The API key a system uses for the customer: the colleague's where asked and there is one."""
        return self.colleague_key if colleague and self.colleague_key is not None else self.api_key

    @property
    def addresses(self) -> list[str]:
        """The e-mail addresses of the customer's people (her own; a company's colleague's too)."""
        return [self.email, *([self.colleague_email] if self.colleague_email else [])]


@dataclass(frozen=True)
class OrderAsItWas:
    """A shipping order as it stood before the customer's update that awaits staff: what a withdrawal of the
    update brings back (decision 3839)."""

    state: str  # submitted, or revision_requested when the update answered staff's request
    cargo: str  # the cargo description the update replaced


@dataclass
class Booking:
    """What the model knows of one booking: who made it, through which door, and what the doors last said."""

    id: str
    owner: Customer
    door: str  # "screens" or "v2"
    reference: str = ""  # the carrierBookingRequestReference /v2 reads it by
    state: str = "requested"
    quantity: int = 1
    price: Decimal | None = None
    order_id: str | None = None
    order_state: str | None = None
    amendment: str | None = None
    amendment_moves_price: bool = False
    cancellation: str | None = None
    booking_reference: str | None = None  # carrierBookingReference, once confirmed
    letter: bool = False  # the booking request (the letter) sent
    sailed: bool = False  # tracking saw the vessel leave its port of loading: it is no longer cancelled
    on_lane: bool = False  # between the ports the published sailing calls at (CNSHA to SGSIN)
    # The per-booking fees the booking has carried (a requote or an amendment keeps them; staff's own
    # breakdown may leave them out, and then empties this).
    fees: set[str] = field(default_factory=set)
    # Every money figure any door has shown for this booking (e-mails and notices may cite only these).
    figures: set[str] = field(default_factory=set)
    # The order before the customer's update that awaits staff (kept through her further updates; forgotten
    # once the order leaves `update_received`), and what the model expects of the withdrawal it just made,
    # held against every door in the next round of checks.
    before_update: OrderAsItWas | None = None
    withdrawn: OrderAsItWas | None = None
    # The booking's `updatedAt` as staff's screen read it just before the customer's latest change of the
    # request (an edit, the letter): a decision naming it must be refused, recording nothing (3908).
    read_before_her_change: str | None = None

    @property
    def firm(self) -> bool:
        return self.door == "v2"

    @property
    def open_change(self) -> bool:
        return self.amendment in ("requested", "requoted") or self.cancellation == "requested"


@dataclass
class Erased:
    """A customer staff erased, with the bookings they left (staff and the carrier still move them on) and
    what had been sent to them until then."""

    who: Customer
    bookings: list[Booking]
    at: datetime  # just before the erasure: anything recorded since is news they must not hear
    mails_before: int
    # Signed up again under the same name and e-mail (a login of the next generation): from then on their
    # address hears of the new login's bookings, never of these.
    mails_at_return: int | None = None


def envelope(answer: Any, *statuses: int) -> Any:
    """The `response` of a portal answer in `statuses` (default 2xx)."""
    wanted = statuses or (200, 201, 202)
    assert answer.status_code in wanted, f"{answer.status_code}: {answer.text[:600]}"
    return answer.json().get("response") if answer.content else None


def no_server_error(answer: Any, what: str) -> Any:
    assert answer.status_code < 500, f"{what}: {answer.status_code} {answer.text[:600]}"
    return answer


def deliberate(answer: Any, what: str) -> bool:
    """True when the answer is a success; a refusal must be one of the deliberate 4xx."""
    no_server_error(answer, what)
    if answer.status_code < 300:
        return True
    assert answer.status_code in DELIBERATE, f"{what}: {answer.status_code} {answer.text[:600]}"
    return False


# -- the tariff and the schedule every world starts with ---
TARIFF_HEADER = (
    "pol,pod,container_size,container_type,cargo,valid_from,valid_to,ocean_freight,baf,thc_origin,"
    "thc_destination,dg_surcharge,reefer_surcharge,documentation_fee"
)
# Seed reference data: port 1 CNSHA, 2 SGSIN, 3 CNNGB; size 2 is "40", type 1 "Dry".
TARIFF_LANE = {"polId": 1, "podId": 2}
STAFF_LANE = {"polId": 3, "podId": 2}
DOC_FEE = Decimal("65")


def tariff_csv(today: date) -> bytes:
    start, end = today, today + timedelta(days=90)
    rows = [
        f"CNSHA,SGSIN,40,Dry,general,{start},{end},1000,150.50,120,95,0,0,{DOC_FEE}",
        f"CNSHA,SGSIN,40,Dry,dangerous,{start},{end},1100,150.50,120,95,400,0,{DOC_FEE}",
    ]
    return "\n".join((TARIFF_HEADER, *rows)).encode()


def shipping_date(days: int = 20) -> str:
    return (datetime.now(UTC).date() + timedelta(days=days)).isoformat()


def screens_payload(lane: dict[str, int], quantity: int, danger: bool, commodity: str) -> dict[str, Any]:
    return {
        "commodity": commodity,
        "hsCode": "080251",
        "preferredShippingDate": shipping_date(),
        "isSwbl": False,
        "quantity": quantity,
        "isDanger": danger,
        "msds": None,
        "additionalComment": LONG_ADDRESSES[0][:120],
        **lane,
        "containerSizeId": 2,
        "containerTypeId": 1,
    }


def v2_payload(
    units: int, sailing: dict[str, str] | None, on_lane: bool = False, document: str | None = None
) -> dict[str, Any]:
    """The standard's regular sample for `units` containers: on the published `sailing`, or only between
    its ports (`on_lane`: no vessel named), or as the sample has it (Amsterdam to Singapore); asking for
    the transport `document` (BOL, SWB) when one is given."""
    body: dict[str, Any] = json.loads(
        (ROOT / "contract" / "dcsa" / "samples" / "booking-regular.json").read_text(encoding="utf-8")
    )
    body["requestedEquipments"][0]["units"] = units
    if document is not None:
        body["transportDocumentTypeCode"] = document
    if sailing is not None or on_lane:
        body["shipmentLocations"] = [
            {"location": {"UNLocationCode": "CNSHA"}, "locationTypeCode": "POL"},
            {"location": {"UNLocationCode": "SGSIN"}, "locationTypeCode": "POD"},
        ]
        body.pop("vessel", None)
        body.pop("carrierExportVoyageNumber", None)
    if sailing is not None:
        body["vessel"] = {"name": "Kharg Star", "vesselIMONumber": sailing["vesselIMONumber"]}
        body["carrierExportVoyageNumber"] = sailing["carrierExportVoyageNumber"]
    return body


def order_payload(rate_request_id: str, quantity: int, description: str, danger: bool) -> dict[str, Any]:
    person = PERSIAN_PEOPLE[1]
    parties = [
        {
            "name": name,
            "address": LONG_ADDRESSES[1][:200],
            "phoneNumber": FOREIGN_PHONES[0],
            "fax": None,
            "partyType": kind,
            "isForSwbl": False,
        }
        for kind, name in ((1, f"{person[0]} {person[1]}"), (2, "Notify Co"), (0, "Supplier Co"))
    ]
    return shipping_order_body(
        rate_request_id,
        quantity,
        cargoDescription=description,
        parties=parties,
        # Dangerous cargo names its IMDG class and UN number (gasoline, class 3).
        imcoClass="3" if danger else None,
        unNumber="1203" if danger else None,
    )


# -- the world ---
class World:
    """One server and everyone who uses it. Subclasses say how to wait and what the store holds."""

    http: Any  # TestClient or httpx.Client: `.request(method, url, **kwargs)`
    admin: dict[str, str]
    receiver: Receiver
    departure: datetime

    def __init__(self) -> None:
        self.customers: list[Customer] = []
        self.bookings: dict[str, Booking] = {}
        self.publisher: dict[str, str] = {}
        self.published_shift: int | None = None
        self.tracking_events: list[str] = []
        self.erased: list[Erased] = []
        self.actions: dict[str, int] = {}
        # What the doors said in this round of checks (None: outside a round, every read asks again).
        self.round: dict[tuple[str, str], Any] | None = None

    # -- what a topology says ---
    def settle(self) -> None:
        """Wait until every follower (read models and policies) has applied the store's head."""
        raise NotImplementedError

    def head(self) -> int:
        """The store's last notification id (a refused step must leave it where it was)."""
        raise NotImplementedError

    def open_customer(self, username: str, profile: dict[str, Any], account_type: int = INDIVIDUAL) -> None:
        """An account with PASSWORD, opened straight in the store (sign-up is tested elsewhere)."""
        raise NotImplementedError

    def outbox(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def parked(self) -> dict[str, int]:
        raise NotImplementedError

    def verify(self) -> list[Any]:
        """`freight verify`'s differences (a rebuild compared with the live rows; parked events count)."""
        raise NotImplementedError

    def expire_quotes(self, moment: datetime) -> None:
        """The clock: the quote-expiry policy as it would run at `moment` (quotes, amendments' new prices)."""
        raise NotImplementedError

    def close(self) -> None:
        """Stop what the world started and remove what it wrote."""
        raise NotImplementedError

    def poke_webhooks(self) -> None:
        """Ask the webhook sender to send what is due now (a no-op where it runs in another process)."""

    def stored_bytes(self) -> bytes:
        """Everything the product's databases hold, the development outbox aside."""
        raise NotImplementedError

    # -- calls ---
    def call(self, method: str, path: str, headers: dict[str, str] | None = None, **kwargs: Any) -> Any:
        return self.http.request(method, path, headers=headers or {}, **kwargs)

    def count(self, action: str) -> None:
        self.actions[action] = self.actions.get(action, 0) + 1

    def login(self, username: str, password: str) -> dict[str, str]:
        answer = self.call("POST", "/auth/api/v1/login", json={"username": username, "password": password})
        return {"Authorization": f"Bearer {envelope(answer, 200)['token']}"}

    # -- setting the world up ---
    def prepare(self) -> None:
        """The tariff in force, the publisher's key and the first publication of the sailing."""
        answer = self.call(
            "PUT",
            TARIFFS,
            {**self.admin, "Content-Type": "text/csv"},
            content=tariff_csv(datetime.now(UTC).date()),
        )
        envelope(answer, 200)
        issued = envelope(
            self.call("POST", PUBLISHER_KEYS, self.admin, json={"label": "Rotterdam gate"}), 201
        )
        self.publisher = {"API-Key": issued["key"]}
        self.departure = (datetime.now(UTC) + timedelta(days=20)).replace(second=0, microsecond=0)
        self.publish_schedule(0)

    def publish_schedule(self, shift_hours: int) -> None:
        from tests.api.schedules_support import publication

        body = publication(self.departure, shift_hours=shift_hours)
        # A second service (the same vessel on a later voyage): more than one schedule to page through.
        later = publication(self.departure + timedelta(days=14), service="PGY")
        for call in later[0]["vesselSchedules"][0]["transportCalls"]:
            call["carrierImportVoyageNumber"] = call["carrierExportVoyageNumber"] = "2409E"
        body.extend(later)
        envelope(self.call("PUT", PUBLISH_SCHEDULES, self.admin, json=body), 200)
        self.published_shift = shift_hours

    def new_customer(
        self, subscribe: bool, event_types: list[str] | None, company: bool = False, username: str = ""
    ) -> Customer:
        first, last = PERSIAN_PEOPLE[len(self.customers) % len(PERSIAN_PEOPLE)]
        username = username or f"crossing.{uuid.uuid4().hex[:10]}"
        email = f"{username}@example.com"
        if company:
            name = f"{PERSIAN_COMPANIES[len(self.customers) % len(PERSIAN_COMPANIES)]} {username[-4:]}"
            profile = {"name": name, "email": email, "contact_person": f"{first} {last}"}
            self.open_customer(username, profile, DOMESTIC_COMPANY)
        else:
            self.open_customer(username, {"firstName": first, "lastName": last, "email": email})
        headers = self.login(username, PASSWORD)
        me = envelope(self.call("GET", "/auth/api/v1/me", headers), 200)
        account_id = str(me.get("id") or me.get("accountId") or me.get("userId"))
        key = envelope(self.call("POST", KEYS, headers, json={"label": "ERP"}), 201)["key"]
        who = Customer(username, email, headers, account_id, {"API-Key": key})
        if company:
            self.join_colleague(who, f"{last} {first}")
        # The integrator's endpoint, not the person: its path names neither (an erasure leaves it).
        who.hook_path = f"/hooks/{uuid.uuid4().hex[:12]}"
        if subscribe:
            self.subscribe(who, event_types)
        self.customers.append(who)
        return who

    def join_colleague(self, who: Customer, name: str) -> None:
        """The company invites a booker, who takes the e-mailed link and signs in with his own login."""
        email = f"booker.{uuid.uuid4().hex[:10]}@example.com"
        body = {"email": email, "name": name, "role": "booker"}
        envelope(self.call("POST", f"{TEAM}/invitations", who.headers, json=body), 201)
        self.settle()
        tokens = [
            m["data"]["token"]
            for m in self.outbox()
            if m.get("to") == email and "/team/invitation" in m.get("data", {}).get("link", "")
        ]
        assert tokens, f"no invitation was e-mailed to {email}"
        accepted = self.call("POST", f"{INVITATIONS}/{tokens[-1]}/accept", json={"password": PASSWORD})
        envelope(accepted, 200)
        who.colleague, who.colleague_email = self.login(email, PASSWORD), email
        key = envelope(self.call("POST", KEYS, who.colleague, json={"label": "Forwarder TMS"}), 201)["key"]
        who.colleague_key = {"API-Key": key}

    def erase(self, who: Customer) -> None:
        """Staff erase `who`. What was sent to them until now is counted once every policy has applied the
        store; their bookings leave the customers' model and are read by staff from now on."""
        self.settle()
        at, mails_before = datetime.now(UTC), len(self.outbox())
        body = {"reason": "GDPR art. 17 request"}
        envelope(self.call("POST", ERASE.format(who.account_id), self.admin, json=body), 200)
        left = [booking for booking in self.bookings.values() if booking.owner is who]
        for booking in left:
            del self.bookings[booking.id]
        self.customers.remove(who)
        self.erased.append(Erased(who, left, at, mails_before))

    def bring_back(self, gone: Erased) -> Customer:
        """An erased customer signs up again with the same name and e-mail: a new login, none of the old
        bookings."""
        self.settle()
        gone.mails_at_return = len(self.outbox())
        back = self.new_customer(True, None, gone.who.colleague is not None, gone.who.username)
        assert back.account_id != gone.who.account_id, "the erased login came back instead of a new one"
        return back

    def subscribe(self, who: Customer, event_types: list[str] | None) -> None:
        url = self.receiver.url.replace("/hooks", who.hook_path)
        body: dict[str, Any] = {"callbackUrl": url}
        if event_types is not None:
            body["eventTypes"] = event_types
        who.webhook = envelope(self.call("POST", HOOKS, who.headers, json=body), 201)

    # -- reading what the doors say ---
    def _once(self, key: tuple[str, str], read: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        if self.round is None:
            return read()
        if key not in self.round:
            self.round[key] = read()
        return dict(self.round[key])

    def portal(self, booking: Booking, staff: bool = False) -> dict[str, Any]:
        path = f"{ADMIN if staff else CLIENT}/rate-requests/{booking.id}"
        headers = self.admin if staff else booking.owner.headers
        return self._once((path, ""), lambda: dict(envelope(self.call("GET", path, headers), 200)))

    def changes(self, booking: Booking) -> dict[str, Any]:
        path = f"{CLIENT}/rate-requests/{booking.id}/changes"
        return self._once(
            (path, ""), lambda: dict(envelope(self.call("GET", path, booking.owner.headers), 200))
        )

    def sailing(self, booking: Booking) -> dict[str, Any] | None:
        """The booking's sailing, `None` when it has none (kept in the round's cache as an empty dict)."""
        path = f"{CLIENT}/rate-requests/{booking.id}/sailing"
        found = self._once(
            (path, ""), lambda: dict(envelope(self.call("GET", path, booking.owner.headers), 200) or {})
        )
        return found or None

    def v2(self, booking: Booking, fresh: bool = False) -> dict[str, Any]:
        def read() -> dict[str, Any]:
            answer = self.call("GET", f"{V2}/{booking.reference}", booking.owner.api_key)
            assert answer.status_code == 200, (
                f"GET /v2 {booking.reference}: {answer.status_code} {answer.text[:600]}"
            )
            return dict(answer.json())

        return read() if fresh else self._once((V2, booking.reference), read)

    def si_reference(self, booking: Booking) -> str:
        return f"{SI}/SI-{booking.reference}"

    def td_reference(self, booking: Booking) -> str:
        return f"{TD}/BL-{booking.reference}"

    def v3(self, booking: Booking, path: str, who: Customer | None = None) -> tuple[int, Any]:
        """`/v3`'s answer to `who` (the owner unless named), held to the document: (status, body)."""
        headers = (who or booking.owner).api_key

        def read() -> dict[str, Any]:
            answer = self.call("GET", path, headers)
            return {"status": answer.status_code, "body": conforming("GET", path, answer)}

        found = self._once((path, headers["API-Key"]), read)
        return int(found["status"]), found["body"]

    def refresh(self) -> None:
        """Read every booking once on the screens' API: the state the rules choose by."""
        for booking in self.bookings.values():
            detail = self.portal(booking)
            booking.state = str(detail["stateName"])
            booking.quantity = int(detail["quantity"])
            booking.price = None if detail["price"] is None else money(detail["price"])
            booking.reference = booking.reference or str(detail.get("reference") or "")
            order = detail.get("order")
            booking.order_id = order["id"] if order else None
            booking.order_state = order["statusName"] if order else None
            if booking.order_state != "update_received":
                booking.before_update = None
            changes = self.changes(booking)
            amendment, cancellation = changes["amendment"], changes["cancellation"]
            booking.amendment = amendment["stateName"] if amendment else None
            booking.amendment_moves_price = bool(amendment and amendment["changesPrice"])
            booking.cancellation = cancellation["stateName"] if cancellation else None
            if booking.booking_reference is None and booking.state in ("shipping_order", "completed"):
                booking.booking_reference = self.v2(booking).get("carrierBookingReference")
            # A new price proposed for an amendment is shown beside it (the changes screen) first: the price
            # per container, its lines and its total for the amended quantity.
            proposed = amendment or {"price": None, "totalPrice": None, "charges": []}
            for figure in (
                detail["price"],
                detail["totalPrice"],
                proposed["price"],
                proposed["totalPrice"],
                *(c["amount"] for c in (*detail["charges"], *proposed["charges"])),
            ):
                if figure is not None:
                    booking.figures.add(usd(money(figure)))

    def webhooks_of(self, who: Customer) -> list[Received]:
        return [r for r in list(self.receiver.received) if r.path.startswith(who.hook_path + "/")]


# -- the checks: each its own function of the world ---
Check = Callable[[World], None]
CHECKS: dict[str, Check] = {}


def check(function: Check) -> Check:
    CHECKS[function.__name__] = function
    return function


def selected_checks() -> list[Check]:
    """Every check, or those `CROSSINGS_CHECKS` names, less those `CROSSINGS_SKIP` names (comma-separated)."""
    named = [n for n in os.environ.get("CROSSINGS_CHECKS", "").split(",") if n]
    skipped = {n for n in os.environ.get("CROSSINGS_SKIP", "").split(",") if n}
    unknown = (set(named) | skipped) - set(CHECKS)
    assert not unknown, f"no such check: {sorted(unknown)}; the checks are {sorted(CHECKS)}"
    return [CHECKS[n] for n in (named or list(CHECKS)) if n not in skipped]


def _total(detail: dict[str, Any]) -> tuple[Decimal, Decimal, Decimal] | None:
    """(price per container, sum of the per-container lines, the expected total) of a priced booking."""
    if detail["price"] is None:
        return None
    price = money(detail["price"])
    per_container = [money(c["amount"]) for c in detail["charges"] if c["per"] == "container"]
    per_booking = sum((money(c["amount"]) for c in detail["charges"] if c["per"] == "booking"), Decimal(0))
    lines = sum(per_container, Decimal(0)) if per_container else price
    return price, lines, price * int(detail["quantity"]) + per_booking


@check
def money_adds_up(world: World) -> None:
    """The itemised charges add up to the price per container; the total is that price times the containers
    plus the per-booking fees; staff see the same lines as the customer."""
    for booking in world.bookings.values():
        detail = world.portal(booking)
        figures = _total(detail)
        if figures is None:
            continue
        price, lines, total = figures
        ref = (booking.id, booking.door, detail["stateName"], detail["charges"])
        assert lines == price, f"charges add up to {lines}, price {price}: {ref}"
        assert detail["totalPrice"] is not None and money(detail["totalPrice"]) == total, (
            f"total {detail['totalPrice']} != {price} x {detail['quantity']} + fees = {total}: {ref}"
        )
        staff = world.portal(booking, staff=True)
        assert (staff["price"], staff["totalPrice"], staff["charges"]) == (
            detail["price"],
            detail["totalPrice"],
            detail["charges"],
        ), f"staff and customer see different figures: {ref} / {staff['charges']}"


@check
def fees_stay(world: World) -> None:
    """A per-booking fee the booking carried stays through a requote, an amendment and a new price."""
    for booking in world.bookings.values():
        detail = world.portal(booking)
        if detail["price"] is None:
            continue
        now = {c["code"] for c in detail["charges"] if c["per"] == "booking"}
        assert booking.fees <= now, (
            f"{booking.id} ({booking.door}, {detail['stateName']}) lost {sorted(booking.fees - now)}:"
            f" {detail['charges']}"
        )


def remember_fees(world: World) -> None:
    for booking in world.bookings.values():
        detail = world.portal(booking)
        if detail["price"] is not None:
            booking.fees = {c["code"] for c in detail["charges"] if c["per"] == "booking"}


@check
def money_same_on_v2(world: World) -> None:
    """What `/v2` charges for a booking is the total the screens show."""
    for booking in world.bookings.values():
        detail = world.portal(booking)
        body = world.v2(booking)
        charges = body.get("charges") or []
        if not charges or detail["totalPrice"] is None:
            continue
        v2_total = sum((money(c["currencyAmount"]) for c in charges), Decimal(0))
        assert v2_total == money(detail["totalPrice"]), (
            f"/v2 charges {v2_total} != screens' total {detail['totalPrice']}: {booking.id} {charges}"
            f" / {detail['charges']}"
        )


@check
def money_in_messages(world: World) -> None:
    """Every amount an e-mail or a notification cites for a booking is one the screens have shown for it."""
    by_reference = {b.reference: b for b in world.bookings.values() if b.reference}
    by_reference.update({b.booking_reference: b for b in world.bookings.values() if b.booking_reference})
    by_id = {b.id: b for b in world.bookings.values()}
    for mail in world.outbox():
        if mail.get("channel") != "email":
            continue
        data = mail.get("data") or {}
        booking = by_id.get(str(data.get("rateRequestId"))) or by_reference.get(str(data.get("reference")))
        if booking is None:
            continue
        cited = set(MONEY_IN_TEXT.findall(str(mail.get("body", ""))))
        assert cited <= booking.figures, (
            f"e-mail {data.get('kind')} cites {sorted(cited - booking.figures)} never shown for {booking.id}"
            f" (shown: {sorted(booking.figures)})"
        )
    for who in world.customers:
        for note in notifications(world, who):
            subject = note.get("subject") or {}
            booking = by_id.get(str(subject.get("id")))
            if booking is None:
                continue
            cited = set(MONEY_IN_TEXT.findall(str(note["message"])))
            assert cited <= booking.figures, (
                f"notification {note['title']!r} cites {sorted(cited - booking.figures)} never shown for"
                f" {booking.id} (shown: {sorted(booking.figures)})"
            )


def notifications(world: World, who: Customer) -> list[dict[str, Any]]:
    path = f"/notification/api/v1/notifications/{who.account_id}/paging"
    page = envelope(world.call("GET", path, who.headers, params={"pageSize": 100}), 200)
    return list(page["data"]["costumerlNotificationDetails"]["list"])


def _latest_booking_notice(world: World, booking: Booking) -> dict[str, Any] | None:
    heard = [
        r.json["data"]
        for r in world.webhooks_of(booking.owner)
        if r.json.get("type") == "org.dcsa.booking.v2"
        and r.json["data"].get("carrierBookingRequestReference") == booking.reference
    ]
    return heard[-1] if heard else None


WEBHOOK_FIELDS = (
    "bookingStatus",
    "amendedBookingStatus",
    "bookingCancellationStatus",
    "carrierBookingReference",
)
USD_IN_TEXT = re.compile(r"([0-9][0-9,]*(?:\.[0-9]+)?) USD")


@check
def webhook_tells_what_v2_reads(world: World) -> None:
    """The last booking notification a subscriber heard says what `/v2` reads now (its statuses), and every
    amount a notification cites is one the screens have shown for the booking."""
    for booking in world.bookings.values():
        if booking.owner.webhook is None or booking.owner.webhook.get("eventTypes") is not None:
            continue
        if booking.reference == "":
            continue

        def matches(booking: Booking = booking) -> tuple[bool, Any]:
            world.poke_webhooks()
            body = world.v2(booking, fresh=True)
            heard = _latest_booking_notice(world, booking)
            now = {k: body.get(k) for k in WEBHOOK_FIELDS}
            told = None if heard is None else {k: heard.get(k) for k in WEBHOOK_FIELDS}
            return told == now, (told, now)

        same, seen = eventually(matches)
        assert same, f"{booking.id}: the last webhook said {seen[0]}, /v2 reads {seen[1]}"
        for received in world.webhooks_of(booking.owner):
            data = received.json["data"]
            if data.get("carrierBookingRequestReference") != booking.reference:
                continue
            for feedback in data.get("feedbacks") or []:
                for amount in USD_IN_TEXT.findall(str(feedback.get("message"))):
                    cited = usd(money(amount.replace(",", "")))
                    assert cited in booking.figures, (
                        f"webhook feedback cites {cited} never shown for {booking.id}: {feedback['message']}"
                    )


@check
def doors_agree_on_status(world: World) -> None:
    """The portal's state, the booking's changes and `/v2`'s statuses agree through the lifecycle files."""
    for booking in world.bookings.values():
        detail = world.portal(booking)
        changes = world.changes(booking)
        body = world.v2(booking)
        state = str(detail["stateName"])
        assert body["bookingStatus"] in allowed_booking_statuses(state), (
            f"{booking.id} ({booking.door}) is {state} on the screens, {body['bookingStatus']} on /v2"
        )
        amendment = changes["amendment"]
        if amendment is not None and AMENDMENT_STATES[amendment["stateName"]].get("dcsa"):
            assert body.get("amendedBookingStatus") == AMENDMENT_STATES[amendment["stateName"]]["dcsa"], (
                f"{booking.id}: amendment {amendment['stateName']}, /v2 {body.get('amendedBookingStatus')}"
            )
        cancellation = changes["cancellation"]
        if cancellation is not None and CANCELLATION_STATES[cancellation["stateName"]].get("dcsa"):
            expected = CANCELLATION_STATES[cancellation["stateName"]]["dcsa"]
            assert body.get("bookingCancellationStatus") == expected, (
                f"{booking.id}: cancellation {cancellation['stateName']}, /v2"
                f" {body.get('bookingCancellationStatus')}"
            )


@check
def doors_agree_on_the_transport_document(world: World) -> None:
    """The screens' sea-waybill choice is the document `/v2` says the booking asks for."""
    for booking in world.bookings.values():
        swb = bool(world.portal(booking)["isSWBL"])
        asked = world.v2(booking).get("transportDocumentTypeCode")
        assert swb == (asked == "SWB"), (
            f"{booking.id} ({booking.door}): isSWBL {swb} on the screens, {asked} on /v2"
        )


@check
def v2_bodies_are_valid(world: World) -> None:
    """Every `/v2` body is valid against BKG 2.0.5."""
    for booking in world.bookings.values():
        validate_bkg(world.v2(booking), "Booking")


@check
def confirmed_says_what_was_confirmed(world: World) -> None:
    """A CONFIRMED-family booking carries non-empty confirmedEquipments, charges, transportPlan and
    shipmentCutOffTimes (mandatory for CONFIRMED in BKG 2.0.5)."""
    for booking in world.bookings.values():
        body = world.v2(booking)
        if body["bookingStatus"] not in CONFIRMED_FAMILY:
            continue
        missing = [
            name
            for name in ("confirmedEquipments", "charges", "transportPlan", "shipmentCutOffTimes")
            if not body.get(name)
        ]
        assert not missing, f"{booking.id} ({booking.door}) is {body['bookingStatus']} without {missing}"


@check
def staff_reasons_reach_the_integrator(world: World) -> None:
    """A reason staff typed (a declined amendment or cancellation) is a feedback in the `/v2` read."""
    for booking in world.bookings.values():
        changes = world.changes(booking)
        reasons = [
            c["message"]
            for c in (changes["amendment"], changes["cancellation"])
            if c is not None and c["stateName"] == "declined" and c.get("message")
        ]
        if not reasons:
            continue
        feedbacks = " ".join(str(f.get("message")) for f in (world.v2(booking).get("feedbacks") or []))
        for reason in reasons:
            assert reason in feedbacks, f"{booking.id}: staff's reason {reason!r} not in /v2 feedbacks"


def _reads(world: World) -> Iterator[tuple[str, str, dict[str, str], dict[str, Any]]]:
    """Every read an actor can make of what the world holds: (what, path, headers, params)."""
    yield "staff list", f"{ADMIN}/rate-requests", world.admin, {"limit": 100}
    yield "work queue", f"{ADMIN}/work-queue", world.admin, {}
    yield "open changes", f"{ADMIN}/booking-changes", world.admin, {}
    yield "audit bookings", f"{AUDIT}/bookings", world.admin, {"q": "FB"}
    yield "publisher keys", PUBLISHER_KEYS, world.admin, {}
    yield "unmatched tracking", "/integrations/api/v1/admin/tracking-events/unmatched", world.admin, {}
    for who in world.customers:
        yield "own list", f"{CLIENT}/rate-requests", who.headers, {"limit": 100}
        yield "overview", f"{CLIENT}/overview", who.headers, {}
        yield "notifications", f"/notification/api/v1/notifications/{who.account_id}/paging", who.headers, {}
        yield "webhooks", HOOKS, who.headers, {}
        yield "api keys", KEYS, who.headers, {}
        yield "v1 vessel schedules", "/v1/vessel-schedules", who.api_key, {}
        yield (
            "v1 routes",
            "/v1/point-to-point-routes",
            who.api_key,
            {"placeOfReceipt": "CNSHA", "placeOfDelivery": "SGSIN"},
        )
        yield "v3 events", "/v3/events", who.api_key, {}
    for gone in world.erased:
        for booking in gone.bookings:
            yield from _staff_reads(world, booking)
    for booking in world.bookings.values():
        rid, who = booking.id, booking.owner
        yield "detail", f"{CLIENT}/rate-requests/{rid}", who.headers, {}
        yield "changes", f"{CLIENT}/rate-requests/{rid}/changes", who.headers, {}
        yield "sailing", f"{CLIENT}/rate-requests/{rid}/sailing", who.headers, {}
        yield from _staff_reads(world, booking)
        if booking.booking_reference:
            yield (
                "v3 booking events",
                "/v3/events",
                who.api_key,
                {"carrierBookingReference": booking.booking_reference},
            )


def _staff_reads(world: World, booking: Booking) -> Iterator[tuple[str, str, dict[str, str], dict[str, Any]]]:
    rid = booking.id
    yield "staff detail", f"{ADMIN}/rate-requests/{rid}", world.admin, {}
    yield "staff changes", f"{ADMIN}/rate-requests/{rid}/changes", world.admin, {}
    yield "staff sailing", f"{ADMIN}/rate-requests/{rid}/sailing", world.admin, {}
    yield "trail", f"{AUDIT}/bookings/{booking.reference or rid}/trail", world.admin, {}
    yield "events", f"{AUDIT}/aggregates/{rid}/events", world.admin, {}


@check
def every_read_answers(world: World) -> None:
    """Every read any actor can make of its own things answers 2xx: lists, details, timelines, trails,
    webhook delivery logs, notifications. Another customer's booking is a deliberate 404."""
    for what, path, headers, params in _reads(world):
        answer = world.call("GET", path, headers, params=params)
        assert 200 <= answer.status_code < 300, f"{what} {path}: {answer.status_code} {answer.text[:600]}"
    if len(world.customers) >= 2:
        stranger = world.customers[0]
        for booking in world.bookings.values():
            if booking.owner is stranger:
                continue
            answer = world.call("GET", f"{CLIENT}/rate-requests/{booking.id}", stranger.headers)
            assert answer.status_code in (403, 404), f"another's booking: {answer.status_code}"
            answer = world.call("GET", f"{V2}/{booking.reference}", stranger.api_key)
            assert answer.status_code in (403, 404), f"another's /v2 booking: {answer.status_code}"


@check
def the_waiting_list_is_what_waits(world: World) -> None:
    """Her list asked for only what waits for her (`waiting=customer`, decision 3909) holds exactly the
    bookings her whole list says wait for her; its total and the overview's `waitingCount` count them."""
    for who in world.customers:
        path = f"{CLIENT}/rate-requests"
        whole = envelope(world.call("GET", path, who.headers, params={"limit": 100}), 200)["list"]
        params = {"limit": 100, "waiting": "customer"}
        waiting = envelope(world.call("GET", path, who.headers, params=params), 200)["list"]
        expected = {row["id"] for row in whole["list"] if row["waitingFor"] == "customer"}
        listed = {row["id"] for row in waiting["list"]}
        assert listed == expected, (
            f"{who.username}: waiting=customer lists {sorted(listed)}, her list says {sorted(expected)} wait"
        )
        overview = envelope(world.call("GET", f"{CLIENT}/overview", who.headers), 200)
        assert waiting["totalCount"] == overview["waitingCount"] == len(expected), (
            f"{who.username}: {len(expected)} wait for her; the filter's total says {waiting['totalCount']},"
            f" the overview {overview['waitingCount']}"
        )


@check
def delivery_logs_answer(world: World) -> None:
    """Each subscriber's webhook delivery log reads every kind of delivery (booking and tracking)."""
    for who in world.customers:
        if who.webhook is None:
            continue
        path = f"{HOOKS}/{who.webhook['id']}/deliveries"
        answer = world.call("GET", path, who.headers, params={"limit": 100})
        assert answer.status_code == 200, f"delivery log {path}: {answer.status_code} {answer.text[:600]}"
        heard = len(world.webhooks_of(who))
        listed = answer.json()["response"]["totalCount"]
        assert listed >= heard, f"{who.username} heard {heard} webhooks, the delivery log lists {listed}"


@check
def standard_paging_and_filters(world: World) -> None:
    """The standards' own ways to read: CS 1.0's next page by the cursor alone; TNT 3.0's repeated
    `eventTypes` meaning all of them."""
    if not world.customers:
        return
    who = world.customers[0]
    leaving = world.departure.date().isoformat()
    for path, params in (
        ("/v1/vessel-schedules", {}),
        ("/v1/point-to-point-routes", {"placeOfReceipt": "CNSHA", "placeOfDelivery": "SGSIN"}),
        ("/v1/port-schedules", {"UNLocationCode": "CNSHA", "date": leaving}),
    ):
        first = world.call("GET", path, who.api_key, params={**params, "limit": 1})
        assert first.status_code == 200, f"{path}: {first.text[:600]}"
        cursor = first.headers.get("Next-Page-Cursor")
        if cursor:
            following = world.call("GET", path, who.api_key, params={"cursor": cursor})
            assert following.status_code == 200, (
                f"CS 1.0 {path} next page by cursor alone: {following.text[:600]}"
            )
    every = world.call("GET", "/v3/events", who.api_key)
    assert every.status_code == 200, every.text[:600]
    both = world.call("GET", "/v3/events?eventTypes=EQUIPMENT&eventTypes=TRANSPORT", who.api_key)
    assert both.status_code == 200, both.text[:600]
    assert len(both.json()["events"]) == len(every.json()["events"]), (
        f"repeated eventTypes: {len(both.json()['events'])} events, all types: {len(every.json()['events'])}"
    )


@check
def each_move_told_once(world: World) -> None:
    """No e-mail handed over twice, no webhook notification sent twice to a subscription, no notification
    twice on the screens (a move is told once)."""
    ids = [m["id"] for m in world.outbox()]
    assert len(ids) == len(set(ids)), f"messages sent twice: {[i for i in set(ids) if ids.count(i) > 1]}"
    for who in world.customers:
        heard = world.webhooks_of(who)
        hook_ids = [r.json["id"] for r in heard]
        assert len(hook_ids) == len(set(hook_ids)), f"webhooks sent twice to {who.username}"
        notes = notifications(world, who)
        assert len({n["id"] for n in notes}) == len(notes), f"notifications twice for {who.username}"


# -- the shipping instructions and the transport document (/v3, DCSA Bill of Lading 3.0.3) ---
def _ordered(world: World) -> Iterator[tuple[Booking, dict[str, Any]]]:
    """Every booking with a shipping order, and that order as the screens show it."""
    for booking in world.bookings.values():
        order = world.portal(booking).get("order")
        if order:
            yield booking, order


def v3_notifications(world: World, who: Customer) -> list[Received]:
    return [r for r in world.webhooks_of(who) if r.path.endswith((SI_HOOK, TD_HOOK))]


@check
def v3_bodies_are_valid(world: World) -> None:
    """Every `/v3` answer (the instructions, the transport document) and every `/v3` notification a
    subscriber heard is valid against EBL 3.0.3."""
    for booking, order in _ordered(world):
        status, _ = world.v3(booking, world.si_reference(booking))
        assert status == 200, f"{booking.id}: order {order['statusName']}, GET instructions {status}"
        if ORDER_STATES[order["statusName"]]["transportDocument"]:
            status, _ = world.v3(booking, world.td_reference(booking))
            assert status == 200, (
                f"{booking.id}: order {order['statusName']}, GET transport document {status}"
            )
    for who in world.customers:
        for received in v3_notifications(world, who):
            kind = "ShippingInstructions" if received.path.endswith(SI_HOOK) else "TransportDocument"
            validate_ebl(received.json, f"{kind}Notification")


def order_moves_on_an_ended_booking(state: str) -> list[str]:
    """The moves of the order's lifecycle that someone may still make from `state` once its booking ended:
    none for a decided or closed order (a cancelled or declined one may be submitted again only while its
    booking is live, the `booking_live` guard: decision 3824)."""
    return [
        t["trigger"]
        for t in ORDER_TRANSITIONS
        if state in t["source"] and t["actor"] != "system" and "booking_live" not in t.get("guards", [])
    ]


@check
def a_closed_booking_holds_nothing_open(world: World) -> None:
    """A booking that ended (a final state of its lifecycle) holds no amendment or cancellation request
    still open, and no shipping order anyone may still act on: its order closed with it or was decided."""
    changes_states = {"amendment": AMENDMENT_STATES, "cancellation": CANCELLATION_STATES}
    for booking in world.bookings.values():
        detail = world.portal(booking)
        if not BOOKING_STATES[detail["stateName"]]["final"]:
            continue
        for kind, change in world.changes(booking).items():
            if kind in changes_states and change is not None:
                assert changes_states[kind][change["stateName"]]["final"], (
                    f"{booking.id} is {detail['stateName']} with its {kind} still {change['stateName']}"
                )
        order = detail.get("order")
        still = None if order is None else order["statusName"]
        assert still is None or not order_moves_on_an_ended_booking(still), (
            f"{booking.id} is {detail['stateName']} with its shipping order still {still}"
        )


@check
def a_booking_sails_between_its_ports(world: World) -> None:
    """A booking's sailing, whichever door or change made it, runs between the booking's own ports, as a new
    booking's must (decision 3821)."""
    for booking in world.bookings.values():
        found = world.sailing(booking)
        if found is None:
            continue
        detail = world.portal(booking)
        ports = (found["sailing"]["portOfLoading"], found["sailing"]["portOfDischarge"])
        named = (detail["polTitle"][-6:-1], detail["podTitle"][-6:-1])  # "Shanghai (CNSHA)"
        assert ports == named, (
            f"{booking.id} is {named[0]} to {named[1]}, its sailing {ports[0]} to {ports[1]}"
        )


@check
def v3_agrees_with_the_order(world: World) -> None:
    """The screens' shipping-order state and `/v3`'s statuses (the instructions, their update, the transport
    document) agree through the lifecycle file's stateFacts."""
    for booking, order in _ordered(world):
        facts = ORDER_STATES[order["statusName"]]
        _, found = world.v3(booking, world.si_reference(booking))
        said = (found["shippingInstructionsStatus"], found.get("updatedShippingInstructionsStatus"))
        assert said == (facts["dcsa"], facts["dcsaUpdate"]), (
            f"{booking.id}: order {order['statusName']} on the screens, instructions {said} on /v3"
        )
        status, document = world.v3(booking, world.td_reference(booking))
        told = document["transportDocumentStatus"] if status == 200 else None
        assert told == facts["transportDocument"], (
            f"{booking.id}: order {order['statusName']} on the screens, transport document {told} on /v3"
        )
        # The customer's own bill of lading is the same document (decision 3855): its status and dates.
        path = f"{CLIENT}/rate-requests/{booking.id}/bill-of-lading"
        bill = envelope(world.call("GET", path, booking.owner.headers), 200)
        keys = ("issueDate", "shippedOnBoardDate", "receivedForShipmentDate")
        seen = None if bill is None else (bill["status"], *(bill[k] for k in keys))
        expected = None if told is None else (told, *(document.get(k) for k in keys))
        assert seen == expected, f"{booking.id}: bill of lading {seen} on the screens, {expected} on /v3"


def _row(world: World, booking: Booking, staff: bool) -> dict[str, Any]:
    """The booking's row in the customer's list, or in staff's (found by its reference)."""
    path = f"{ADMIN if staff else CLIENT}/rate-requests"
    headers = world.admin if staff else booking.owner.headers
    page = envelope(world.call("GET", path, headers, params={"search": booking.reference}), 200)
    rows = [r for r in page["list"]["list"] if r["id"] == booking.id]
    assert len(rows) == 1, f"{booking.id} ({booking.reference}) is listed {len(rows)} times in {path}"
    return dict(rows[0])


@check
def a_withdrawn_update_restores_the_order(world: World) -> None:
    """The customer's withdrawal of her update, at either door (decision 3839), brings back the order the
    model saw before the update: its state (submitted, or returned for changes when the update answered
    staff's request) in her booking and list and in staff's, the cargo it described, and `/v3` reads that
    state's statuses with no update awaiting staff. A refused withdrawal left the order as it was."""
    for booking in world.bookings.values():
        expected = booking.withdrawn
        if expected is None:
            continue
        facts = ORDER_STATES[expected.state]
        for staff in (False, True):
            who = "staff" if staff else "the customer"
            detail, row = world.portal(booking, staff=staff), _row(world, booking, staff)
            order = detail.get("order") or {}
            shown = (
                order.get("statusName"),
                order.get("statusLabel"),
                order.get("cargoDescription"),
                detail.get("orderStateName"),
                row.get("orderStateName"),
            )
            wanted = (expected.state, facts["label"], expected.cargo, expected.state, expected.state)
            assert shown == wanted, (
                f"{booking.id}: after the update's withdrawal {who} read (state, label, cargo, the booking's"
                f" order state, its row's) {shown}; the model expects {wanted}"
            )
        _, found = world.v3(booking, world.si_reference(booking))
        said = (
            found.get("shippingInstructionsStatus"),
            found.get("updatedShippingInstructionsStatus"),
            found["consignmentItems"][0]["descriptionOfGoods"][0],
        )
        wanted_v3 = (facts["dcsa"], facts["dcsaUpdate"], goods_lines(expected.cargo)[0])
        assert said == wanted_v3, (
            f"{booking.id}: after the update's withdrawal /v3 reads (status, update, goods) {said}; the model"
            f" expects {wanted_v3}"
        )


def forget_withdrawals(world: World) -> None:
    """A withdrawal's outcome is held against the doors once, in the round after it."""
    for booking in world.bookings.values():
        booking.withdrawn = None


def _screens_sides(order: dict[str, Any]) -> tuple[list[str], list[tuple[str, str]]]:
    parties = sorted(str(p["name"])[:70] for p in order["parties"] if not p["isForSwbl"])
    containers = [(str(c["containerNumber"])[:11], str(c["seal"])[:15]) for c in order["containers"]]
    return parties, sorted(containers)


def _v3_sides(found: dict[str, Any]) -> tuple[list[str], list[tuple[str, str]]]:
    sent = found["documentParties"]
    named = [sent.get("shipper"), sent.get("consignee"), *(sent.get("notifyParties") or [])]
    parties = sorted(str(p["partyName"])[:70] for p in named if p)
    containers = [
        (
            str((u.get("equipment") or {}).get("equipmentReference") or u.get("equipmentReference")),
            SEALS_JOINED.join(str(s["number"]) for s in u["seals"])[:15],
        )
        for u in found["utilizedTransportEquipments"]
    ]
    return parties, sorted(containers)


@check
def v3_same_parties_and_containers(world: World) -> None:
    """The shipping order on the screens and the instructions on `/v3` name the same parties and the same
    containers with the same seals, whichever door made it."""
    for booking, order in _ordered(world):
        _, found = world.v3(booking, world.si_reference(booking))
        screens, standard = _screens_sides(order), _v3_sides(found)
        assert screens == standard, f"{booking.id}: the screens show {screens}, /v3 {standard}"


def _document_of(received: Received) -> str:
    data = received.json["data"]
    return str(data.get("transportDocumentReference") or data.get("shippingInstructionsReference"))


@check
def v3_moves_told_once(world: World) -> None:
    """Each move of the instructions and of the transport document is told once: no notification repeats
    the one told just before it of the same instructions (on either channel), and the last one says what `/v3`
    reads now. A draft made again after a revision (decision 3859) reads as the first one did, with the
    revision told between them."""
    for who in world.customers:
        last: dict[str, tuple[str, Any]] = {}
        for received in v3_notifications(world, who):
            data = received.json["data"]
            told = (received.path.rsplit("/", 1)[-1], data)
            instructions = str(data["shippingInstructionsReference"])
            # Another update of updated instructions reads the same and is a move of its own.
            again = data.get("updatedShippingInstructionsStatus") == "UPDATE_RECEIVED"
            assert again or last.get(instructions) != told, (
                f"told twice to {who.username}: {received.headers.get('webhook-id')}: {received.json}"
            )
            last[instructions] = told
    for booking, order in _ordered(world):
        who = booking.owner
        if who.webhook is None or who.webhook.get("eventTypes") is not None:
            continue
        facts = ORDER_STATES[order["statusName"]]

        def heard(booking: Booking = booking, facts: dict[str, Any] = facts) -> tuple[bool, Any]:
            world.poke_webhooks()
            told: dict[str, Any] = {}
            for received in v3_notifications(world, booking.owner):
                if _document_of(received).endswith(f"-{booking.reference}"):
                    data = received.json["data"]
                    if received.path.endswith(SI_HOOK):
                        told["si"] = data["shippingInstructionsStatus"]
                    else:
                        told["td"] = data["transportDocumentStatus"]
            # Once there is a transport document, its moves are the ones told (the instructions' status
            # follows it silently).
            document = facts["transportDocument"]
            now = {"td": document} if document else {"si": facts["dcsa"]}
            return {k: told.get(k) for k in now} == now, (told, now)

        same, seen = eventually(heard)
        assert same, f"{booking.id}: the last /v3 notifications said {seen[0]}, /v3 reads {seen[1]}"


@check
def v3_strangers_see_nothing(world: World) -> None:
    """Another customer's instructions and transport document are 404 on `/v3`."""
    for booking, _ in _ordered(world):
        stranger = next((c for c in world.customers if c is not booking.owner), None)
        if stranger is None:
            continue
        for path in (world.si_reference(booking), world.td_reference(booking)):
            status, _ = world.v3(booking, path, stranger)
            assert status == 404, f"another's {path}: {status}"


def _told_at(body: dict[str, Any]) -> datetime:
    """When what a webhook tells happened: the CloudEvents envelope's `time`, or a TNT consumer body's
    event's creation."""
    said = body.get("time") or (body.get("events") or [{}])[0].get("eventCreatedDateTime")
    return datetime.fromisoformat(str(said).replace("Z", "+00:00"))


@check
def the_erased_hear_nothing(world: World) -> None:
    """Once a customer is erased, nothing about their bookings is sent to them: no e-mail to their address
    or to the marker, no webhook about anything recorded since. Their token and API key are refused (their
    password too: tests/api/test_personal_data_erasure.py; a wrong login here would count against the
    address's login throttle). A company's colleague's own token and key are refused as well. Staff read
    each of their bookings, the customer named as erased."""
    if not world.erased:
        return
    mails = world.outbox()
    for gone in world.erased:
        who = gone.who
        later = mails[gone.mails_before : gone.mails_at_return]
        sent = [m for m in later if m.get("to") in who.addresses or is_erased(m.get("to"))]
        assert not sent, f"after {who.username}'s erasure: {[(m['to'], m['subject']) for m in sent]}"
        if gone.mails_at_return is not None:  # back with a new login: its own news only
            theirs = {b.reference for b in gone.bookings if b.reference}
            since = mails[gone.mails_at_return :]
            about = [m for m in since if m.get("to") in who.addresses and _names_any(m, theirs)]
            assert not about, f"{who.username}'s new login heard of the erased one's bookings: {about[:2]}"
        world.poke_webhooks()
        told = [r.json for r in world.webhooks_of(who) if _told_at(r.json) > gone.at]
        assert not told, f"after {who.username}'s erasure their webhook heard {told[:2]}"
        assert world.call("GET", f"{CLIENT}/rate-requests", who.headers).status_code == 401
        if who.colleague is not None:  # a company's colleague's own login went with it
            answer = world.call("GET", f"{CLIENT}/rate-requests", who.colleague)
            assert answer.status_code == 401, f"{who.username}'s colleague still reads: {answer.status_code}"
        for booking in gone.bookings:
            detail = envelope(world.call("GET", f"{ADMIN}/rate-requests/{booking.id}", world.admin), 200)
            assert ERASED in detail["customerName"] and who.username not in json.dumps(detail), detail
            if booking.reference:
                for key in (who.api_key, who.colleague_key):
                    if key is not None:
                        refused = world.call("GET", f"{V2}/{booking.reference}", key)
                        assert refused.status_code == 401, f"an erased customer's key: {refused.status_code}"


def _names_any(mail: dict[str, Any], references: set[str]) -> bool:
    text = json.dumps(mail, ensure_ascii=False)
    return any(reference in text for reference in references)


def eventually(check_once: Callable[[], tuple[bool, Any]], timeout: float = 15.0) -> tuple[bool, Any]:
    """A condition that another process makes true (a webhook sent): its first success, or the last try.
    Each try asks again; the wait between tries is short and the deadline bounds it."""
    deadline = time.monotonic() + timeout
    while True:
        ok, seen = check_once()
        if ok or time.monotonic() > deadline:
            return ok, seen
        time.sleep(0.1)


def run_checks(world: World) -> None:
    world.settle()
    world.refresh()  # every figure the screens show now, before anything is held against them
    world.round = {}
    try:
        for found in selected_checks():
            found(world)
        remember_fees(world)
        forget_withdrawals(world)
    finally:
        world.round = None


def teardown_checks(world: World) -> None:
    """At the end: `/health` 200, nothing parked, verify clean (a rebuild equals the live rows)."""
    world.settle()
    health = world.call("GET", "/health")
    assert health.status_code == 200, health.text[:2000]
    assert world.parked() == {}, world.parked()
    assert world.verify() == [], "a rebuild differs from the live rows"
    if world.erased:
        stored = world.stored_bytes()
        for gone in world.erased:
            if gone.mails_at_return is not None:
                continue  # signed up again: the new login's data is theirs to keep
            found = hits(stored, [gone.who.username, *gone.who.addresses])
            assert found == [], f"{gone.who.username} is stored: {found}"

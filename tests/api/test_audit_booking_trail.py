"""One audit trail per booking, in words, found by its reference or a person's name."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from domain.shared.field_labels import LABELS
from projections import booking_trail, people_search
from tests.api import booking_support as booking
from tests.api.booking_support import ADMIN, CLIENT
from tests.api.tracking_support import equipment, publish, publisher_key
from tests.app_services import services_of
from tests.corpus import PERSIAN_PEOPLE, TRACKED_CONTAINERS, TRACKING_PORTS

AUDIT = "/audit/api/v1"
LANGUAGE = "/account/api/v1/client/profile/language"
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
# The one date format of the screens, with its zone.
WHEN = re.compile(r"^\d{4}/\d{2}/\d{2} \d{2}:\d{2} UTC$")
# In Persian: the Solar Hijri day and the time in Persian digits, isolated in the sentence around it.
_D = "[\u06f0-\u06f9]"  # a Persian digit
WHEN_FA = re.compile(f"^\u2068{_D}{{4}}/{_D}{{2}}/{_D}{{2}} {_D}{{2}}:{_D}{{2}} به وقت UTC\u2069$")

ALI = PERSIAN_PEOPLE[1]  # ("علی", "کریمی")
MOHAMMADREZA = PERSIAN_PEOPLE[2]  # ("محمدرضا", "شجاعی‌فر"), a zero-width non-joiner inside the last name


def persian(client: TestClient, username: str, person: tuple[str, str]) -> dict[str, str]:
    return booking.customer(client, username, {"firstName": person[0], "lastName": person[1]})


def reference_of(client: TestClient, headers: dict[str, str], rid: str) -> str:
    return str(booking.ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers))["reference"])


def words_of(entry: dict[str, Any]) -> list[str]:
    return [entry["who"], entry["what"], *(f"{v['label']}: {v['value']}" for v in entry["values"])]


def assert_in_words(trail: dict[str, Any]) -> None:
    """No id, no JSON, no programmer's key in anything the auditor reads; one date format."""
    persian = bool(re.search("[\u0600-\u06ff]", trail["state"]))
    for entry in trail["entries"]:
        assert (WHEN_FA if persian else WHEN).match(entry["when"]), entry["when"]
        for text in words_of(entry):
            assert not UUID.search(text), text
            assert not any(mark in text for mark in '{}[]"'), text
            assert not SNAKE.search(text), text
        assert entry["reason"] != "No reason recorded"


def test_a_booking_through_rate_request_shipping_order_and_tracking_reads_as_one_trail_in_words(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    ali = persian(client, "audit-ali", ALI)
    rid = booking.in_shipping_order(client, ali, admin_headers)
    reference = reference_of(client, ali, rid)
    booking.ok(
        client.post(f"{CLIENT}/shipping-orders", headers=ali, json=booking.order_payload(rid, frightType=2)),
        201,
    )
    booking.ok(client.put(f"{ADMIN}/shipping-orders/{rid}/accept", headers=admin_headers))
    new_commodity = booking.payload(commodity="Saffron")
    booking.ok(client.post(f"{CLIENT}/rate-requests/{rid}/amendments", headers=ali, json=new_commodity))
    declined = {"message": "The vessel is full of saffron already"}
    booking.ok(
        client.put(f"{ADMIN}/rate-requests/{rid}/amendments/decline", headers=admin_headers, json=declined)
    )
    gate_in = equipment(
        "trail-gtin", "GTIN", TRACKED_CONTAINERS[0], "2026-01-10T08:00:00Z", TRACKING_PORTS[0]
    )
    gate_in["shipmentDetails"] = {"documentReference": {"typeCode": "BKG", "reference": reference}}
    publish(client, publisher_key(client, admin_headers), gate_in)
    services_of(client).settle_all()

    # By its reference, in any case: the whole booking, headed by the reference and the customer's name.
    trail = booking.ok(client.get(f"{AUDIT}/bookings/{reference.lower()}/trail", headers=admin_headers))
    assert (trail["reference"], trail["customerName"]) == (reference, "علی کریمی")
    entries = trail["entries"]
    assert [(e["part"], e["what"]) for e in entries] == [
        ("Booking", "Rate request made"),
        ("Booking", "Price quoted"),
        ("Booking", "Price accepted"),
        ("Booking", "Booking letter submitted"),
        ("Booking", "Booking confirmed"),
        ("Shipping order", "Shipping order submitted"),
        ("Shipping order", "Shipping order accepted by staff"),
        ("Booking", "Amendment 1 requested"),
        ("Booking", "Amendment 1 declined"),
        ("Tracking", "Tracking milestone received"),
    ]
    assert [e["position"] for e in entries] == sorted(e["position"] for e in entries)
    assert [e["who"] for e in entries[:3]] == ["علی کریمی", "admin", "علی کریمی"]
    assert [e["role"] for e in entries[:2]] == ["Customer", "Staff"]
    values = [{v["label"]: v["value"] for v in e["values"]} for e in entries]
    # Each party and each container on a line of its own, labelled by what it is.
    order_labels = [v["label"] for v in entries[5]["values"]]
    assert {"Consignee", "Notify party", "Shipper", "Container BMOU0061950", "Container BMOU0216223"} <= set(
        order_labels
    )
    created, quoted, _, letter, _, order, _, amendment, decline, milestone = values
    assert created["Port of loading"] == "Shanghai (CNSHA)"
    assert created["Port of discharge"] == "Singapore (SGSIN)"
    assert (created["Container type"], created["Container size"]) == ("Dry", "40 ft")
    assert (created["Commodity"], created["State"]) == ("Pistachios", "Waiting for a price")
    assert "Booking reference" in created and "Customer" not in created
    assert (quoted["Price per container"], quoted["State"]) == ("$1,250.50", "Price quoted")
    assert quoted["Charges"] == "Ocean freight $1,250.50 per container"
    assert letter["Documents"] == "Booking Letter: msds.pdf"
    assert order["Freight"] == "Prepaid"
    assert order["Container BMOU0061950"] == "seal S0, 100 packages, gross 20,000 kg, net 18,000 kg"
    assert order["Consignee"] == "Consignee Co, Consignee Co street 1, phone 989121234567"
    assert amendment["Commodity"] == "Pistachios → Saffron"
    assert decline["Message"] == "The vessel is full of saffron already"
    assert (milestone["Kind of event"], milestone["Milestone"]) == ("Container", "Gated in")
    assert milestone["Container number"] == TRACKED_CONTAINERS[0]
    assert milestone["Happened at"] == "2026/01/10 08:00 UTC"
    assert entries[0]["reason"] is None
    assert_in_words(trail)

    # The record's own timeline (which folds the raw values itself) gets the same words for the ids and codes
    # in its values and in its shipping order's, by field and value.
    record = booking.ok(client.get(f"{AUDIT}/aggregates/{rid}/events", headers=admin_headers))
    named = record["valueNames"]
    first = record["events"][0]["changes"]
    pol = first.get("pol_id", (first.get("details") or {}).get("pol_id"))
    assert named["pol_id"][str(pol)] == "Shanghai (CNSHA)"
    assert named["container_size_id"] == {str(next(iter(named["container_size_id"]))): "40 ft"}
    assert named["freight_type"]["2"] == "Prepaid"
    assert named["load_port"] == {"CNSHA": "Shanghai (CNSHA)"}  # the sailing's ports, by name
    assert set(named["container_id"].values()) >= {"BMOU0061950", "BMOU0216223"}
    labels = record["fieldLabels"]
    assert (labels["pol_id"], labels["container_type_id"], labels["freight_type"]) == (
        "Port of loading",
        "Container type",
        "Freight",
    )
    booking.fails(client.get(f"{AUDIT}/aggregates/{rid}/events", headers=ali), 403)

    # The rate request's id opens the same trail; an unknown reference is not found; customers are refused.
    assert booking.ok(client.get(f"{AUDIT}/bookings/{rid.upper()}/trail", headers=admin_headers)) == trail
    booking.fails(client.get(f"{AUDIT}/bookings/FB-1999-999999/trail", headers=admin_headers), 404)
    assert client.get(f"{AUDIT}/bookings/{reference}/trail", headers=ali).status_code == 403
    assert client.get(f"{AUDIT}/bookings", params={"q": reference}, headers=ali).status_code == 403
    # The read model is the events' own: a rebuild gives the same rows.
    booking.assert_verify_clean(services_of(client), tmp_path)


def test_the_trail_speaks_the_readers_language_their_choice_before_the_browser_s(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    ali = persian(client, "audit-fa-ali", ALI)
    rid = booking.in_shipping_order(client, ali, admin_headers)
    reference = reference_of(client, ali, rid)
    booking.ok(client.post(f"{CLIENT}/shipping-orders", headers=ali, json=booking.order_payload(rid)), 201)
    booking.ok(client.put(f"{ADMIN}/shipping-orders/{rid}/accept", headers=admin_headers))
    amended = booking.payload(commodity="Saffron")
    booking.ok(client.post(f"{CLIENT}/rate-requests/{rid}/amendments", headers=ali, json=amended))
    loaded = equipment(
        "trail-fa-load", "LOAD", TRACKED_CONTAINERS[1], "2026-01-11T08:00:00Z", TRACKING_PORTS[0]
    )
    loaded["shipmentDetails"] = {"documentReference": {"typeCode": "BKG", "reference": reference}}
    publish(client, publisher_key(client, admin_headers), loaded)
    services_of(client).settle_all()
    path = f"{AUDIT}/bookings/{reference}/trail"

    def said(language: str) -> dict[str, Any]:
        return dict(booking.ok(client.get(path, headers={**admin_headers, "Accept-Language": language})))

    english, farsi = said("en-GB,en;q=0.9"), said("fa-IR,fa;q=0.9,en;q=0.5")
    assert [(e["part"], e["what"]) for e in english["entries"]][-4:] == [
        ("Shipping order", "Shipping order submitted"),
        ("Shipping order", "Shipping order accepted by staff"),
        ("Booking", "Amendment 1 requested"),
        ("Tracking", "Tracking milestone received"),
    ]
    persian_entries = [(e["part"], e["what"], e["role"]) for e in farsi["entries"]]
    assert persian_entries[:2] == [
        ("رزرو", "درخواست نرخ ثبت شد", "مشتری"),
        ("رزرو", "نرخ اعلام شد", "کارمند"),
    ]
    assert persian_entries[-4:-1] == [
        ("دستور حمل", "دستور حمل فرستاده شد", "مشتری"),
        ("دستور حمل", "دستور حمل را کارمند پذیرفت", "کارمند"),
        ("رزرو", "اصلاحیهٔ \u06f1 درخواست شد", "مشتری"),  # the number in Persian digits
    ]
    # Every title and part is Persian words: no English letter left in them.
    assert not [e for e in farsi["entries"] if re.search("[A-Za-z]", e["what"] + e["part"] + e["role"])]
    assert farsi["state"] != english["state"] and not re.search("[A-Za-z]", farsi["state"])
    # The same entries, the same values: only the words differ.
    assert [e["position"] for e in farsi["entries"]] == [e["position"] for e in english["entries"]]
    assert [e["who"] for e in farsi["entries"]] == [e["who"] for e in english["entries"]]
    # The values' field names and the trail's own words (yes, no, not set) are Persian too.
    amended_en, amended_fa = english["entries"][-2]["values"], farsi["entries"][-2]["values"]
    assert "Commodity" in [v["label"] for v in amended_en] and "کالا" in [v["label"] for v in amended_fa]
    labels = [v["label"] for e in farsi["entries"] for v in e["values"]]
    assert {"کالا", "کد HS", "تعداد کانتینر", "بندر بارگیری", "راه‌نامهٔ دریایی (SWBL)"} <= set(labels)
    # No English word left in a label: only the trade's codes (HS, SWBL) and container numbers.
    assert not [label for label in labels if re.search("[A-Za-z]", re.sub(r"\b[A-Z]{2,}\w*", "", label))]
    values = {v["value"] for e in farsi["entries"] for v in e["values"]}
    assert "خیر" in values and not {"Yes", "No"} & values
    # The seeded reference rows and a milestone's codes in the reader's words (contract/reference-names.json,
    # contract/audit-words.json), as the booking screens name them; English as the files name them.
    created_fa, created_en = (
        {v["label"]: v["value"] for v in said["entries"][0]["values"]} for said in (farsi, english)
    )
    assert (created_en["Container type"], created_en["Container size"]) == ("Dry", "40 ft")
    assert (created_fa["نوع کانتینر"], created_fa["اندازهٔ کانتینر"]) == ("خشک", "\u06f4\u06f0 فوتی")
    letter_fa = {v["label"]: v["value"] for v in farsi["entries"][3]["values"]}
    assert letter_fa["مدارک"].startswith("نامهٔ رزرو: ")
    milestone_fa = {v["label"]: v["value"] for v in farsi["entries"][-1]["values"]}
    assert (milestone_fa["نوع رویداد"], milestone_fa["مرحله"]) == ("کانتینر", "بارگیری شد")
    assert milestone_fa["انجام‌شده یا برنامه‌ریزی‌شده"] == "انجام‌شده"
    # The search's rows and the overview's decisions speak it too.
    (row,) = found(client, {**admin_headers, "Accept-Language": "fa"}, reference)
    assert row["state"] == farsi["state"]
    overview = booking.ok(client.get(f"{AUDIT}/overview", headers={**admin_headers, "Accept-Language": "fa"}))
    assert "نرخ اعلام شد" in {d["what"] for d in overview["decisions"]}

    # The reader's own choice wins over the browser's.
    booking.ok(client.put(LANGUAGE, headers=admin_headers, json={"language": "fa"}))
    services_of(client).settle_all()
    assert said("en")["entries"][0]["what"] == "درخواست نرخ ثبت شد"
    booking.ok(client.put(LANGUAGE, headers=admin_headers, json={"language": "en"}))
    services_of(client).settle_all()
    assert said("fa")["entries"][0]["what"] == "Rate request made"


# What a Persian trail keeps as data (decision 3621): UN/LOCODE port names, times in UTC, amounts in dollars,
# file names, and the trade's codes and abbreviations (HS, SWBL, VGM, FCL) beside their words.
DATA = re.compile(
    r"[A-Z][a-z]+ \([A-Z]{5}\)|\d{4}/\d{2}/\d{2} \d{2}:\d{2} UTC|\$[\d,.]+|[\w-]+\.pdf|\b[A-Z0-9]{2,}\b"
)


def test_a_booking_s_changes_and_sailing_are_said_by_their_own_lifecycles_in_both_languages(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """An amendment's and a cancellation request's events say their own states and numbers, not the
    booking's (a cancellation asked for in the shipping order is no booking waiting for a price); in Persian,
    every label and every worded value of the trail is Persian, data aside (what the customer typed is
    Persian here, so any English left is the trail's own)."""
    ali = persian(client, "audit-cancel-ali", ALI)
    typed = {"commodity": "پسته", "additionalComment": "خشک نگه دارید"}
    rid = booking.in_shipping_order(client, ali, admin_headers, **typed)
    reference = reference_of(client, ali, rid)
    amended = booking.payload(**{**typed, "commodity": "زعفران"})
    booking.ok(client.post(f"{CLIENT}/rate-requests/{rid}/amendments", headers=ali, json=amended))
    # Asking to cancel withdraws the open amendment, in the same write.
    reason = {"reason": "بار با هواپیما می‌رود"}
    booking.ok(client.post(f"{CLIENT}/rate-requests/{rid}/cancellation-request", headers=ali, json=reason))
    booking.ok(client.put(f"{ADMIN}/rate-requests/{rid}/cancellation-request/confirm", headers=admin_headers))
    services_of(client).settle_all()
    path = f"{AUDIT}/bookings/{reference}/trail"

    def said(language: str) -> dict[str, Any]:
        return dict(booking.ok(client.get(path, headers={**admin_headers, "Accept-Language": language})))

    english, farsi = said("en"), said("fa")
    by_what = {e["what"]: {v["label"]: v["value"] for v in e["values"]} for e in english["entries"]}
    assert by_what["Amendment 1 requested"]["State"] == "Amendment requested"
    assert by_what["Amendment 1 withdrawn"]["State"] == "Amendment withdrawn"
    assert by_what["Cancellation requested"] == {
        "Cancellation request number": "1",
        "State": "Cancellation requested",
    }
    assert by_what["Cancellation confirmed"] == {
        "Cancellation request number": "1",
        "State of the cancellation request": "Cancellation confirmed",
        "State": "Cancelled",
    }
    # The booking's own first state, as the booking screens say it, and nowhere else.
    states = [v["value"] for e in english["entries"] for v in e["values"] if v["label"] == "State"]
    assert states.count("Waiting for a price") == 1 and states[0] == "Waiting for a price"
    # The estimated sailing of the confirmation names its cut-offs by what they close.
    (sailing,) = [v["value"] for e in english["entries"] for v in e["values"] if v["label"] == "Sailing"]
    assert "Shipping instructions (documentation): " in sailing and "Code" not in sailing, sailing
    # Ocean freight as the customer's Persian screens say it.
    labelled = LABELS["booking"]["charges"]["fa"]
    charges = [v["value"] for e in farsi["entries"] for v in e["values"] if v["label"] == labelled]
    assert charges and all(c.startswith("کرایهٔ دریایی ") for c in charges), charges

    fa_by_what = {e["what"]: {v["label"]: v["value"] for v in e["values"]} for e in farsi["entries"]}
    assert fa_by_what["لغو درخواست شد"] == {"شمارهٔ درخواست لغو": "\u06f1", "وضعیت": "درخواست لغو"}
    assert fa_by_what["لغو تأیید شد"]["وضعیت درخواست لغو"] == "لغو تأیید شد"
    left = [
        (e["what"], v["label"], v["value"])
        for e in farsi["entries"]
        for v in e["values"]
        if re.search("[A-Za-z]", DATA.sub("", v["label"] + " " + v["value"]))
    ]
    assert not left, left
    assert_in_words(english)
    assert_in_words(farsi)


def found(client: TestClient, headers: dict[str, str], query: str) -> list[dict[str, Any]]:
    return list(booking.ok(client.get(f"{AUDIT}/bookings", params={"q": query}, headers=headers))["list"])


def test_bookings_are_found_by_reference_and_by_a_persons_name(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    ali = persian(client, "audit-search-ali", ALI)
    reza = persian(client, "audit-search-reza", MOHAMMADREZA)
    sara = booking.customer(client, "audit-search-sara", {"firstName": "Sara", "lastName": "Karimi"})
    first = booking.create(client, ali)
    second = booking.create(client, ali)
    rezas = booking.create(client, reza)
    saras = booking.create(client, sara)
    booking.ok(client.put(f"{ADMIN}/rate-requests/{saras['id']}/quote", headers=admin_headers,
        json={"price": 700, "validUntil": "2099-01-01T00:00:00Z"}))  # fmt: skip
    services_of(client).settle_all()

    # A reference, exactly (any case), finds that booking alone.
    [hit] = found(client, admin_headers, first["reference"].lower())
    assert (hit["reference"], hit["customerName"], hit["matchedPeople"]) == (
        first["reference"],
        "علی کریمی",
        [],
    )
    assert WHEN.match(hit["createdAt"]) and hit["state"] == "Waiting for a price"
    # A person's name, from the first letters of any of its words, newest activity first; the same name in
    # the other script is found too (Sara Karimi, written in Latin letters, was quoted last).
    by_name = found(client, admin_headers, "کریم")
    assert [b["reference"] for b in by_name] == [saras["reference"], second["reference"], first["reference"]]
    assert [b["matchedPeople"] for b in by_name] == [["Sara Karimi"], ["علی کریمی"], ["علی کریمی"]]
    # Both words narrow it; the Arabic yeh a keyboard may type finds the Persian one.
    assert [b["reference"] for b in found(client, admin_headers, "علي کریمی")] == [
        second["reference"],
        first["reference"],
    ]
    # A last name written with a zero-width non-joiner is found by either of its parts.
    assert [b["reference"] for b in found(client, admin_headers, "شجاعی")] == [rezas["reference"]]
    assert [b["reference"] for b in found(client, admin_headers, "محمدرضا شجاعی\u200cفر")] == [
        rezas["reference"]
    ]
    # Latin names in any case; staff by their name too (the admin quoted Sara's booking).
    assert [b["reference"] for b in found(client, admin_headers, "sara KAR")] == [saras["reference"]]
    by_staff = found(client, admin_headers, "admin")
    assert [b["reference"] for b in by_staff] == [saras["reference"]]
    assert by_staff[0]["matchedPeople"] == ["admin"]
    assert found(client, admin_headers, "Nobody Ofthatname") == []
    # A reference's beginning lists every booking it starts.
    prefix = first["reference"][:-1]
    assert {b["reference"] for b in found(client, admin_headers, prefix)} >= {first["reference"]}
    booking.fails(client.get(f"{AUDIT}/bookings", params={"q": ""}, headers=admin_headers), 400)


def test_a_search_that_matches_more_bookings_than_it_lists_says_so(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    # Decision 3906: a customer with a long history was "found" in 20 bookings, as if she had no others.
    ali = persian(client, "audit-many-ali", ALI)
    made = [booking.create(client, ali)["reference"] for _ in range(4)]
    services_of(client).settle_all()
    ask = {"q": "کریمی", "limit": 3}
    cut = booking.ok(client.get(f"{AUDIT}/bookings", params=ask, headers=admin_headers))
    assert [b["reference"] for b in cut["list"]] == made[::-1][:3] and cut["more"] is True
    whole = booking.ok(client.get(f"{AUDIT}/bookings", params={**ask, "limit": 4}, headers=admin_headers))
    assert len(whole["list"]) == 4 and whole["more"] is False


class CountingTx:
    """A read transaction that keeps how many rows each query answered."""

    def __init__(self, tx: Any) -> None:
        self.tx = tx
        self.answered: list[int] = []

    def all(self, sql: str, params: Any = ()) -> list[Any]:
        rows = self.tx.all(sql, params)
        self.answered.append(len(rows))
        return list(rows)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.tx, name)


def test_a_search_by_name_reads_a_page_of_a_long_history_not_all_of_it(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    # Decision 3909: the search read every booking of the person before cutting the list to the page.
    ali = persian(client, "audit-long-ali", ALI)
    made = [booking.create(client, ali)["reference"] for _ in range(7)]
    services_of(client).settle_all()
    limit = 3
    with services_of(client).read_models.read() as tx:
        counting = CountingTx(tx)
        found, matched = booking_trail.search(counting, "کریمی", limit)
    assert [b.reference for b in found] == made[::-1][:limit]
    assert all(len(matched[b.booking_id]) == 1 for b in found)
    assert counting.answered and max(counting.answered) <= limit
    # The answer is the same as before: the newest first, and `more` from one booking past the page.
    cut = booking.ok(
        client.get(f"{AUDIT}/bookings", params={"q": "کریمی", "limit": 6}, headers=admin_headers)
    )
    assert [b["reference"] for b in cut["list"]] == made[::-1][:6] and cut["more"] is True
    assert all(b["matchedPeople"] == [" ".join(ALI)] for b in cut["list"])


def _found_by_the_trail(tx: Any, people: list[str], limit: int) -> list[tuple[str, list[str]]]:
    """The search's page as it was read before decision 3912, from each person's trail entries: the bookings
    they acted on, the newest activity first, each with who of them acted on it."""
    marks = ", ".join("?" for _ in people)
    latest = tx.all(
        f"SELECT booking_id, MAX(position) AS latest FROM booking_trail WHERE actor_id IN ({marks})"
        f" GROUP BY booking_id ORDER BY latest DESC LIMIT {limit}",
        tuple(people),
    )
    acted = tx.all(
        f"SELECT DISTINCT booking_id, actor_id FROM booking_trail WHERE actor_id IN ({marks})", people
    )
    return [
        (
            str(r["booking_id"]),
            sorted(str(a["actor_id"]) for a in acted if a["booking_id"] == r["booking_id"]),
        )
        for r in latest
    ]


class ReadingTx(CountingTx):
    """A read transaction that also keeps the statements it is asked."""

    def __init__(self, tx: Any) -> None:
        super().__init__(tx)
        self.asked: list[str] = []

    def all(self, sql: str, params: Any = ()) -> list[Any]:
        self.asked.append(sql)
        return super().all(sql, params)


def test_a_search_by_name_reads_each_person_s_page_not_their_trail_and_answers_as_before(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    # Decision 3912: the search grouped every trail entry of each person it matched to order a page, so a
    # person's long history cost it as much as her bookings' whole trails. It reads a table of each person's
    # latest act per booking now, a page per person; the answer is the one the trail gives.
    ali = persian(client, "audit-busy-ali", ALI)
    sara = booking.customer(client, "audit-busy-sara", {"firstName": "Sara", "lastName": "Karimi"})
    alis = [booking.create(client, ali)["id"] for _ in range(4)]
    saras = [booking.create(client, sara)["id"] for _ in range(2)]
    # Later acts reorder the newest activity: staff quote two (the admin is not matched), Ali accepts the
    # quote of his first booking, Sara of her first; Ali's second is quoted but he does nothing more on it.
    for rid in (alis[0], alis[1], saras[0]):
        booking.ok(client.put(f"{ADMIN}/rate-requests/{rid}/quote", headers=admin_headers,
            json={"price": 700, "validUntil": booking.later()}))  # fmt: skip
    booking.ok(client.put(f"{CLIENT}/rate-requests/{saras[0]}/approve", headers=sara))
    booking.ok(client.put(f"{CLIENT}/rate-requests/{alis[0]}/approve", headers=ali))
    services_of(client).settle_all()

    with services_of(client).read_models.read() as tx:
        people = people_search.people_named(tx, "کریم")
        assert len(people) == 2
        for limit in range(1, 8):
            reading = ReadingTx(tx)
            found, matched = booking_trail.search(reading, "کریم", limit)
            answer = [(b.booking_id, sorted(matched[b.booking_id])) for b in found]
            assert answer == _found_by_the_trail(tx, people, limit)
            assert not [sql for sql in reading.asked if re.search(r"\bbooking_trail\b", sql)]
            assert max(reading.answered) <= max(limit, len(people) * len(found))
        # The newest activity first: Ali's approval, Sara's, then the newest created.
        newest = booking_trail.search(tx, "کریم", 3)[0]
    assert [b.booking_id for b in newest] == [alis[0], saras[0], saras[1]]
    # The table is the events' own: a rebuild gives the same rows.
    booking.assert_verify_clean(services_of(client), tmp_path)


def test_an_erased_person_is_found_by_name_no_more_and_her_bookings_keep_no_name_of_her(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    # Decision 3912: each person's latest act per booking is kept by her id alone, so an erasure has no name
    # to take from it; the name index goes, and with it every way of finding her bookings by her name.
    ali = persian(client, "audit-erased-ali", ALI)
    made = [booking.create(client, ali)["reference"] for _ in range(2)]
    services_of(client).settle_all()
    assert [b["reference"] for b in found(client, admin_headers, "علی کریمی")] == made[::-1]
    with services_of(client).read_models.read() as tx:
        [account] = people_search.people_named(tx, "audit-erased-ali")
    erase = f"/account/api/v1/admin/customers/{account}/erase"
    booking.ok(client.post(erase, json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    services_of(client).settle_all()

    assert found(client, admin_headers, "علی کریمی") == []
    assert found(client, admin_headers, "audit-erased-ali") == []
    # Her bookings are still found by their references, and named by no one the search matched.
    assert [b["matchedPeople"] for b in found(client, admin_headers, made[0])] == [[]]
    with services_of(client).read_models.read() as tx:
        kept = tx.all(f"SELECT * FROM {booking_trail.ACTIVITY} WHERE account_id = ?", (account,))
    assert len(kept) == 2
    assert not [row for row in kept if set(" ".join(map(str, dict(row).values())).split()) & {*ALI}]
    booking.assert_verify_clean(services_of(client), tmp_path)


def test_the_global_log_filters_by_a_persons_name(client: TestClient, admin_headers: dict[str, str]) -> None:
    ali = persian(client, "audit-log-ali", ALI)
    rate_request = booking.create(client, ali)
    services_of(client).settle_all()
    rows = booking.ok(
        client.get(f"{AUDIT}/events", params={"person": "کریمی", "limit": 500}, headers=admin_headers)
    )["list"]
    assert rows and {r["actorName"] for r in rows} == {"علی کریمی"}
    # Each of the booking's rows names the booking by its reference.
    assert {r["bookingReference"] for r in rows if r["aggregateKind"] == "rate_request"} == {
        rate_request["reference"]
    }
    none = booking.ok(client.get(f"{AUDIT}/events", params={"person": "zzzz"}, headers=admin_headers))
    assert none["list"] == []


def test_an_edit_of_the_order_reads_as_what_it_changed(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """The customer's edit sends the whole form again: the trail says only the fields it changed, each as
    before → after, and only the container it changed, not the order once more."""
    alice = booking.customer(client, "trail-order-edit")
    rid = booking.in_shipping_order(client, alice, admin_headers)
    reference = reference_of(client, alice, rid)
    sent = booking.order_payload(rid)
    orders = f"{CLIENT}/shipping-orders"
    order_id = booking.ok(client.post(orders, headers=alice, json=sent), 201)["id"]
    revise = {"revise": {"cargoDescription": "Say how many boxes"}}
    booking.ok(
        client.put(f"{ADMIN}/shipping-orders/{order_id}/request-revision", headers=admin_headers, json=revise)
    )
    containers = [dict(c) for c in sent["containers"]]
    containers[1]["seal"] = "S99"
    edit = {
        **{k: v for k, v in sent.items() if k not in ("rateRequestId", "frightType")},
        "freightType": sent["frightType"],
        "cargoDescription": "Roasted pistachios, 200 boxes",
        "containers": containers,
    }
    booking.ok(client.put(f"{orders}/{order_id}/edit", headers=alice, json=edit))
    services_of(client).settle_all()
    trail = booking.ok(client.get(f"{AUDIT}/bookings/{reference}/trail", headers=admin_headers))
    (changed,) = [e for e in trail["entries"] if e["what"] == "Shipping order changed"]
    values = {v["label"]: v["value"] for v in changed["values"]}
    assert values.pop("Cargo description") == "Roasted pistachios in boxes → Roasted pistachios, 200 boxes"
    # The one container it changed, by its number, with its new seal; the other container and the parties
    # it sent again unchanged are not said.
    assert values.pop("State") == "Submitted"
    (container,) = values.values()
    assert "S99" in container and "S0" not in container, values
    assert not [v for v in changed["values"] if "Consignee Co" in v["value"]]
    # The order as submitted still reads whole.
    (submitted,) = [e for e in trail["entries"] if e["what"] == "Shipping order submitted"]
    assert sum("Consignee Co" in v["value"] for v in submitted["values"]) == 1

"""A refusal no lifecycle file builds (an API key, a publisher key, a webhook, an address book entry, a
tracking event, an act a lifecycle file has no trigger for) reaches a Persian reader all in Persian: its
thing, its act and its state are said from contract/refusal-words.json (decision 3847), never the English
quoted inside a Persian sentence. Each door is asked as a screen asks it, with `Accept-Language: fa`."""

from __future__ import annotations

import re
import uuid
from typing import Any

from fastapi.testclient import TestClient

from tests.api.booking_support import CLIENT, customer, fails, ok, order_payload, quoted
from tests.api.tracking_support import KEYS, UNMATCHED, confirmed, publish, publisher_key, sample
from tests.api.webhook_guard_support import StandInDns
from tests.app_services import services_of

FA = {"Accept-Language": "fa"}
INTEGRATIONS = "/integrations/api/v1/client"
ASSIGN = "/integrations/api/v1/admin/tracking-events/{}/booking"
# The portal's own Persian screens name an API key "کلید API" (web/src/i18n/locales/fa/accounts.json): the
# one Latin word a Persian refusal may carry of its own.
OWN_LATIN = re.compile(r"\bAPI\b")
LATIN = re.compile(r"[A-Za-z]")


def said_in_persian(answer: Any, status: int, *typed: str) -> str:
    """The refusal's description, asserted Persian: no Latin letter but the values the caller sent."""
    assert answer.headers["content-language"] == "fa"
    description = str(fails(answer, status)["description"])
    rest = OWN_LATIN.sub("", description)
    for value in typed:
        rest = rest.replace(value, "")
    assert LATIN.search(rest) is None, description
    return description


def test_an_api_key_s_refusals_in_persian(client: TestClient) -> None:
    alice = {**customer(client, "fa-refusal-key"), **FA}
    key = ok(client.post(f"{INTEGRATIONS}/api-keys", json={"label": "erp"}, headers=alice), 201)
    ok(client.delete(f"{INTEGRATIONS}/api-keys/{key['id']}", headers=alice))
    again = client.delete(f"{INTEGRATIONS}/api-keys/{key['id']}", headers=alice)
    assert said_in_persian(again, 409) == "ابطال کلید API در وضعیت «باطل‌شده» ممکن نیست"
    unknown = client.delete(f"{INTEGRATIONS}/api-keys/{uuid.uuid4()}", headers=alice)
    assert said_in_persian(unknown, 404) == "کلید API پیدا نشد"
    revoked = client.get(f"{CLIENT}/rate-requests", headers={"Authorization": f"Bearer {key['key']}", **FA})
    assert said_in_persian(revoked, 401) == "کلید API ناشناخته یا باطل‌شده است"


def test_a_webhook_s_refusals_in_persian(client: TestClient) -> None:
    services_of(client).integrations.resolve = StandInDns()  # hooks.example.com resolves to a public address
    alice = {**customer(client, "fa-refusal-hook"), **FA}
    url = {"callbackUrl": "https://hooks.example.com/dcsa"}
    hook = ok(client.post(f"{INTEGRATIONS}/webhooks", json=url, headers=alice), 201)
    door = f"{INTEGRATIONS}/webhooks/{hook['id']}"
    ok(client.delete(door, headers=alice))
    assert said_in_persian(client.delete(door, headers=alice), 409) == (
        "لغو اشتراک وب‌هوک در وضعیت «حذف‌شده» ممکن نیست"
    )
    assert said_in_persian(client.post(f"{door}/rotate-secret", json={}, headers=alice), 409) == (
        "تازه کردن راز امضای اشتراک وب‌هوک در وضعیت «حذف‌شده» ممکن نیست"
    )
    types = client.put(f"{door}/event-types", json={"eventTypes": []}, headers=alice)
    assert said_in_persian(types, 409) == ("انتخاب نوع رویدادهای اشتراک وب‌هوک در وضعیت «حذف‌شده» ممکن نیست")
    unknown = client.delete(f"{INTEGRATIONS}/webhooks/{uuid.uuid4()}", headers=alice)
    assert said_in_persian(unknown, 404) == "اشتراک وب‌هوک پیدا نشد"


def test_a_publisher_key_s_refusals_in_persian(client: TestClient, admin_headers: dict[str, str]) -> None:
    staff = {**admin_headers, **FA}
    issued = ok(client.post(KEYS, headers=staff, json={"label": "Gate fa"}), 201)
    ok(client.delete(f"{KEYS}/{issued['id']}", headers=staff))
    again = client.delete(f"{KEYS}/{issued['id']}", headers=staff)
    assert said_in_persian(again, 409) == "ابطال کلید ناشر در وضعیت «باطل‌شده» ممکن نیست"
    unknown = client.delete(f"{KEYS}/{uuid.uuid4()}", headers=staff)
    assert said_in_persian(unknown, 404) == "کلید ناشر پیدا نشد"
    presented = client.get(f"{INTEGRATIONS}/api-keys", headers={"API-Key": issued["key"], **FA})
    assert said_in_persian(presented, 401) == "کلید ناشر ناشناخته یا باطل‌شده است"


def test_a_tracking_event_s_refusals_in_persian(client: TestClient, admin_headers: dict[str, str]) -> None:
    staff = {**admin_headers, **FA}
    reference = confirmed(client, customer(client, "fa-refusal-track"), admin_headers)
    stray = sample("post-events-shipment")["events"][0]
    stray["eventID"] = "evt-fa-refusal-stray"
    stray["shipmentDetails"]["documentReference"]["reference"] = "NOSUCHFA01"
    publish(client, publisher_key(client, admin_headers, "Gate fa tracking"), stray)
    unmatched = ok(client.get(UNMATCHED, headers=staff, params={"limit": 200}))["list"]
    event = next(u for u in unmatched if u["eventID"] == "evt-fa-refusal-stray")
    ok(client.put(ASSIGN.format(event["id"]), headers=staff, json={"bookingReference": reference}))
    again = client.put(ASSIGN.format(event["id"]), headers=staff, json={"bookingReference": reference})
    assert said_in_persian(again, 409) == "جای‌گذاری رویداد رهگیری در وضعیت «پیوسته به رزرو» ممکن نیست"
    unknown = client.put(ASSIGN.format(uuid.uuid4()), headers=staff, json={"bookingReference": reference})
    assert said_in_persian(unknown, 404) == "رویداد رهگیری پیدا نشد"


def test_an_act_no_lifecycle_file_names_in_persian(client: TestClient, admin_headers: dict[str, str]) -> None:
    """Making the shipping order of a rate request that takes none: the rate request's own words, the act's
    from the catalogue beside its lifecycle file."""
    alice = {**customer(client, "fa-refusal-order"), **FA}
    early = quoted(client, alice, admin_headers)
    answer = client.post(f"{CLIENT}/shipping-orders", headers=alice, json=order_payload(early))
    assert said_in_persian(answer, 409).startswith("ساختن دستور حمل درخواست نرخ در وضعیت")


def test_an_address_book_entry_s_refusal_in_persian(client: TestClient) -> None:
    alice = {**customer(client, "fa-refusal-book"), **FA}
    unknown = client.delete(f"{CLIENT}/address-book/{uuid.uuid4()}", headers=alice)
    assert said_in_persian(unknown, 404) == "مدخل دفترچهٔ نشانی پیدا نشد"

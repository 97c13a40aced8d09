"""The e-mails a shipper expects: one per step that asks something of the customer or decides for
it, in plain text and HTML, the booking reference in the subject and a link to the booking; each kind can be
turned off on the profile; replaying the history never sends; SMTP_URL sends through a real SMTP server."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from fastapi.testclient import TestClient

from policies.quote_expiry import warn_expiring_quotes
from projections.rebuild import rebuild
from tests.api.accounts_support import outbox, settle, sign_up_individual
from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    create,
    in_shipping_order,
    later,
    ok,
    order_payload,
    quoted,
)
from tests.api.email_support import (
    PREFERENCES,
    Inbox,
    mails,
    parts,
    quote_mailed,
    reference_of,
    smtp_app,
    someone,
    the_one_mail,
)
from tests.app_services import services_of


def test_each_step_emails_the_customer_in_text_and_html(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers, address = someone(client, "hanse")
    revised = create(client, headers)["id"]
    ok(
        client.put(
            f"{ADMIN}/rate-requests/{revised}/request-revision",
            headers=admin_headers,
            json={"message": "Please give the HS code of roasted pistachios"},
        )
    )
    rid = in_shipping_order(client, headers, admin_headers)  # quoted, accepted, documents, confirmed
    order = ok(client.post(f"{CLIENT}/shipping-orders", headers=headers, json=order_payload(rid)), 201)
    ok(
        client.put(
            f"{ADMIN}/shipping-orders/{order['id']}/request-revision",
            headers=admin_headers,
            json={"revise": {"cargoDescription": "Say the number of cartons", "containers": "Add the seals"}},
        )
    )
    edited = {"isSWBL": False, "freightType": 1, "cargoDescription": "1,200 cartons of roasted pistachios"}
    edited |= {"imcoClass": None, "unNumber": None, "temprature": None, "humidity": None}
    ok(
        client.put(
            f"{CLIENT}/shipping-orders/{order['id']}/edit",
            headers=headers,
            json={**edited, "hasVentilation": False},
        )
    )
    ok(client.put(f"{ADMIN}/shipping-orders/{order['id']}/accept", headers=admin_headers))
    ok(
        client.post(
            f"{CLIENT}/rate-requests/{rid}/cancellation-request", headers=headers, json={"reason": "Air"}
        )
    )
    ok(
        client.put(
            f"{ADMIN}/rate-requests/{rid}/cancellation-request/decline",
            headers=admin_headers,
            json={"message": "The container is already loaded"},
        )
    )
    sent = mails(client, address)
    kinds = [m["data"]["kind"] for m in sent]
    assert kinds == [
        "revisionRequested",
        "quoteReady",
        "bookingConfirmed",
        "orderNeedsChanges",
        "readyForFinalApproval",
        "cancellationDecided",
    ], kinds
    ref = reference_of(client, headers, rid)
    by_kind = {m["data"]["kind"]: m for m in sent}
    for kind in kinds[1:]:
        mail = by_kind[kind]
        link = f"http://127.0.0.1:8000/dashboard/bookings/rate-request/detail/{rid}"
        assert mail["subject"].startswith(f"[{ref}] "), mail["subject"]
        assert mail["data"]["link"] == link and link in mail["body"] and f'href="{link}"' in mail["html"]
        assert ref in mail["body"] and ref in mail["html"] and mail["html"].startswith("<!doctype html>")
    assert by_kind["quoteReady"]["subject"] == f"[{ref}] Your quote is ready"
    assert "$1,250.50 per container" in by_kind["quoteReady"]["body"]
    assert "Please give the HS code of roasted pistachios" in by_kind["revisionRequested"]["body"]
    # The fields to change in words, never the order's wire names.
    assert "- Cargo description: Say the number of cartons" in by_kind["orderNeedsChanges"]["body"]
    assert "- Containers: Add the seals" in by_kind["orderNeedsChanges"]["body"]
    assert "containers:" not in by_kind["orderNeedsChanges"]["body"]
    declined = by_kind["cancellationDecided"]
    assert declined["subject"] == f"[{ref}] Your cancellation request: declined"
    assert "The container is already loaded" in declined["body"]
    assert "<li>The container is already loaded</li>" in declined["html"]


def test_a_customer_turns_a_kind_of_email_off_on_the_profile(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers, address = someone(client, "quiet")
    kinds = ok(client.get(PREFERENCES, headers=headers))["kinds"]
    assert kinds[0] == {"kind": "quoteReady", "label": "A price is quoted for my booking", "enabled": True}
    assert all(k["enabled"] for k in kinds) and len(kinds) == 18  # fourteen booking kinds, four tracking
    # The switches are labelled in the screen's language (the request's Accept-Language).
    persian = ok(client.get(PREFERENCES, headers={**headers, "Accept-Language": "fa"}))["kinds"]
    assert persian[0] == {"kind": "quoteReady", "label": "نرخ رزرو من اعلام شد", "enabled": True}
    answer = ok(client.put(PREFERENCES, headers=headers, json={"muted": ["quoteReady"]}))
    assert [k["kind"] for k in answer["kinds"] if not k["enabled"]] == ["quoteReady"]
    refused = client.put(PREFERENCES, headers=headers, json={"muted": ["everything"]})
    assert refused.status_code == 400 and "muted" in refused.json()["error"]["fields"]
    assert client.get(PREFERENCES, headers=admin_headers).status_code == 403
    rid = quoted(client, headers, admin_headers)
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=headers))
    assert [m for m in mails(client, address) if m["data"]["kind"] == "quoteReady"] == []
    ok(client.put(PREFERENCES, headers=headers, json={"muted": []}))
    quoted(client, headers, admin_headers)
    assert [m["data"]["kind"] for m in mails(client, address)] == ["quoteReady"]


def test_a_quote_expiring_within_a_day_is_emailed_once(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers, address = someone(client, "hurry")
    soon = create(client, headers)["id"]
    until = (datetime.now(UTC) + timedelta(hours=5)).replace(microsecond=0)
    body = {"price": 900, "validUntil": until.isoformat()}
    ok(client.put(f"{ADMIN}/rate-requests/{soon}/quote", headers=admin_headers, json=body))
    quoted(client, headers, admin_headers)  # valid for five days: not yet
    services = services_of(client)
    settle(client)
    assert warn_expiring_quotes(services) == [soon]
    assert warn_expiring_quotes(services) == []
    expiring = [m for m in mails(client, address) if m["data"]["kind"] == "quoteExpiring"]
    assert len(expiring) == 1 and expiring[0]["data"]["rateRequestId"] == soon
    ref = reference_of(client, headers, soon)
    assert expiring[0]["subject"] == f"[{ref}] Your quote expires within 24 hours"
    assert until.strftime("%Y/%m/%d %H:%M UTC") in expiring[0]["body"]


def test_the_expiry_warning_says_the_quote_s_fees_and_total_as_its_quote_did(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """A quote with a per-booking fee warned before it expires says its lines, the fee and the booking's
    total as the quote's e-mail did (decision 3870), not the price per container alone."""
    headers, address = someone(client, "hurry-total")
    rid = create(client, headers, quantity=3)["id"]
    until = (datetime.now(UTC) + timedelta(hours=5)).replace(microsecond=0)
    lines = [
        {"code": "ocean_freight", "amount": "1200"},
        {"code": "baf", "amount": "300"},
        {"code": "documentation_fee", "amount": "90"},
    ]
    body = {"price": 1500, "validUntil": until.isoformat(), "charges": lines}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/quote", headers=admin_headers, json=body))
    settle(client)
    assert warn_expiring_quotes(services_of(client)) == [rid]
    said = "Documentation fee $90.00 per booking); $4,590.00 in all for 3 containers"
    by_kind = {m["data"]["kind"]: m["body"] for m in mails(client, address)}
    assert said in by_kind["quoteReady"], by_kind["quoteReady"]
    assert said in by_kind["quoteExpiring"], by_kind["quoteExpiring"]
    assert ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers))["totalPrice"] == 4590


def test_replaying_the_history_sends_nothing(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    headers, address = someone(client, "replay")
    in_shipping_order(client, headers, admin_headers)
    before = outbox(client)
    assert [m["data"]["kind"] for m in mails(client, address)] == ["quoteReady", "bookingConfirmed"]
    services = services_of(client)
    rebuild(services.store, services.read_models)
    assert outbox(client) == before


def test_staff_ask_to_amend_emails_the_customer_once_unless_turned_off(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Use case 6: staff's ask to amend a confirmed booking is e-mailed with their reason, a link to
    the booking and its reference in the subject; the kind can be turned off; a replay sends nothing again."""
    headers, address = someone(client, "asked")
    rid = in_shipping_order(client, headers, admin_headers)
    reason = "The vessel sails a week later: choose another date"
    ask = f"{ADMIN}/rate-requests/{rid}/amendments/ask"
    ok(client.put(ask, headers=admin_headers, json={"message": reason}))
    settle(client)
    asked = [m for m in mails(client, address) if m["data"]["kind"] == "amendmentAsked"]
    assert len(asked) == 1, asked
    mail, ref = asked[0], reference_of(client, headers, rid)
    link = f"http://127.0.0.1:8000/dashboard/bookings/rate-request/detail/{rid}"
    assert mail["subject"] == f"[{ref}] Please amend your booking"
    assert f"amend your confirmed booking {ref}." in mail["body"] and f"- {reason}" in mail["body"]
    assert f"Amend the booking: {link}" in mail["body"] and f'href="{link}"' in mail["html"]
    assert f"<li>{reason}</li>" in mail["html"] and mail["html"].startswith("<!doctype html>")
    assert '"Staff ask me to amend a confirmed booking"' in mail["body"]  # the foot names the switch

    before = outbox(client)
    services = services_of(client)
    rebuild(services.store, services.read_models)
    settle(client)
    assert outbox(client) == before

    kinds = ok(client.get(PREFERENCES, headers=headers))["kinds"]
    assert {
        "kind": "amendmentAsked",
        "label": "Staff ask me to amend a confirmed booking",
        "enabled": True,
    } in (kinds)
    ok(client.put(PREFERENCES, headers=headers, json={"muted": ["amendmentAsked"]}))
    other = in_shipping_order(client, headers, admin_headers)
    ok(
        client.put(
            f"{ADMIN}/rate-requests/{other}/amendments/ask", headers=admin_headers, json={"message": "x"}
        )
    )
    settle(client)
    assert [
        m["data"]["rateRequestId"] for m in mails(client, address) if m["data"]["kind"] == "amendmentAsked"
    ] == [rid]


# -- SMTP_URL: a real SMTP server receives them --------------------------------------------------------------
def test_smtp_url_sends_text_and_html_through_a_real_server(
    smtp_server: tuple[int, Inbox], tmp_path: Path
) -> None:
    port, inbox = smtp_server
    with smtp_app(tmp_path / "var", port) as (client, admin):
        headers, address = someone(client, "smtp")
        rid, ref = quote_mailed(client, admin, headers)
        assert not (services_of(client).settings.VAR_DIR / "outbox.jsonl").exists() or not mails(
            client, address
        )
    mail, text, html = the_one_mail(inbox)
    assert (mail["To"], mail["From"], mail["Subject"]) == (
        address,
        "bookings@freight.example",
        f"[{ref}] Your quote is ready",
    )
    link = f"/dashboard/bookings/rate-request/detail/{rid}"
    assert link in text and f'{link}"' in html


def test_the_set_password_email_is_dated_from_mail_from_with_a_message_id_of_the_public_host_in_both_parts(
    smtp_server: tuple[int, Inbox], tmp_path: Path
) -> None:
    """The first e-mail a shipper keeps: sent from MAIL_FROM (not the relay's path), dated, its Message-ID
    on the portal's public host, in plain text and HTML, the link in both."""
    port, inbox = smtp_server
    with smtp_app(
        tmp_path / "var",
        port,
        SMTP_URL=f"smtp://127.0.0.1:{port}/relay-path@freight.example",
        MAIL_FROM="Freight Bookings <bookings@freight.example.com>",
        PUBLIC_URL="https://freight.example.com",
    ) as (client, admin):
        form = sign_up_individual(client)
        accepted = f"/account/api/v1/admin/indivisual-customer/register-requests/{form['nationalId']}"
        ok(client.post(accepted, headers=admin))
        settle(client)
        sent_at = datetime.now(UTC)
    [mail] = [m for m in inbox.received if m["To"] == form["email"]]
    assert mail["From"] == "Freight Bookings <bookings@freight.example.com>"
    assert mail["Subject"] == "Your account is ready: set your password"
    assert abs(mail["Date"].datetime - sent_at) < timedelta(minutes=5)
    assert mail["Message-ID"].endswith("@freight.example.com>")
    text, html = parts(mail)
    link = next(word for word in text.split() if word.startswith("https://freight.example.com/"))
    assert f'href="{link.replace("&", "&amp;")}"' in html
    assert form["nationalId"] in html


# 2 x 40 Dry at 1,580.25 per container (ocean freight 1,400 + destination THC 180.25) and a documentation
# fee of 60 per booking: 3,220.50 in all, not 2 x 1,580.25.
FEE_BREAKDOWN = [
    {"code": "ocean_freight", "amount": "1400"},
    {"code": "thc_destination", "amount": "180.25"},
    {"code": "documentation_fee", "amount": "60"},
]


def test_the_quote_email_gives_the_per_booking_fee_and_the_booking_s_total(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    from tests.api.test_persian_emails import persian_customer

    for headers, _ in (someone(client, "fee-total"), persian_customer(client, "fee-total-fa")):
        rid = create(client, headers, quantity=2)["id"]
        quote = {"price": "1580.25", "validUntil": later(), "charges": FEE_BREAKDOWN}
        ok(client.put(f"{ADMIN}/rate-requests/{rid}/quote", headers=admin_headers, json=quote))
    settle(client)
    english, persian = (
        next(m for m in mails(client, f"{name}@shipper.example") if m["data"]["kind"] == "quoteReady")
        for name in ("fee-total", "fee-total-fa")
    )
    assert "$1,580.25 per container (Ocean freight $1,400.00 + " in english["body"], english["body"]
    assert "Documentation fee $60.00 per booking); $3,220.50 in all for 2 containers" in english["body"]
    assert "روی هم ۳٬۲۲۰٫۵۰ دلار برای ۲ کانتینر" in persian["body"], persian["body"]  # noqa: RUF001
    assert "هزینهٔ اسناد ۶۰٫۰۰ دلار برای هر رزرو" in persian["body"], persian["body"]  # noqa: RUF001


def test_a_field_path_staff_start_an_ask_with_is_the_door_s_not_people_s(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Staff name the field as a JSON path for the DCSA door's `jsonPath`; the customer's e-mail (English and
    Persian) and the screens' changes panel say the message without it."""
    from tests.api.test_persian_emails import persian_customer

    path = "$.requestedEquipments[0].units"
    said = "the vessel has room for 3 containers only; please amend to 3"
    for headers, address in (someone(client, "asked-path"), persian_customer(client, "asked-path-fa")):
        rid = in_shipping_order(client, headers, admin_headers)
        ask = f"{ADMIN}/rate-requests/{rid}/amendments/ask"
        asked = ok(client.put(ask, headers=admin_headers, json={"message": f"{path}: {said}"}))["amendment"]
        assert asked["askedFor"] == said
        seen = ok(client.get(f"{CLIENT}/rate-requests/{rid}/changes", headers=headers))["amendment"]
        assert seen["askedFor"] == said
        settle(client)
        (mail,) = [m for m in mails(client, address) if m["data"]["kind"] == "amendmentAsked"]
        assert f"- {said}" in mail["body"] and "$." not in mail["body"], mail["body"]
        assert f"<li>{said}</li>" in mail["html"]
        # The DCSA door still names the field.
        reference = reference_of(client, headers, rid)
        feedbacks = client.get(f"/v2/bookings/{reference}", headers=headers).json()["feedbacks"]
        assert {"jsonPath": path, "message": said} in [
            {"jsonPath": f.get("jsonPath"), "message": f["message"]} for f in feedbacks
        ]

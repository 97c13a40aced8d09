"""The API's error descriptions follow Accept-Language: Persian for fa, English otherwise; the field keys,
the status and the envelope stay as they are."""

from __future__ import annotations

from fastapi.testclient import TestClient

from api.edge.languages import translated
from domain.shared.messages import message
from tests.api.accounts_support import fails
from tests.api.booking_support import customer

FA = {"Accept-Language": "fa-IR,fa;q=0.9,en;q=0.5"}
# A figure in a Persian refusal is written as the e-mails write it: Persian digits and separators.
PERSIAN_FIGURES = str.maketrans("0123456789,.", "".join(chr(0x06F0 + d) for d in range(10)) + "\u066c\u066b")


def fa(text: str) -> str:
    return text.translate(PERSIAN_FIGURES)


LOGIN = "/auth/api/v1/login"


def test_a_domain_validation_error_in_persian_names_the_same_fields(client: TestClient) -> None:
    english = fails(client.post(LOGIN, json={"username": "", "password": ""}), 400)
    assert english["fields"] == {"username": "This field is required.", "password": "This field is required."}
    persian = client.post(LOGIN, json={"username": "", "password": ""}, headers=FA)
    assert persian.headers["content-language"] == "fa"
    error = fails(persian, 400)
    assert error["fields"] == {"username": "این فیلد لازم است.", "password": "این فیلد لازم است."}
    assert "This field" not in error["description"] and "username: این فیلد لازم است." in error["description"]


def test_a_malformed_body_and_an_unknown_path_in_persian(client: TestClient) -> None:
    error = fails(client.post(LOGIN, json={"username": 1, "password": "x"}, headers=FA), 400)
    assert error["fields"] == {"username": "متن انتظار می‌رفت، عدد رسید"}, error
    headers = {**customer(client, "fa-errors"), **FA}
    error = fails(client.put("/account/api/v1/client/profile/language", json={}, headers=headers), 400)
    assert error["fields"] == {"language": "لازم است"}
    assert fails(client.get("/account/api/v1/no-such-thing", headers=FA), 404)["description"] == "پیدا نشد"
    # English, and any language the portal does not speak, stays English.
    for header in ({"Accept-Language": "en-US"}, {"Accept-Language": "de"}, {}):
        found = fails(client.get("/account/api/v1/no-such-thing", headers=header), 404)
        assert found["description"] == "Not found"


def test_a_text_over_its_bound_is_refused_in_the_catalogue_s_words_in_either_language(
    client: TestClient,
) -> None:
    """A bound the body's schema holds (an API key's label, 200) is said as the domain says its own bounds."""
    headers = customer(client, "long-label")
    label = "ب" * 201
    english = fails(
        client.post("/integrations/api/v1/client/api-keys", json={"label": label}, headers=headers), 400
    )
    assert english["fields"] == {"label": "String must contain at most 200 character(s)"}
    persian = client.post(
        "/integrations/api/v1/client/api-keys", json={"label": label}, headers={**headers, **FA}
    )
    assert fails(persian, 400)["fields"] == {"label": f"متن باید حداکثر {fa('200')} نویسه باشد"}


def test_a_choice_outside_its_list_is_refused_in_the_catalogue_s_words_in_either_language(
    client: TestClient,
) -> None:
    headers = customer(client, "odd-language")
    path = "/account/api/v1/client/profile/language"
    english = fails(client.put(path, json={"language": "de"}, headers=headers), 400)
    assert english["fields"] == {"language": "Must be one of: 'en', 'fa'"}
    persian = fails(client.put(path, json={"language": "de"}, headers={**headers, **FA}), 400)
    assert persian["fields"] == {"language": "باید یکی از اینها باشد: 'en', 'fa'"}


def test_a_message_with_values_keeps_its_values() -> None:
    """Its figures in the reader's digits (an amount and a day as the e-mails write them); a value the caller
    typed (a code) as it was typed."""
    assert (
        translated("String must contain at most 200 character(s)", "fa")
        == f"متن باید حداکثر {fa('200')} نویسه باشد"
    )
    assert (
        translated("Exactly 3 containers are required (2 given)", "fa")
        == f"دقیقاً {fa('3')} کانتینر لازم است ({fa('2')} داده شد)"
    )
    assert translated("Quoted $1,300.00 meanwhile by a colleague: read it before you quote again", "fa") == (
        f"در این میان همکاری نرخ {fa('1,300.00')} دلار را اعلام کرد: پیش از اعلام دوبارهٔ نرخ آن را بخوانید"
    )
    # 2026-01-06 is 16 Dey 1404 in the Solar Hijri calendar the Persian screens and e-mails write.
    assert (
        translated(
            "The vessel left with this booking's cargo on 2026-01-06: the booking can no longer be cancelled",
            "fa",
        )
        == f"کشتی در {fa('1404/10/16')} با بار این رزرو حرکت کرده است: دیگر نمی‌توان این رزرو را لغو کرد"
    )
    below = translated(message("booking.charge.belowSurcharges", surcharges="366.00"), "fa")
    assert below.startswith(f"نرخ باید دست‌کم به اندازه هزینه‌های افزوده هر کانتینر ({fa('366.00')} دلار)")
    assert translated("Unknown UN/LOCODE 12345: not a location we serve", "fa") == (
        "کد UN/LOCODE ناشناخته 12345: مکانی نیست که ما به آن خدمت می‌دهیم"
    )
    assert translated("Something no catalogue holds", "fa") == "Something no catalogue holds"
    assert translated("This field is required.", "en") == "This field is required."


def test_a_lifecycle_refusal_says_its_act_thing_state_and_actor_in_persian() -> None:
    """The Persian words come from the lifecycle files (each trigger's and state's `labelFa`, the file's
    `labelFa` for its thing) and the audit's roles, never the English quoted (decision 3841)."""
    said = {
        "Cannot withdraw the update of a shipping order in state submitted (0)": (
            "پس گرفتن به‌روزرسانی دستور حمل در وضعیت «ارسال شد» ممکن نیست"
        ),
        # The act's words have an "a" of their own; the refusal still splits at its thing.
        "Cannot ask for a revision of a rate request in state requested (0)": (
            "درخواست بازبینی درخواست نرخ در وضعیت «درخواست نرخ» ممکن نیست"
        ),
        # A state reads as its own machine says it: "approved" is the amendment's, not the order's.
        "Cannot approve a booking amendment in state approved (2)": (
            "تأیید اصلاحیهٔ رزرو در وضعیت «اصلاح تأیید شد» ممکن نیست"
        ),
        # Two acts of one thing in words of their own (decision 3848): staff asking the customer for an
        # amendment, the customer requesting one.
        "Cannot ask for a booking amendment in state requested (0)": (
            "درخواست از مشتری برای اصلاحیهٔ رزرو در وضعیت «درخواست اصلاح» ممکن نیست"
        ),
        "Staff may not request a booking amendment": "کارمند اجازهٔ درخواست اصلاحیهٔ رزرو را ندارد",
        "Cannot approve a shipping order in state approved (3)": (
            "تأیید دستور حمل در وضعیت «تأیید شد» ممکن نیست"
        ),
        "Staff may not withdraw the update of a shipping order": (
            "کارمند اجازهٔ پس گرفتن به‌روزرسانی دستور حمل را ندارد"
        ),
        "A customer may not accept a shipping order": "مشتری اجازهٔ پذیرفتن دستور حمل را ندارد",
        # A refusal outside the lifecycle files says its words from contract/refusal-words.json (3847).
        "Cannot revoke an API key in state revoked": "ابطال کلید API در وضعیت «باطل‌شده» ممکن نیست",
        "Cannot unsubscribe a webhook subscription in state removed": (
            "لغو اشتراک وب‌هوک در وضعیت «حذف‌شده» ممکن نیست"
        ),
        "Tracking event not found": "رویداد رهگیری پیدا نشد",
    }
    assert {english: translated(english, "fa") for english in said} == said


def test_a_domain_refusal_reaches_a_persian_reader_in_persian(client: TestClient) -> None:
    """The refusals a screen shows (signed out, a team of a person, not only validation) come in Persian:
    every text the source raises has its entry (tests/unit/test_error_texts_speak_persian.py)."""
    error = fails(client.get("/account/api/v1/client/team", headers=FA), 401)
    assert error["description"] == "ورود لازم است"
    headers = {**customer(client, "fa-team"), **FA}
    error = fails(client.get("/account/api/v1/client/team", headers=headers), 404)
    assert error["description"] == "فقط حساب شرکت تیم دارد"

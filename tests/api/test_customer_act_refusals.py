"""Every door of the portal that does a customer's act of a lifecycle refuses staff alike: naming the act they
may not do in its lifecycle file's words ("Staff may not withdraw the update of a shipping order"), in English
and in Persian, never the generic "Only customers may do this" (decision 3847). The role is checked before the
id or the body is looked at, so any id answers so."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from tests.api.booking_support import CLIENT, fails

FA = {"Accept-Language": "fa"}
ID = "00000000-0000-4000-8000-000000000000"
# Each door, and what staff calling it are told, in English and Persian.
DOORS = [
    (
        "POST",
        "/rate-requests",
        "Staff may not create a rate request",
        "کارمند اجازهٔ ثبت درخواست نرخ را ندارد",
    ),
    ("PUT", f"/rate-requests/{ID}", "Staff may not edit a rate request", None),
    ("PUT", f"/rate-requests/{ID}/approve", "Staff may not accept the price of a rate request", None),
    ("PUT", f"/rate-requests/{ID}/cancel", "Staff may not refuse the price of a rate request", None),
    ("PUT", f"/rate-requests/{ID}/withdraw", "Staff may not withdraw a rate request", None),
    (
        "PUT",
        f"/rate-requests/{ID}/booking-request",
        "Staff may not send the booking request of a rate request",
        None,
    ),
    ("POST", "/shipping-orders", "Staff may not create a shipping order", None),
    ("PUT", f"/shipping-orders/{ID}/edit", "Staff may not edit a shipping order", None),
    ("PUT", f"/shipping-orders/{ID}/resubmit", "Staff may not resubmit a shipping order", None),
    ("PUT", f"/shipping-orders/{ID}/cancel", "Staff may not cancel a shipping order", None),
    (
        "PUT",
        f"/shipping-orders/{ID}/cancel-update",
        "Staff may not withdraw the update of a shipping order",
        "کارمند اجازهٔ پس گرفتن به‌روزرسانی دستور حمل را ندارد",
    ),
    ("PUT", f"/shipping-orders/{ID}/approve", "Staff may not approve a shipping order", None),
    ("POST", f"/rate-requests/{ID}/amendments", "Staff may not request a booking amendment", None),
    (
        "PUT",
        f"/rate-requests/{ID}/amendments/accept-price",
        "Staff may not accept the new price of a booking amendment",
        None,
    ),
    ("PUT", f"/rate-requests/{ID}/amendments/withdraw", "Staff may not withdraw a booking amendment", None),
    (
        "POST",
        f"/rate-requests/{ID}/cancellation-request",
        "Staff may not request a booking cancellation",
        None,
    ),
    (
        "PUT",
        f"/rate-requests/{ID}/cancellation-request/withdraw",
        "Staff may not withdraw a booking cancellation",
        "کارمند اجازهٔ پس گرفتن درخواست لغو رزرو را ندارد",
    ),
]


@pytest.mark.parametrize(("method", "path", "english", "persian"), DOORS)
def test_staff_are_told_the_customer_s_act_they_may_not_do(
    client: TestClient,
    admin_headers: dict[str, str],
    method: str,
    path: str,
    english: str,
    persian: str | None,
) -> None:
    said = fails(client.request(method, f"{CLIENT}{path}", headers=admin_headers, json={}), 403)[
        "description"
    ]
    assert said == english
    answer = client.request(method, f"{CLIENT}{path}", headers={**admin_headers, **FA}, json={})
    in_persian = fails(answer, 403)["description"]
    assert re.fullmatch(r"کارمند اجازهٔ .+ را ندارد", in_persian) and not re.search("[A-Za-z]", in_persian)
    assert persian is None or in_persian == persian

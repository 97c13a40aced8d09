"""What staff and the carrier decided about a confirmed booking, as the standard's `feedbacks`: a declined
amendment or cancellation request (staff's reason), an amendment's new price, a sailing the carrier moved.

The one mapping from those facts to BKG 2.0.5's Feedback (severity, code, message, jsonPath where staff's
reason names a field, as in "$.requestedEquipments[0].units: at most 2 units"). `GET /v2/bookings/{ref}`
passes the facts of the booking as it stands (api/dcsa/booking/view.py); a webhook notification, those of
the step it tells (policies/webhooks/steps.py `decisions`): both say the same words.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from api.dcsa.booking.status import priced
from domain.booking.charges import all_in, from_records
from domain.booking.named_field import NAMED_FIELD

_MAX_MESSAGE, _MAX_PATH = 5000, 500
# Staff's reason may start by naming the field it is about: "$.path: what to do".
_NAMED_FIELD = NAMED_FIELD


# What a confirmed booking on an estimated sailing tells its integrator, in its /v2 reads and notifications:
# Booking 2.0.5 has no property for an estimated plan. True whether or not the shipper sent a vessel and
# voyage (one that is not published leaves the plan estimated too): it speaks of the plan, not of the request.
ESTIMATED_PLAN_NOTE = (
    "The transport plan and cut-off times are estimated: no published sailing is named for this booking yet,"
    " so the plan names no vessel or voyage. The plan and cut-offs will change when the carrier names one"
)


def estimated_plan_feedback() -> dict[str, str]:
    return {"severity": "INFO", "code": "INFORMATIONAL_MESSAGE", "message": ESTIMATED_PLAN_NOTE}


def _reason(prefix: str, text: str) -> dict[str, Any]:
    """Staff's reason for a decision: information, or, when it names a field, what must change there."""
    match = _NAMED_FIELD.match(text)
    said = f"{prefix}: {match.group(2) if match else text}"[:_MAX_MESSAGE]
    if match is None:
        return {"severity": "INFO", "code": "INFORMATIONAL_MESSAGE", "message": said}
    return {
        "severity": "ERROR",
        "code": "PROPERTY_VALUE_MUST_CHANGE",
        "message": said,
        "jsonPath": match.group(1)[:_MAX_PATH],
    }


def decision_feedbacks(
    *,
    amendment_declined: str | None = None,
    amendment_requoted: tuple[Any, str, Any, int | None] | None = None,
    cancellation_declined: str | None = None,
    sailing_moved: tuple[Mapping[str, Any], Mapping[str, Any]] | None = None,
    sailing_named: Mapping[str, Any] | None = None,
    plan_estimated: bool = False,
) -> list[dict[str, Any]]:
    """`amendment_declined` / `cancellation_declined`: staff's reason for declining the booking's latest
    amendment / cancellation request; `amendment_requoted`: its new price per container, the time it is
    valid until, its lines (records; None: recorded before them) and the amended containers (None:
    unknown); `sailing_moved`: the sailing before and after the carrier's schedule moved it;
    `sailing_named`: the published sailing staff named for an estimated plan; `plan_estimated`: the confirmed
    booking's plan is still an estimate (said last, as its /v2 read says it)."""
    said: list[dict[str, Any]] = []
    if amendment_declined:
        said.append(_reason("The amendment was declined; the booking stands as it was", amendment_declined))
    if amendment_requoted is not None:
        price, valid_until, charges, quantity = amendment_requoted
        # Its lines and the total for the amended containers, as a quote's feedback says them (decision
        # 3870): a per-booking fee is not in the price per container.
        new_price = priced(price, from_records(charges) or all_in(Decimal(str(price))), quantity)
        said.append(
            {
                "severity": "INFO",
                "code": "INFORMATIONAL_MESSAGE",
                "message": f"The amendment needs a new price: {new_price}, valid until"
                f" {valid_until}; accept it or withdraw the amendment in the portal",
            }
        )
    if cancellation_declined:
        said.append(
            _reason("The cancellation request was declined; the booking stands", cancellation_declined)
        )
    if sailing_moved is not None:
        before, after = sailing_moved
        said.append(
            {
                "severity": "WARN",
                "code": "PROPERTY_VALUE_HAS_BEEN_CHANGED",
                "message": f"The sailing moved: departure {before['departure']} is now {after['departure']},"
                f" arrival {before['arrival']} is now {after['arrival']}",
            }
        )
    if sailing_named is not None:
        vessel = (
            sailing_named.get("vessel_name")
            or sailing_named.get("vessel_imo_number")
            or sailing_named["service_code"]
        )
        said.append(
            {
                "severity": "INFO",
                "code": "INFORMATIONAL_MESSAGE",
                "message": f"The carrier named the sailing of the estimated plan: {vessel}, voyage"
                f" {sailing_named['export_voyage']}, departure {sailing_named['departure']}, arrival"
                f" {sailing_named['arrival']}",
            }
        )
    if plan_estimated:
        said.append(estimated_plan_feedback())
    return said

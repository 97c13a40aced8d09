"""Whose move a booking waits for, read from the lifecycle files (never a hand-made table of states)."""

from __future__ import annotations

from functools import cache

from domain.booking.amendments import AMENDABLE_STATES
from domain.shared.lifecycle import lifecycle


@cache
def waiting_for(
    state: str,
    has_booking_request: bool,
    order_state: str | None,
    cancellation_requested: bool = False,
    amendment_state: str | None = None,
    firm_request: bool = False,
) -> str | None:
    """`customer`, `staff` or None for a rate request in `state`.

    While an amendment is open (`amendment_state` not final) the amendment's lifecycle decides: the booking
    waits on that exchange (asked: staff; re-quoted: the customer, to accept or withdraw).

    `firm_request`: made through the DCSA standard, so staff confirm it with its price (no customer step).

    Where only the system moves the rate request on (it completes when its shipping order is approved),
    the shipping order's lifecycle decides, from its state or, before it exists, from its creation.
    """
    if amendment_state is not None and state in AMENDABLE_STATES:  # (a booking ended meanwhile owes none)
        amendments = lifecycle("booking_amendment")
        finals = {s["name"] for s in amendments.spec["states"] if s.get("final")}
        if amendment_state not in finals:
            return amendments.turn_after(amendment_state)
    rate_requests = lifecycle("rate_request")
    facts = {
        "has_booking_request": has_booking_request,
        "cancellation_requested": cancellation_requested,
        "firm_request": firm_request,
        "portal_request": not firm_request,
        # Staff confirm a firm booking completed when its transport document is surrendered, outside the
        # portal: nobody owes that move.
        "transport_document_surrendered": False,
    }
    whose = rate_requests.waiting_for(state, facts)
    if whose is not None:
        return whose
    system_moves_on = any(
        state in t["source"] and t["actor"] == "system" and t["dest"] != state
        for t in rate_requests.spec["transitions"]
    )
    if not system_moves_on:
        return None
    orders = lifecycle("shipping_order")
    return orders.waiting_for(order_state or orders.initial)

"""Whether tracking news reaches a booking's customer: the one rule every door asks (decisions 3819, 3828).

A booking that ended (a final state of `state-machines/rate_request.json`: cancelled, rejected, expired)
carries nothing more to its customer, whatever a publisher says of its reference: no e-mail or notice
(`domain/tracking/notices.py`), no webhook (`policies/webhooks/policy.py`), nothing new on `GET /v3/events`
(`projections/tracking.py` keeps where each booking ended). What reached the booking while it was live stays
the customer's to read. Staff and auditors see every event, before and after.
"""

from __future__ import annotations

from domain.shared.lifecycle import lifecycle


def carried_in(state: str | None) -> bool:
    """Whether news of the cargo reaches the customer of a booking in `state` (None: not known, carried)."""
    return state is None or not lifecycle("rate_request").fact(str(state), "final")

"""Which documents a booking has in each state of its shipping order (decision 3822): the booking always, its
transport document exactly while the order's state has one in state-machines/shipping_order.json; and the
references that name them, as every door reads them."""

from __future__ import annotations

from domain.booking import document_references as refs
from domain.shared.lifecycle import lifecycle

BOOKING = "FB-2026-000123"


def test_a_booking_has_its_transport_document_exactly_while_its_order_has_one() -> None:
    order = lifecycle("shipping_order")
    drafted = set(order.states_where("transportDocument"))
    assert drafted == {"ready_for_approval", "approved", "issued"}
    assert refs.references(BOOKING, None) == (refs.DocumentReference(refs.BOOKING, BOOKING),)
    for state in order.states_where("transportDocument", lambda _: True):
        kinds = [r.kind for r in refs.references(BOOKING, state)]
        assert kinds == ([refs.BOOKING, refs.TRANSPORT_DOCUMENT] if state in drafted else [refs.BOOKING])
        assert refs.names(BOOKING, state, refs.TRANSPORT_DOCUMENT, "BL-" + BOOKING) is (state in drafted)


def test_references_name_the_booking_they_are_of_and_nothing_else() -> None:
    td = refs.transport_document_reference(BOOKING)
    assert (td, refs.shipping_instructions_reference(BOOKING)) == ("BL-" + BOOKING, "SI-" + BOOKING)
    assert refs.booking_reference_of(td) == refs.booking_reference_of("SI-" + BOOKING) == BOOKING
    assert refs.booking_reference_of(BOOKING) is None
    assert refs.booking_named(refs.TRANSPORT_DOCUMENT, f" {td} ") == BOOKING
    assert refs.booking_named(refs.BOOKING, BOOKING) == BOOKING
    # The booking's reference is no transport document's, nor the reverse; nor an empty one anything.
    assert refs.booking_named(refs.TRANSPORT_DOCUMENT, BOOKING) is None
    assert not refs.names(BOOKING, "issued", refs.BOOKING, td)
    assert refs.booking_named(refs.TRANSPORT_DOCUMENT, "BL-") is None
    assert refs.booking_named(refs.BOOKING, "  ") is None
    assert refs.booking_named("shipping_instructions", "SI-" + BOOKING) is None
    # A booking reference reads in any case, as the booking read model finds it.
    assert refs.names(BOOKING, "approved", refs.TRANSPORT_DOCUMENT, td.lower().replace("bl-", "BL-"))

"""Which documents a booking has now, and the references that name them (decision 3822).

A booking is named by its reference (`FB-2026-000123`, or its id while it has none): the standards'
`carrierBookingReference`. Its shipping order is the standard's shipping instructions, `SI-<reference>`,
and the order accepted by staff produces its transport document, `BL-<reference>`, which exists while the
order's state says it has one (`transportDocument` in state-machines/shipping_order.json: a DRAFT from
staff's acceptance, then APPROVED and ISSUED; none while the instructions are still open, nor once they are
cancelled or declined).

Every reader of a document reference asks here: the bill of lading door (`/v3/shipping-instructions`,
`/v3/transport-documents`), the tracking door's filters (`carrierBookingReference`,
`transportDocumentReference`), the matching of a published tracking event to its booking and staff
assigning an unmatched one. So a reference a booking does not have yet names nothing anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.shared.lifecycle import lifecycle

# The kinds of document a booking has: the booking itself and the transport document its order produced.
BOOKING = "booking"
TRANSPORT_DOCUMENT = "transport_document"
KINDS = (BOOKING, TRANSPORT_DOCUMENT)
SI_PREFIX, TD_PREFIX = "SI-", "BL-"


@dataclass(frozen=True)
class DocumentReference:
    kind: str
    reference: str


def shipping_instructions_reference(booking_reference: str) -> str:
    return SI_PREFIX + booking_reference


def transport_document_reference(booking_reference: str) -> str:
    return TD_PREFIX + booking_reference


def booking_reference_of(document_reference: str) -> str | None:
    """The booking reference within the reference of its shipping instructions or transport document (the
    bill of lading door reads the instructions by either), or None."""
    for prefix in (SI_PREFIX, TD_PREFIX):
        if document_reference.startswith(prefix):
            return document_reference[len(prefix) :]
    return None


def transport_document_status(order_state: str | None) -> str | None:
    """The status of the transport document of a booking whose shipping order is in `order_state` (None: no
    order), or None while it has none."""
    if order_state is None:
        return None
    found = lifecycle("shipping_order").fact(order_state, "transportDocument")
    return None if found is None else str(found)


def references(booking_reference: str, order_state: str | None) -> tuple[DocumentReference, ...]:
    """The documents a booking named `booking_reference` has now, its shipping order in `order_state`
    (None: no order yet): the booking always, its transport document once drafted."""
    found = [DocumentReference(BOOKING, booking_reference)]
    if transport_document_status(order_state) is not None:
        found.append(DocumentReference(TRANSPORT_DOCUMENT, transport_document_reference(booking_reference)))
    return tuple(found)


def booking_named(kind: str, reference: str) -> str | None:
    """The booking a reference of this kind would be of, if that booking has such a document (ask `names`
    once it is found): the booking's reference itself, or the one within a transport document's."""
    text = reference.strip()
    if not text:
        return None
    if kind == BOOKING:
        return text
    if kind == TRANSPORT_DOCUMENT and text.startswith(TD_PREFIX):
        return text[len(TD_PREFIX) :] or None
    return None


def names(booking_reference: str, order_state: str | None, kind: str, reference: str) -> bool:
    """Whether the booking named `booking_reference`, its order in `order_state`, has now a document of
    `kind` named `reference` (booking references read in any case)."""
    wanted = DocumentReference(kind, reference.strip().upper())
    return any(
        DocumentReference(r.kind, r.reference.upper()) == wanted
        for r in references(booking_reference, order_state)
    )

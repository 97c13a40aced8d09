"""/v2/bookings: the provider side of DCSA Booking 2.0.5, a second door onto the rate-request lifecycle.

These routes answer in the standard's bodies and its error format (`ErrorResponse`), not the portal's
envelope: every failure on them, from authentication to a bug, leaves through `DcsaRoute`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from typing import Annotated, Any

from eventsourcing.persistence import RecordConflictError
from fastapi import Header, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException

from api.bootstrap import Services
from api.dcsa.booking import view as dcsa_view
from api.dcsa.booking.content import booking_content, content_errors, dates_outside_window, sailing_choice
from api.dcsa.booking.models import (
    Booking,
    CancelBookingRequest,
    CreateBooking,
    CreateBookingResponse,
    ErrorResponse,
    UpdateBooking,
)
from api.dcsa.booking.reference import rate_request_id_for, request_reference
from api.dcsa.booking.sailing import confirmed_sailing_terms
from api.dcsa.door import door_router
from api.dcsa.errors import (
    API_VERSION,
    DetailedError,
    error_response,
    field_path,
    refusal_code,
    schema_errors,
    unread_body,
)
from api.edge.deps import ServicesDep, off_loop
from api.edge.errors import http_status
from api.edge.identity import company_account_id, customer_username
from api.edge.integration_auth import IntegrationCustomer
from api.edge.security import Principal
from domain.shared.errors import (
    Conflict,
    DomainError,
    IllegalTransition,
    KeyReused,
    NotFound,
    TooManyAttempts,
    ValidationFailed,
)
from domain.shared.lifecycle import lifecycle
from projections.booking import dcsa as dcsa_read
from projections.booking.sailings import sailing_of

log = logging.getLogger(__name__)


class BookingContentRefused(Exception):
    """The standard's body is well formed but the booking cannot be taken as it is (unknown location,
    equipment not offered, too many units): DCSA errors with the jsonPath of each field."""

    def __init__(self, errors: list[DetailedError]) -> None:
        super().__init__("booking content refused")
        self.errors = errors


class DcsaRoute(APIRoute):
    api_version = API_VERSION  # the standard's version this door's answers carry

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def answer(request: Request) -> Response:
            method, uri = request.method, request.url.path
            response = await self._answer(handler, request, method, uri)
            response.headers["API-Version"] = self.api_version
            for name, value in getattr(request.state, "rate_limit_headers", {}).items():
                response.headers[name] = value
            return response

        return answer

    @staticmethod
    async def _answer(
        handler: Callable[[Request], Coroutine[Any, Any, Response]], request: Request, method: str, uri: str
    ) -> Response:
        if method in ("POST", "PUT", "PATCH") and not _json_body(request.headers.get("content-type")):
            text = "Send the body as application/json"
            return error_response(method, uri, 415, [DetailedError(7009, text)], "Unsupported media type")
        try:
            response = await handler(request)
        except RequestValidationError as error:
            return error_response(method, uri, 400, schema_errors(list(error.errors())), "Invalid body")
        except BookingContentRefused as error:
            return error_response(method, uri, 400, error.errors, "The booking cannot be taken as sent")
        except TooManyAttempts as error:
            retry = {"Retry-After": str(error.retry_after)} if error.retry_after else {}
            return error_response(method, uri, 429, [DetailedError(7011, error.description)], None, retry)
        except DomainError as error:
            status = http_status(error)
            # A reused idempotency key is a 409 the standard counts as a bad request (7004).
            code = 7004 if isinstance(error, KeyReused) else refusal_code(status, 7004)
            fields = error.fields if isinstance(error, ValidationFailed) else {}
            details = [DetailedError(code, m, field_path(k) if k else None) for k, m in fields.items()]
            return error_response(
                method,
                uri,
                status,
                details or [DetailedError(code, error.description)],
                error.description,
            )
        except RecordConflictError:
            text = "Somebody else changed this booking at the same time; read it again and retry"
            return error_response(method, uri, 409, [DetailedError(7005, text)], text)
        except HTTPException as error:
            if error.status_code == 400:  # only reading the body raises a 400 on this door
                status, detail = unread_body(request.headers, error)
                return error_response(method, uri, status, [detail], detail.message)
            text = str(error.detail)
            return error_response(method, uri, error.status_code, [DetailedError(7002, text)], text)
        except Exception:
            log.exception("unhandled error on %s %s", method, uri)
            return error_response(method, uri, 500, [DetailedError(7099, "Internal error")], "Internal error")
        return response


def _json_body(content_type: str | None) -> bool:
    """A JSON media type (`application/json`, `application/...+json`); a body-less call sends none."""
    if content_type is None:
        return True
    kind = content_type.split(";", 1)[0].strip().lower()
    return kind == "application/json" or (kind.startswith("application/") and kind.endswith("+json"))


# The failures the booking and bill-of-lading doors answer (and document) in their standard's error model.
DOOR_STATUSES = (400, 401, 403, 404, 409, 413, 415, 500, 503)

router = door_router(
    prefix="/v2",
    tag="dcsa-booking",
    route_class=DcsaRoute,
    error_model=ErrorResponse,
    statuses=DOOR_STATUSES,
    operations="dcsa",
)

ApiVersion = Annotated[str | None, Header(alias="API-Version", max_length=20)]


def major_version(value: str | None, served: str) -> None:
    """The standards: the header MAY be sent and then carries the MAJOR version only ("2" of `served`)."""
    if value is not None and value.strip().split(".", 1)[0] != served.split(".", 1)[0]:
        raise ValidationFailed({}, f"API-Version {value} is not served here; this is version {served}")


def _major_version(value: str | None) -> None:
    major_version(value, API_VERSION)


def _as_sent(body: CreateBooking | UpdateBooking) -> dict[str, Any]:
    document = body.model_dump(mode="json", by_alias=True, exclude_unset=True)
    # The references are the provider's to give; an update's copy of them is not content.
    document.pop("carrierBookingRequestReference", None)
    document.pop("carrierBookingReference", None)
    return document


def owned_booking(services: Services, reference: str, principal: Principal) -> dict[str, Any]:
    """The caller's own booking by its reference (another customer's reads as unknown)."""
    row = None
    with services.read_models.read() as tx:
        rate_request_id = rate_request_id_for(tx, reference)
        if rate_request_id is not None:
            row = dcsa_read.booking(tx, rate_request_id)
    if row is None or row["customer_id"] != company_account_id(principal):
        raise NotFound(f"No booking {reference}")
    return row


# A client that lost a create's answer retries with the same key and gets the one booking (as on the
# portal's own create); the same key with another body is refused, 409.
IdempotencyKey = Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)]


@router.post("/bookings", status_code=202, response_model=CreateBookingResponse)
def create_booking(
    body: CreateBooking,
    principal: IntegrationCustomer,
    services: ServicesDep,
    api_version: ApiVersion = None,
    idempotency_key: IdempotencyKey = None,
) -> Any:
    """Use case 1: a booking request, firm (the carrier confirms it with its charges, no step of the
    shipper's between). It becomes a rate request in `requested`, keeping what was sent."""
    _major_version(api_version)
    as_sent = _as_sent(body)
    outside = dates_outside_window(body)
    if outside:
        raise BookingContentRefused(outside)
    try:
        rate_request_id, position = services.booking.create_booking_request(
            principal.actor,
            customer_username(services, principal),
            booking_content(body, as_sent),
            request_key=idempotency_key,
            sailing=sailing_choice(body),
        )
    except ValidationFailed as error:
        raise BookingContentRefused(content_errors(error.fields, as_sent)) from error
    services.settle(position)
    row = owned_booking(services, str(rate_request_id), principal)
    return JSONResponse({"carrierBookingRequestReference": request_reference(row)}, status_code=202)


@router.get("/bookings/{bookingReference}", response_model=Booking)
async def get_booking(
    bookingReference: str,
    principal: IntegrationCustomer,
    services: ServicesDep,
    amendedContent: bool = Query(False),
    api_version: ApiVersion = None,
) -> Any:
    """A booking by its request reference or its booking reference (once confirmed); bookings made on the
    screens read back too."""
    _major_version(api_version)
    row = await off_loop(owned_booking, services, bookingReference, principal)
    if not amendedContent:
        document = dcsa_view.booking(row)
        if "carrierBookingReference" in document:  # confirmed: its transport plan and cut-offs
            terms = await off_loop(_sailing_terms, services, row["id"])
            said = terms.pop("feedbacks", [])
            document.update(terms)
            if said:
                document["feedbacks"] = [*(document.get("feedbacks") or []), *said]
        return JSONResponse(document)
    amendment = await off_loop(_amendment, services, row["id"])
    if amendment is None:
        raise NotFound("This booking has no amendment")
    return JSONResponse(dcsa_view.booking(row, amendment))


def _sailing_terms(services: Services, rate_request_id: str) -> dict[str, Any]:
    with services.read_models.read() as tx:
        found = sailing_of(tx, rate_request_id)
    return confirmed_sailing_terms(
        found["sailing"] if found else None, services.booking.estimates.cut_off_hours
    )


def _amendment(services: Services, rate_request_id: str) -> dict[str, Any] | None:
    with services.read_models.read() as tx:
        return dcsa_read.latest_amendment(tx, rate_request_id)


# The standard: an accepted update or cancellation answers 202 with an empty payload.
_ACCEPTED: dict[int | str, dict[str, Any]] = {
    202: {"description": "Accepted; the booking now awaits the provider's action", "content": None}
}


@router.put("/bookings/{bookingReference}", status_code=202, response_class=Response, responses=_ACCEPTED)
def update_booking(
    bookingReference: str,
    body: UpdateBooking,
    principal: IntegrationCustomer,
    services: ServicesDep,
    api_version: ApiVersion = None,
) -> Any:
    """Use case 3: an updated booking request, while the booking awaits the shipper's update or is still
    received and not yet accepted (the portal's edit: requested, quoted, revision requested); use case 7:
    on a confirmed booking, a request to amend it (`amendedBookingStatus` AMENDMENT_RECEIVED; the original
    stands until staff decide, and `GET ?amendedContent=true` answers the amendment as sent). An update
    reads UPDATE_RECEIVED until staff decide; a newer amendment replaces one still awaiting a decision. On a
    booking PENDING_AMENDMENT (use case 6: the carrier asked for an amendment, saying why in `feedbacks`),
    the amendment answers the ask: PENDING_AMENDMENT with AMENDMENT_RECEIVED until staff decide."""
    _major_version(api_version)
    row = owned_booking(services, bookingReference, principal)
    as_sent = _as_sent(body)
    outside = dates_outside_window(body)
    if outside:
        raise BookingContentRefused(outside)
    try:
        position = services.booking.update_booking_request(
            row["id"], principal.actor, booking_content(body, as_sent), sailing=sailing_choice(body)
        )
    except ValidationFailed as error:
        raise BookingContentRefused(content_errors(error.fields, as_sent)) from error
    except IllegalTransition:  # the aggregate decides; the door says it in the standard's terms
        raise Conflict(_not_updated(row)) from None
    services.settle(position)
    return Response(status_code=202)


# The lifecycle's facts of a state (state-machines/rate_request.json): closed, and the customer's screen.
_REQUESTS = lifecycle("rate_request")


def _not_updated(row: dict[str, Any]) -> str:
    """Why an update is refused, in words that agree with the status the booking reads: RECEIVED after the
    price was accepted (the booking request step) is not a state that takes the standard's update."""
    status, state = dcsa_view.status_of(row), row["state_name"]
    if _REQUESTS.fact(state, "screen") == "booking_request":
        return (
            f"This booking is {status} with its price accepted: the booking request is with the carrier for"
            " confirmation and is not updated meanwhile; once it is CONFIRMED, send the change as an"
            " amendment, or cancel the request with bookingStatus CANCELLED"
        )
    if _REQUESTS.fact(state, "final"):
        return f"This booking is already {status} and closed: it is no longer updated or amended"
    return f"This booking is {status}: it is no longer updated or amended"


def _not_cancelled(row: dict[str, Any]) -> str:
    """Why `bookingStatus: CANCELLED` is refused: a confirmed booking's cancellation is asked for (use case
    13), as the standard's 409 for this case should say; a closed one has nothing left to cancel."""
    status = dcsa_view.status_of(row)
    if status in ("CONFIRMED", "PENDING_AMENDMENT"):
        return (
            f"This booking is {status}: ask to cancel it with bookingCancellationStatus CANCELLATION_RECEIVED"
        )
    if _REQUESTS.fact(row["state_name"], "final"):
        return f"This booking is already {status} and closed: there is nothing left to cancel"
    return f"This booking is {status}: it is no longer cancelled"


# The one value each of the standard's three cancellations may set.
_CANCEL = {
    "bookingStatus": "CANCELLED",
    "amendedBookingStatus": "AMENDMENT_CANCELLED",
    "bookingCancellationStatus": "CANCELLATION_RECEIVED",
}


@router.patch("/bookings/{bookingReference}", status_code=202, response_class=Response, responses=_ACCEPTED)
def cancel_booking(
    bookingReference: str,
    body: CancelBookingRequest,
    principal: IntegrationCustomer,
    services: ServicesDep,
    api_version: ApiVersion = None,
) -> Any:
    """Use case 11, `bookingStatus: CANCELLED`: the shipper cancels the booking before it is confirmed
    (409 once confirmed). Use case 9, `amendedBookingStatus: AMENDMENT_CANCELLED`: the shipper withdraws
    its amendment awaiting a decision (404 when there is none). Use case 13, `bookingCancellationStatus:
    CANCELLATION_RECEIVED`: the shipper asks to cancel a confirmed booking, which staff confirm or decline
    (409 before confirmation)."""
    _major_version(api_version)
    row = owned_booking(services, bookingReference, principal)
    request = body.root
    name = next(key for key in _CANCEL if key in request.model_fields_set)
    if getattr(request, name) != _CANCEL[name]:
        raise ValidationFailed({name: f"Only {_CANCEL[name]} may be set"})
    reason = (request.reason or "").strip()
    booking = services.booking
    if name == "bookingStatus":
        try:
            position = booking.cancel_request(row["id"], principal.actor, reason or None)
        except IllegalTransition:
            raise Conflict(_not_cancelled(row)) from None
    elif name == "amendedBookingStatus":
        try:
            position = booking.withdraw_amendment(row["id"], principal.actor)
        except (ValidationFailed, IllegalTransition):  # no amendment open: none, or the last one decided
            raise NotFound("This booking has no amendment awaiting a decision") from None
    else:
        # The aggregate decides; the door says it in the standard's terms.
        try:
            position = booking.request_confirmed_cancellation(row["id"], principal.actor, reason)
        except IllegalTransition:
            raise Conflict(
                "Only a confirmed booking's cancellation is requested; cancel a booking request with"
                " bookingStatus CANCELLED"
            ) from None
        except ValidationFailed as error:  # one change at a time, or the cargo has sailed
            raise Conflict("; ".join(error.fields.values())) from None
    services.settle(position)
    return Response(status_code=202)

"""/booking/api/v1/client/address-book: the parties a customer saves (shipper, consignee, notify party) and
chooses on a shipping order instead of typing them again; and "book again", a new booking from an old one.

An address book belongs to an account: `_book_owner` says which one the caller's is, in one place, so that
the company a team member works for can own the book its members share.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header
from fastapi.responses import Response

from api.bootstrap import Services
from api.edge.deps import CommandDep, CustomerUser, ServicesDep, read_answer
from api.edge.envelope import success
from api.edge.identity import company_account_id, customer_username
from api.edge.security import Principal
from api.fresh_answers import rate_request_answer
from api.openapi import operation_ids
from api.presenters.keys import wire_row, wire_rows
from api.schemas.address_book import AddressBookBody, AddressBookEntry, AddressBookRemoved, CopyBody
from api.schemas.booking import RateRequestDetail
from api.schemas.envelope import Envelope, Listed, error_responses
from domain.shared.refusal_words import not_found
from projections import address_book as read

router = APIRouter(
    prefix="/booking/api/v1/client", tags=["booking"], generate_unique_id_function=operation_ids("booking")
)


# As on `POST /rate-requests`: a retried copy with the same key answers the one booking it made.
IdempotencyKey = Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)]


def _book_owner(principal: Principal) -> str:
    """The account whose address book the caller works in: a team member shares the company's."""
    return company_account_id(principal)


def _entries(services: Services, account_id: str) -> dict[str, Any]:
    with services.read_models.read() as tx:
        rows = read.parties_of(tx, account_id)
    return {"list": wire_rows(AddressBookEntry, rows), "totalCount": len(rows)}


def _entry(services: Services, account_id: str, entry_id: str) -> dict[str, Any]:
    with services.read_models.read() as tx:
        row = read.party_of(tx, account_id, entry_id)
    if row is None:
        raise not_found("address_book_entry")
    return wire_row(AddressBookEntry, row)


@router.get("/address-book", response_model=Envelope[Listed[AddressBookEntry]])
async def list_address_book(principal: CustomerUser, services: ServicesDep) -> Response:
    """The account's saved parties, by name."""
    return await read_answer(_entries, services, _book_owner(principal))


@router.post("/address-book", status_code=201, response_model=Envelope[AddressBookEntry])
def save_party(
    body: AddressBookBody, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Response:
    owner = _book_owner(principal)
    entry_id = command.creating(services.booking.save_party, owner, body.draft(), principal.actor)
    return success(_entry(services, owner, str(entry_id)), status_code=201)


@router.put("/address-book/{id}", response_model=Envelope[AddressBookEntry])
def change_party(
    id: str, body: AddressBookBody, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Response:
    owner = _book_owner(principal)
    command(services.booking.change_party, id, owner, body.draft(), principal.actor)
    return success(_entry(services, owner, id))


@router.delete("/address-book/{id}", response_model=Envelope[AddressBookRemoved])
def remove_party(id: str, principal: CustomerUser, services: ServicesDep, command: CommandDep) -> Response:
    command(services.booking.remove_party, id, _book_owner(principal), principal.actor)
    return success({"id": id, "done": True})


@router.post(
    "/rate-requests/{id}/copy",
    status_code=201,
    response_model=Envelope[RateRequestDetail],
    responses=error_responses(404),
)
def copy_rate_request(
    id: str,
    principal: CustomerUser,
    services: ServicesDep,
    command: CommandDep,
    body: CopyBody | None = None,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """Book again: a new booking waiting for a price, with the lane, containers and cargo of one of the
    caller's own bookings and a reference of its own, made as `POST /rate-requests` makes one (every check
    of a new booking applies). The sailing is not copied; `preferredShippingDate` replaces the original's
    date, which is refused once it has passed."""
    copied_id, position = command.answering_created(
        services.booking.copy_rate_request,
        id,
        principal.actor,
        customer_username(services, principal),
        body.preferred_shipping_date if body else None,
        request_key=idempotency_key,
    )
    answer = rate_request_answer(services, str(copied_id), principal, position, created=True)
    return success(answer, status_code=201)

"""The one dispatcher of staff's actions on a booking: a route per row of `contract/staff-actions.json`.

Each row gives the route's path, function name (its operation id), body, permission and answer; the
dispatcher turns the body into the booking application's arguments and runs the row's command (or, for a
staff decision with a reason and no command of its own, the rate request's `staff_said` for the row's
trigger), answering as every rate-request step answers (`api/fresh_answers.py`). The console draws its buttons
from the same rows, so a route and its button cannot drift apart.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel

from api.bootstrap import Services
from api.edge.deps import AdminUser, Command, CommandDep, ServicesDep
from api.edge.envelope import success
from api.edge.security import Principal
from api.fresh_answers import rate_request_step
from api.schemas.booking import RateRequestDetail, ShippingOrder
from api.schemas.booking_admin import (
    ConfirmRequestBody,
    MessageBody,
    OrderAcceptBody,
    OrderRevisionBody,
    QuoteBody,
    valid_until,
)
from api.schemas.envelope import Envelope
from api.schemas.sailings import ConfirmBookingBody
from api.schemas.tariffs import ChargeBody
from domain.booking.charges import ChargeDraft
from domain.booking.staff_actions import STAFF_ACTIONS, StaffAction

Arguments = tuple[tuple[Any, ...], dict[str, Any]]


def _charges(given: list[ChargeBody] | None) -> list[ChargeDraft]:
    return [ChargeDraft(c.code, c.amount) for c in given or []]


def _quote(body: QuoteBody) -> Arguments:
    sailing = body.sailing.choice() if body.sailing else None
    until = valid_until(body.valid_until)
    return (body.price, until), {
        "sailing": sailing,
        "charges": _charges(body.charges),
        "seen": body.seen(),
        "read_at": body.seen_updated_at,
    }


def _message(body: MessageBody) -> Arguments:
    return (body.message,), {"read_at": body.seen_updated_at}


def _confirm_booking(body: ConfirmBookingBody | None) -> Arguments:
    sailing = body.sailing.choice() if body is not None and body.sailing is not None else None
    return (sailing,), {"read_at": body.seen_updated_at if body is not None else None}


def _accept_order(body: OrderAcceptBody | None) -> Arguments:
    return (), {"read_at": body.seen_updated_at if body is not None else None}


def _confirm_request(body: ConfirmRequestBody | None) -> Arguments:
    given = body or ConfirmRequestBody()
    until = valid_until(given.valid_until) if given.valid_until else None
    sailing = given.sailing.choice() if given.sailing is not None else None
    return (given.price, until), {
        "sailing": sailing,
        "charges": _charges(given.charges),
        "read_at": given.seen_updated_at,
    }


def _order_revision(body: OrderRevisionBody) -> Arguments:
    return (body.revise, body.edited_order), {"read_at": body.seen_updated_at}


# A row's body (by its model's name): the model and how it becomes the command's arguments.
BODIES: dict[str, tuple[type[BaseModel], Callable[[Any], Arguments]]] = {
    "QuoteBody": (QuoteBody, _quote),
    "MessageBody": (MessageBody, _message),
    "ConfirmBookingBody": (ConfirmBookingBody, _confirm_booking),
    "ConfirmRequestBody": (ConfirmRequestBody, _confirm_request),
    "OrderRevisionBody": (OrderRevisionBody, _order_revision),
    "OrderAcceptBody": (OrderAcceptBody, _accept_order),
}

# Who may call a row's route, by its `permission`.
PERMISSIONS: dict[str, Any] = {"staff": AdminUser}

ANSWERS: dict[str, type[BaseModel]] = {"RateRequestDetail": RateRequestDetail, "ShippingOrder": ShippingOrder}

OrderAnswer = Callable[[Services, str], dict[str, Any]]


def _runner(action: StaffAction, order_answer: OrderAnswer) -> Callable[..., Response]:
    convert = BODIES[action.body.model][1] if action.body else None

    def run(
        id: str, principal: Principal, services: Services, command: Command, body: Any = None
    ) -> Response:
        args, kwargs = convert(body) if convert else ((), {})
        if action.answer == "ShippingOrder":
            command(getattr(services.booking, str(action.command)), id, principal.actor, *args, **kwargs)
            order = services.booking.shipping_order(id, principal.actor)
            return success(order_answer(services, order.rate_request_id))
        if action.command is None:
            step: Callable[..., int | None] = services.booking.staff_said
            args = (action.trigger, *args)
        else:
            step = getattr(services.booking, action.command)
        return rate_request_step(command, step, services, id, principal, *args, **kwargs)

    return run


def _endpoint(action: StaffAction, order_answer: OrderAnswer) -> Callable[..., Response]:
    """The row's route function, with the signature FastAPI reads (path id, body, who, services, command)."""
    run = _runner(action, order_answer)

    def endpoint(**given: Any) -> Response:
        return run(given["id"], given["principal"], given["services"], given["command"], given.get("body"))

    keyword = inspect.Parameter.KEYWORD_ONLY
    parameters = [inspect.Parameter("id", keyword, annotation=str)]
    if action.body is not None:
        model = BODIES[action.body.model][0]
        if action.body.optional:
            parameters.append(inspect.Parameter("body", keyword, annotation=model | None, default=None))
        else:
            parameters.append(inspect.Parameter("body", keyword, annotation=model))
    parameters += [
        inspect.Parameter("principal", keyword, annotation=PERMISSIONS[action.permission]),
        inspect.Parameter("services", keyword, annotation=ServicesDep),
        inspect.Parameter("command", keyword, annotation=CommandDep),
    ]
    endpoint.__signature__ = inspect.Signature(parameters, return_annotation=Response)  # type: ignore[attr-defined]
    endpoint.__name__ = endpoint.__qualname__ = action.name
    endpoint.__doc__ = action.doc
    return endpoint


def register(router: APIRouter, order_answer: OrderAnswer) -> None:
    """Adds every row's route to the staff router (`order_answer`: a shipping order's answer, staff's view
    of its booking's order)."""
    for action in STAFF_ACTIONS:
        router.add_api_route(
            action.route,
            _endpoint(action, order_answer),
            methods=["PUT"],
            response_model=Envelope[ANSWERS[action.answer]],  # type: ignore[valid-type,name-defined]
            name=action.name,
        )

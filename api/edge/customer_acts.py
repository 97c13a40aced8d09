"""The role checks of the portal's doors that do a customer's act of a lifecycle: staff calling one are told
the act they may not do in its lifecycle file's words ("Staff may not withdraw the update of a shipping
order", in Persian from the file's `labelFa`), as every customer-only act of a lifecycle refuses them
(decision 3847). A door that is no one act (a read, the address book, a key) keeps `CustomerUser`."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from api.edge.deps import customer_to
from api.edge.security import Principal

RequestsRate = Annotated[Principal, Depends(customer_to("rate_request", "create"))]
EditsRateRequest = Annotated[Principal, Depends(customer_to("rate_request", "edit"))]
AcceptsPrice = Annotated[Principal, Depends(customer_to("rate_request", "accept_price"))]
DeclinesPrice = Annotated[Principal, Depends(customer_to("rate_request", "cancel_price"))]
WithdrawsRateRequest = Annotated[Principal, Depends(customer_to("rate_request", "withdraw"))]
SubmitsBookingRequest = Annotated[Principal, Depends(customer_to("rate_request", "submit_booking_request"))]

CreatesOrder = Annotated[Principal, Depends(customer_to("shipping_order", "create"))]
EditsOrder = Annotated[Principal, Depends(customer_to("shipping_order", "edit"))]
ResubmitsOrder = Annotated[Principal, Depends(customer_to("shipping_order", "resubmit"))]
CancelsOrder = Annotated[Principal, Depends(customer_to("shipping_order", "cancel"))]
WithdrawsOrderUpdate = Annotated[Principal, Depends(customer_to("shipping_order", "cancel_update"))]
ApprovesOrder = Annotated[Principal, Depends(customer_to("shipping_order", "approve"))]

REQUESTS_AMENDMENT = customer_to("booking_amendment", "request")
ACCEPTS_AMENDED_PRICE = customer_to("booking_amendment", "accept_price")
WITHDRAWS_AMENDMENT = customer_to("booking_amendment", "withdraw")
REQUESTS_CANCELLATION = customer_to("booking_cancellation", "request")
WITHDRAWS_CANCELLATION = customer_to("booking_cancellation", "withdraw")
RequestsAmendment = Annotated[Principal, Depends(REQUESTS_AMENDMENT)]
RequestsCancellation = Annotated[Principal, Depends(REQUESTS_CANCELLATION)]

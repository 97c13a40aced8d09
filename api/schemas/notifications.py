"""/notification/api/v1/notifications: the caller's notifications."""

from __future__ import annotations

from typing import Literal

from api.mapping import NOTIFICATION_PAGE
from api.schemas.wire_model import WireModel, wire_keys


class MarkBody(WireModel):
    notification_id: str


class NotificationSubject(WireModel):
    """What the notification opens: a rate request (by id), a registration or an edit request (by the
    identity number the staff paths take), with the booking reference where there is one."""

    kind: Literal["rate_request", "registration", "edit_request"]
    id: str
    reference: str | None


class Notification(WireModel):
    id: str
    # In the request's `Accept-Language` where the notice was worded in it, else as it was written.
    title: str
    message: str
    is_read: bool
    created_at: str
    subject: NotificationSubject | None


class NotificationList(WireModel):
    list: list[Notification]


class NotificationData(WireModel):
    # `costumerlNotificationDetails` on the wire (api/mapping.py's NOTIFICATION_PAGE).
    model_config = wire_keys(NOTIFICATION_PAGE)
    customer_notification_details: NotificationList
    total_count: int
    not_seen_count: int


class NotificationPage(WireModel):
    data: NotificationData


class MarkedRead(WireModel):
    id: str
    is_read: bool

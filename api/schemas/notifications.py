"""/notification/api/v1/notifications: the caller's notifications."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class MarkBody(BaseModel):
    notificationId: str


class NotificationSubject(BaseModel):
    """What the notification opens: a rate request (by id), a registration or an edit request (by the
    identity number the staff paths take), with the booking reference where there is one."""

    kind: Literal["rate_request", "registration", "edit_request"]
    id: str
    reference: str | None


class Notification(BaseModel):
    id: str
    title: str
    message: str
    isRead: bool
    createdAt: str
    subject: NotificationSubject | None


class NotificationList(BaseModel):
    list: list[Notification]


class NotificationData(BaseModel):
    # `costumerlNotificationDetails` is the specification's spelling of the wire key.
    customerNotificationDetails: NotificationList = Field(alias="costumerlNotificationDetails")
    totalCount: int
    notSeenCount: int


class NotificationPage(BaseModel):
    data: NotificationData


class MarkedRead(BaseModel):
    id: str
    isRead: bool

"""/notification/api/v1/notifications: the caller's notifications."""

from __future__ import annotations

from pydantic import BaseModel, Field


class MarkBody(BaseModel):
    notificationId: str


class Notification(BaseModel):
    id: str
    title: str
    message: str
    isRead: bool
    createdAt: str


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

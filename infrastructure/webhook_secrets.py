"""The secrets a webhook delivery is signed with, newest first: the subscription's own (opened from its
sealed form) and, while a rotation's overlap lasts, the previous one too. A subscription older than its own
secrets is signed with the one derived for it (`legacy`) until it is rotated."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from infrastructure.secret_box import SecretBox


def _text(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")[:26] + "Z"


class DeliverySecrets:
    def __init__(self, box: SecretBox, legacy: Callable[[str], str]) -> None:
        self.box = box
        self.legacy = legacy

    def __call__(self, delivery: dict[str, Any], now: datetime | None = None) -> list[str]:
        current = delivery.get("sealed_secret")
        found = [self.box.open(current) if current else self.legacy(delivery["subscription_id"])]
        until = delivery.get("previous_valid_until")
        if until and until > _text(now or datetime.now(UTC)):
            previous = delivery.get("previous_sealed_secret")
            found.append(self.box.open(previous) if previous else self.legacy(delivery["subscription_id"]))
        return found

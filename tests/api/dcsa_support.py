"""Helpers of the DCSA tests: the standard's schemas as validators, its samples, a loopback receiver."""

from __future__ import annotations

import copy
import json
import threading
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

from api.bootstrap import Services
from tests.api.booking_support import ADMIN, ok
from tests.api.dcsa_document import document_validator
from tests.app_services import services_of

# The standard and its samples live in the repository (contract/dcsa, with LICENSE): a clone stands alone.
DCSA_DIR = Path(__file__).resolve().parents[2] / "contract" / "dcsa"
SAMPLES = ("booking-regular", "booking-reefer", "booking-dg")
_URI = "urn:dcsa:bkg:2.0.5"


# Raises unless an instance is valid against the DCSA document's `components/schemas/<name>`.
validate = document_validator(DCSA_DIR / "BKG_v2.0.5.yaml", _URI)


def rate_request_id(client: Any, reference: str) -> str:
    """The portal's id of the booking a DCSA reference names (portal paths take ids)."""
    from api.dcsa.booking.reference import rate_request_id_for

    with services_of(client).read_models.read() as tx:
        found = rate_request_id_for(tx, reference)
    assert found is not None, reference
    return found


def sample(name: str) -> dict[str, Any]:
    return copy.deepcopy(json.loads((DCSA_DIR / "samples" / f"{name}.json").read_text(encoding="utf-8")))


def confirmed_dcsa_booking(
    client: Any, who: dict[str, str], admin: dict[str, str], body: dict[str, Any] | None = None
) -> str:
    """A booking `who` made through the standard's door (the regular sample unless `body`), confirmed: its
    carrierBookingRequestReference. A firm request: staff quote and confirm it in one act."""
    answer = client.post(
        "/v2/bookings", json=sample("booking-regular") if body is None else body, headers=who
    )
    assert answer.status_code == 202, answer.text
    reference = str(answer.json()["carrierBookingRequestReference"])
    rid = rate_request_id(client, reference)
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin, json={"price": 900}))
    return reference


def dcsa_error(answer: Any, status: int) -> list[dict[str, Any]]:
    """The DCSA error body of a failed /v2 call, validated against the standard's ErrorResponse."""
    assert answer.status_code == status, answer.text
    body = answer.json()
    validate(body, "ErrorResponse")
    assert body["statusCode"] == status
    assert "isSuccess" not in body
    return list(body["errors"])


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> dict[str, Any]:
        return dict(json.loads(self.body))

    def signed_by(self, secret: str) -> bool:
        """Verified by the Standard Webhooks specification's own library (signature, id and timestamp)."""
        try:
            Webhook(secret).verify(self.body, self.headers)
        except WebhookVerificationError:
            return False
        return True


@dataclass
class Receiver:
    """A loopback HTTP server standing in for an integrator's system; answers `statuses` in turn, then 204."""

    url: str
    received: list[Received] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)


def _handler(receiver: Receiver) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("content-length", "0")))
            receiver.received.append(
                Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
            )
            status = receiver.statuses.pop(0) if receiver.statuses else 204
            self.send_response(status)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *_: Any) -> None:
            pass

    return Handler


def receiver() -> Generator[Receiver, None, None]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(Receiver("")))
    found = Receiver(f"http://127.0.0.1:{server.server_address[1]}/hooks")
    server.RequestHandlerClass = _handler(found)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield found
    finally:
        server.shutdown()
        server.server_close()


@dataclass(frozen=True)
class Held:
    """An app whose webhook sender is stopped (fixture `held`): its client and services."""

    client: TestClient
    services: Services


def eventually(check: Callable[[], Any], timeout: float = 20.0) -> Any:
    """The first truthy result of `check` (the receiver hears a follower's work later), or the last one."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result or time.monotonic() > deadline:
            return result
        time.sleep(0.05)

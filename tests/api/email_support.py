"""E-mail in the API tests: the customer's e-mails in the outbox, and a real SMTP server (`smtp_server`, a
fixture of tests/api/conftest.py) with an app that sends through it."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from api.main import create_app
from tests.api.accounts_support import outbox, settle
from tests.api.booking_support import CLIENT, customer, ok, quoted
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login, make_settings

PREFERENCES = "/account/api/v1/client/email-preferences"


def someone(client: TestClient, name: str) -> tuple[dict[str, str], str]:
    address = f"{name}@shipper.example"
    return customer(client, name, {"email": address, "name": name}), address


def mails(client: TestClient, address: str) -> list[dict[str, Any]]:
    return [m for m in outbox(client) if m["channel"] == "email" and m["to"] == address]


def reference_of(client: TestClient, headers: dict[str, str], rid: str) -> str:
    return str(ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers))["reference"])


class Inbox:
    def __init__(self) -> None:
        self.received: list[EmailMessage] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(parsed, EmailMessage)
        self.received.append(parsed)
        return "250 OK"


@contextmanager
def running_smtp_server() -> Iterator[tuple[int, Inbox]]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield port, inbox
    finally:
        controller.stop()


@contextmanager
def smtp_app(var_dir: Path, port: int, **more: Any) -> Iterator[tuple[TestClient, dict[str, str]]]:
    """An app (on SQLite in `var_dir`) sending its e-mails to the SMTP server on `port`, and its admin's
    headers; `more` are more settings (the SMTP path's sender unless SMTP_URL is given)."""
    update = {"SMTP_URL": f"smtp://127.0.0.1:{port}/bookings@freight.example", **more}
    settings = make_settings(var_dir).model_copy(update=update)
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        yield client, login(client, ADMIN_USERNAME, ADMIN_PASSWORD)


def quote_mailed(client: TestClient, admin: dict[str, str], headers: dict[str, str]) -> tuple[str, str]:
    """A rate request of the customer's quoted (the quote-ready e-mail sent): its id and reference."""
    rid = quoted(client, headers, admin)
    settle(client)
    return rid, reference_of(client, headers, rid)


def the_one_mail(inbox: Inbox) -> tuple[EmailMessage, str, str]:
    """The one e-mail the server received, with its plain text and its HTML."""
    assert len(inbox.received) == 1, [mail["Subject"] for mail in inbox.received]
    return (mail := inbox.received[0]), *parts(mail)


def parts(mail: EmailMessage) -> tuple[str, str]:
    """The plain text and the HTML of a multipart/alternative e-mail."""
    assert mail.get_content_type() == "multipart/alternative"
    text = mail.get_body(("plain",))
    html = mail.get_body(("html",))
    assert text is not None and html is not None
    return str(text.get_content()), str(html.get_content())

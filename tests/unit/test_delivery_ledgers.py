"""Delivery adapters shared by processes: the outbox holds an id once whoever appends it; SMTP writes its
attempt before calling the relay and repeats an unconfirmed attempt with the same Message-ID."""

from __future__ import annotations

import json
import smtplib
from pathlib import Path
from typing import Any

import pytest

from domain.accounts.messages import EMAIL, SMS, Message
from infrastructure.delivery import OutboxFile, SmtpEmail


def message(index: int, channel: str = SMS) -> Message:
    return Message(f"m{index}:1:{channel}", channel, "someone", "Subject", f"body {index}")


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_two_processes_outboxes_on_one_file_hold_each_id_once(tmp_path: Path) -> None:
    path = tmp_path / "outbox.jsonl"
    first, second = OutboxFile(path), OutboxFile(path)  # two processes: own memory, one file
    for index in range(5):
        first.send(message(index))
    for index in range(3, 8):
        second.send(message(index))
    first.send(message(7))
    assert [record["id"] for record in lines(path)] == [message(i).id for i in range(8)]


def test_a_torn_last_line_is_sent_again_on_a_line_of_its_own(tmp_path: Path) -> None:
    path = tmp_path / "outbox.jsonl"
    OutboxFile(path).send(message(1))
    with path.open("a") as out:
        out.write('{"id": "m2:1:sms", "chan')  # a crash mid-append
    OutboxFile(path).send(message(2))
    ids = []
    for line in path.read_text().splitlines():
        try:
            ids.append(json.loads(line)["id"])
        except ValueError:
            continue
    assert ids == [message(1).id, message(2).id]


class FlakyRelay:
    sent: list[str] = []
    fail = True

    def __init__(self, *_: Any, **__: Any) -> None:
        pass

    def __enter__(self) -> FlakyRelay:
        return self

    def __exit__(self, *_: Any) -> None:
        pass

    def ehlo(self) -> None:
        pass

    def has_extn(self, _: str) -> bool:
        return False

    def send_message(self, mail: Any) -> None:
        if FlakyRelay.fail:
            raise smtplib.SMTPServerDisconnected("relay went away")
        FlakyRelay.sent.append(mail["Message-ID"])


def test_smtp_records_its_attempt_before_sending_and_retries_with_the_same_message_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(smtplib, "SMTP", FlakyRelay)
    ledger = tmp_path / "smtp-sent.jsonl"
    mail = message(1, EMAIL)
    with pytest.raises(smtplib.SMTPServerDisconnected):
        SmtpEmail("smtp://relay:25", ledger, domain="freight.example.com").send(mail)
    assert [(r["id"], r["state"]) for r in lines(ledger)] == [(mail.id, "attempt")]

    FlakyRelay.fail = False
    # another process, or this one after a restart
    again = SmtpEmail("smtp://relay:25", ledger, domain="freight.example.com")
    again.send(mail)
    again.send(mail)  # confirmed: not sent a third time
    assert FlakyRelay.sent == ["<m1.1.email@freight.example.com>"]
    assert [r["state"] for r in lines(ledger)] == ["attempt", "attempt", "sent"]

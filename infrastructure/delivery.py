"""Adapters of the delivery port (domain/accounts/messages.py): the outbox file, and SMTP for e-mail.

The outbox appends one JSON object a line to VAR_DIR/outbox.jsonl and skips an id it holds already, so a crash
between sending and the policy's tracking never sends twice. With SMTP_URL set, e-mail goes by SMTP (each
message's id becomes its Message-ID and a ledger of sent ids stops repeats); SMS stays in the outbox.
"""

from __future__ import annotations

import json
import os
import smtplib
import threading
from email.message import EmailMessage
from pathlib import Path
from urllib.parse import unquote, urlparse

from domain.accounts.messages import EMAIL, Delivery, Message


class _IdLedger:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock = threading.Lock()
        self.ids: set[str] = set()
        if path.exists():
            with path.open(encoding="utf-8") as lines:
                for line in lines:
                    line = line.strip()
                    if not line:
                        continue
                    try:
                        self.ids.add(str(json.loads(line)["id"]))
                    except (ValueError, KeyError, TypeError):
                        continue  # a torn last line after a crash: its message is sent again

    def append(self, record: dict[str, object]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
            out.flush()
            os.fsync(out.fileno())
        self.ids.add(str(record["id"]))


class OutboxFile:
    """Default adapter: developers, tests and demos read the messages from the file."""

    def __init__(self, path: Path) -> None:
        self.ledger = _IdLedger(path)
        self.path = path

    def send(self, message: Message) -> None:
        with self.ledger.lock:
            if message.id in self.ledger.ids:
                return
            self.ledger.append(message.as_json())


class SmtpEmail:
    """E-mail through SMTP_URL: smtp://user:password@host:port (STARTTLS when offered) or smtps://..."""

    def __init__(self, url: str, ledger_path: Path, sender: str = "no-reply@freight.local") -> None:
        parsed = urlparse(url)
        self.ssl = parsed.scheme == "smtps"
        self.host = parsed.hostname or "localhost"
        self.port = parsed.port or (465 if self.ssl else 25)
        self.user = unquote(parsed.username) if parsed.username else None
        self.password = unquote(parsed.password) if parsed.password else None
        self.sender = unquote(parsed.path.lstrip("/")) or sender
        self.ledger = _IdLedger(ledger_path)

    def send(self, message: Message) -> None:
        with self.ledger.lock:
            if message.id in self.ledger.ids:
                return
            mail = EmailMessage()
            mail["From"] = self.sender
            mail["To"] = message.to
            mail["Subject"] = message.subject
            mail["Message-ID"] = f"<{message.id.replace(':', '.')}@freight>"
            mail.set_content(message.body)
            smtp_class = smtplib.SMTP_SSL if self.ssl else smtplib.SMTP
            with smtp_class(self.host, self.port, timeout=30) as smtp:
                if not self.ssl:
                    smtp.ehlo()
                    if smtp.has_extn("starttls"):
                        smtp.starttls()
                if self.user:
                    smtp.login(self.user, self.password or "")
                smtp.send_message(mail)
            self.ledger.append({"id": message.id, "channel": message.channel})


class ByChannel:
    def __init__(self, default: Delivery, email: Delivery | None = None) -> None:
        self.default = default
        self.email = email

    def send(self, message: Message) -> None:
        target = self.email if message.channel == EMAIL and self.email is not None else self.default
        target.send(message)


def delivery_from_settings(var_dir: Path, smtp_url: str | None) -> ByChannel:
    outbox = OutboxFile(var_dir / "outbox.jsonl")
    email = SmtpEmail(smtp_url, var_dir / "smtp-sent.jsonl") if smtp_url else None
    return ByChannel(outbox, email)

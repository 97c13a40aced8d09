"""Adapters of the delivery port (domain/accounts/messages.py): the outbox file, and SMTP for e-mail.

The outbox appends one JSON object a line to VAR_DIR/outbox.jsonl and skips an id it holds already, so a crash
between sending and the policy's tracking never sends twice. Several processes may share the file (a follower
and its standby on one volume): each append happens under an exclusive file lock after reading what the others
appended since, so the file holds an id once whoever wrote it. With SMTP_URL set, e-mail goes by SMTP: the
attempt is written to the ledger (durably) before the relay is called and the send afterwards; a repeat of an
attempt that never confirmed goes out with the same Message-ID, which relays that deduplicate drop.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import smtplib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import IO
from urllib.parse import unquote, urlparse

from domain.accounts.messages import EMAIL, Delivery, Message
from infrastructure.private_files import private_file

log = logging.getLogger(__name__)

ATTEMPT = "attempt"


class _IdLedger:
    """A JSON-lines file of records keyed by id, shared by processes: read incrementally, appended under
    an exclusive `flock`. `ids` maps each id to the `state` of its last record (None when it has none)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock = threading.Lock()
        self.ids: dict[str, str | None] = {}
        self._read_to = 0

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        """This process's and every other process's appends wait; the ids others wrote are read first."""
        private_file(self.path)  # live reset links and codes: the owner's eyes only
        with self.lock, self.path.open("a+b") as file:
            fcntl.flock(file.fileno(), fcntl.LOCK_EX)
            try:
                self._catch_up(file)
                yield
            finally:
                fcntl.flock(file.fileno(), fcntl.LOCK_UN)

    def _catch_up(self, file: IO[bytes]) -> None:
        file.seek(self._read_to)
        for line in file:
            if not line.endswith(b"\n"):
                break  # a torn last line after a crash: its message is sent again
            self._read_to += len(line)
            try:
                record = json.loads(line)
                self.ids[str(record["id"])] = record.get("state")
            except (ValueError, KeyError, TypeError):
                continue

    def append(self, record: dict[str, object]) -> None:
        """Durably add `record` (call inside `exclusive()`)."""
        with self.path.open("ab") as out:
            if self._read_to != out.seek(0, os.SEEK_END):
                out.write(b"\n")  # after a torn line, start a fresh one
            data = (json.dumps(record, ensure_ascii=False) + "\n").encode()
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
            self._read_to = out.tell()
        state = record.get("state")
        self.ids[str(record["id"])] = state if isinstance(state, str) else None


class OutboxFile:
    """Default adapter: developers, tests and demos read the messages from the file."""

    def __init__(self, path: Path) -> None:
        self.ledger = _IdLedger(path)
        self.path = path

    def send(self, message: Message) -> None:
        with self.ledger.exclusive():
            if message.id in self.ledger.ids:
                return
            self.ledger.append(message.as_json())


class SmtpEmail:
    """E-mail through SMTP_URL: smtp://user:password@host:port (STARTTLS when offered) or smtps://...

    From `sender` (MAIL_FROM, else the address in the URL's path, else no-reply at the public host); each
    mail is dated as it is sent and its Message-ID is the message's own id at `domain` (the public host), so
    a repeat keeps it and replies and threads point at the portal's own name."""

    def __init__(
        self, url: str, ledger_path: Path, sender: str | None = None, domain: str = "localhost"
    ) -> None:
        parsed = urlparse(url)
        self.ssl = parsed.scheme == "smtps"
        self.host = parsed.hostname or "localhost"
        self.port = parsed.port or (465 if self.ssl else 25)
        self.user = unquote(parsed.username) if parsed.username else None
        self.password = unquote(parsed.password) if parsed.password else None
        self.sender = sender or unquote(parsed.path.lstrip("/")) or f"no-reply@{domain}"
        self.domain = domain
        self.ledger = _IdLedger(ledger_path)

    def send(self, message: Message) -> None:
        with self.ledger.exclusive():
            if message.id in self.ledger.ids and self.ledger.ids[message.id] != ATTEMPT:
                return
            if message.id in self.ledger.ids:
                log.warning(
                    "e-mail %s: an earlier attempt never confirmed; sending with the same Message-ID",
                    message.id,
                )
            self.ledger.append({"id": message.id, "channel": message.channel, "state": ATTEMPT})
            mail = EmailMessage(policy=UNFOLDED)
            mail["From"] = self.sender
            mail["To"] = message.to
            mail["Subject"] = message.subject
            mail["Date"] = format_datetime(datetime.now(UTC))
            mail["Message-ID"] = f"<{message.id.replace(':', '.')}@{self.domain}>"
            mail.set_content(message.body)
            if message.html:
                mail.add_alternative(message.html, subtype="html")
            smtp_class = smtplib.SMTP_SSL if self.ssl else smtplib.SMTP
            with smtp_class(self.host, self.port, timeout=30) as smtp:
                if not self.ssl:
                    smtp.ehlo()
                    if smtp.has_extn("starttls"):
                        smtp.starttls()
                if self.user:
                    smtp.login(self.user, self.password or "")
                smtp.send_message(mail)
            self.ledger.append({"id": message.id, "channel": message.channel, "state": "sent"})


# Headers are written on one line up to the standard's 998 characters: Python folding a non-ASCII subject
# (a Persian one) into encoded words may drop the space where it splits them ("دستورالعمل حمل" read back
# as one word).
UNFOLDED = policy.default.clone(max_line_length=998)


class ByChannel:
    def __init__(self, default: Delivery, email: Delivery | None = None) -> None:
        self.default = default
        self.email = email

    def send(self, message: Message) -> None:
        target = self.email if message.channel == EMAIL and self.email is not None else self.default
        target.send(message)


def delivery_from_settings(
    var_dir: Path, smtp_url: str | None, sender: str | None = None, public_url: str = "http://localhost"
) -> ByChannel:
    """The outbox file, and SMTP for e-mail when `smtp_url` is set (`sender`: MAIL_FROM; the Message-IDs
    are at the host of `public_url`)."""
    outbox = OutboxFile(var_dir / "outbox.jsonl")
    domain = urlparse(public_url).hostname or "localhost"
    email = SmtpEmail(smtp_url, var_dir / "smtp-sent.jsonl", sender, domain) if smtp_url else None
    return ByChannel(outbox, email)

"""No token, code or password in a log line: values of secret-looking query keys are masked in every record.

The e-mailed links carry their token in the query (`/forgetpassword/createpassword?token=...`); opening one
would otherwise write the unused token into the access log.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping

SECRET_QUERY_VALUE = re.compile(
    r"(?i)([?&](?:[^=&\s\"]*(?:token|code|password|secret|otp|key|signature)[^=&\s\"]*)=)[^&\s\"#]*"
)
MASK = "[redacted]"
# uvicorn's own loggers and the root logger (`freight` configures it): every record ends at one of these.
LOGGERS = ("", "uvicorn", "uvicorn.error", "uvicorn.access")


def redact(text: str) -> str:
    return SECRET_QUERY_VALUE.sub(lambda match: match.group(1) + MASK, text)


class RedactSecrets(logging.Filter):
    """Masks in place, keeping the record's shape: a formatter may read its arguments (uvicorn's access
    formatter unpacks five of them), so they stay arguments, each masked, and only the message's own text
    is rewritten when the secret is in the text itself."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_masked(argument) for argument in record.args)
        elif isinstance(record.args, Mapping):
            record.args = {key: _masked(value) for key, value in record.args.items()}
        return True


def _masked(argument: object) -> object:
    """A string argument masked; any other whose text shows a secret, replaced by its masked text."""
    if isinstance(argument, str):
        return redact(argument)
    if isinstance(argument, int | float | bool) or argument is None:
        return argument  # `%d` and friends still format it, and no number is a query
    text = str(argument)
    cleaned = redact(text)
    return argument if cleaned == text else cleaned


def install() -> None:
    """On the loggers and on their handlers (a logger's filter does not see its children's records)."""
    redaction = RedactSecrets()
    for name in LOGGERS:
        logger = logging.getLogger(name)
        for target in (logger, *logger.handlers):
            if not any(isinstance(existing, RedactSecrets) for existing in target.filters):
                target.addFilter(redaction)

"""No token, code or password in a log line: values of secret-looking query keys are masked in every record.

The e-mailed links carry their token in the query (`/forgetpassword/createpassword?token=...`); opening one
would otherwise write the unused token into the access log.
"""

from __future__ import annotations

import logging
import re

SECRET_QUERY_VALUE = re.compile(
    r"(?i)([?&](?:[^=&\s\"]*(?:token|code|password|secret|otp|key|signature)[^=&\s\"]*)=)[^&\s\"#]*"
)
MASK = "[redacted]"
# uvicorn's own loggers and the root logger (`freight` configures it): every record ends at one of these.
LOGGERS = ("", "uvicorn", "uvicorn.error", "uvicorn.access")


def redact(text: str) -> str:
    return SECRET_QUERY_VALUE.sub(lambda match: match.group(1) + MASK, text)


class RedactSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        return True


def install() -> None:
    """On the loggers and on their handlers (a logger's filter does not see its children's records)."""
    redaction = RedactSecrets()
    for name in LOGGERS:
        logger = logging.getLogger(name)
        for target in (logger, *logger.handlers):
            if not any(isinstance(existing, RedactSecrets) for existing in target.filters):
                target.addFilter(redaction)

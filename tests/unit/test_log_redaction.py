"""The redaction filter masks secrets in the access log and keeps the access line: uvicorn's access
formatter reads the record's five arguments, so the filter must leave them arguments."""

from __future__ import annotations

import logging

from uvicorn.logging import AccessFormatter

from api.edge.log_redaction import RedactSecrets

ACCESS = '%s - "%s %s HTTP/%s" %d'


def _access_record(path: str, status: int = 200) -> logging.LogRecord:
    # As uvicorn's h11/httptools protocols log a request.
    args = ("127.0.0.1:51234", "GET", path, "1.1", status)
    return logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, ACCESS, args, None)


def test_an_access_line_with_a_secret_query_key_is_kept_with_the_secret_masked() -> None:
    formatter = AccessFormatter('%(client_addr)s - "%(request_line)s" %(status_code)s', use_colors=False)
    for path, shown in (
        ("/health?token=x-secret-value", "/health?token=[redacted]"),
        (
            "/forgetpassword/createpassword?token=Zx81hT2&nationalId=0012345678",
            "/forgetpassword/createpassword?token=[redacted]&nationalId=0012345678",
        ),
        ("/v1/things?apiKey=fk_live_abc&code=48213", "/v1/things?apiKey=[redacted]&code=[redacted]"),
    ):
        record = _access_record(path)
        assert RedactSecrets().filter(record)
        line = formatter.format(record)
        assert line == f'127.0.0.1:51234 - "GET {shown} HTTP/1.1" 200 OK', line


def test_a_secret_in_a_message_of_its_own_is_masked_too() -> None:
    record = logging.LogRecord(
        "freight", logging.INFO, __file__, 1, "opened /x?otp=991122 at %s", ("noon",), None
    )
    RedactSecrets().filter(record)
    assert record.getMessage() == "opened /x?otp=[redacted] at noon"
    numbered = logging.LogRecord("freight", logging.INFO, __file__, 1, "%d rows", (12,), None)
    RedactSecrets().filter(numbered)
    assert numbered.getMessage() == "12 rows"

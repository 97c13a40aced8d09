"""What the world sends that the framework reads before the input screen: an upload's form fields, and bodies
that cannot be read at all (not UTF-8, nested past the parser, compressed, a broken multipart form). Each is
refused by name (400, or 415 for a compression no door decodes), in the envelope and the caller's language,
and records nothing. Both stores."""

from __future__ import annotations

import gzip
import json
from typing import Any

from fastapi.testclient import TestClient

from api.edge import languages
from tests.api.accounts_support import settle
from tests.api.booking_support import CLIENT, FILES, PDF, customer, payload
from tests.corpus import OVERRIDE_FILE_NAME

RATE_REQUESTS = f"{CLIENT}/rate-requests"
UPLOAD = f"{FILES}/upload-chunk"


def _refused(client: TestClient, answer: Any, head: int, status: int, field: str) -> str:
    """The refusal's text for `field`, once it is the envelope's, the status, and nothing was recorded."""
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["isSuccess"] is False and body["isError"] is True and body["response"] is None, body
    assert field in (body["error"].get("fields") or {}), body
    assert field in body["error"]["description"], body
    assert settle(client) == head, f"{answer.request.url}: something was recorded"
    return str(body["error"]["fields"][field])


def test_an_uploads_form_fields_pass_the_character_screen(client: TestClient) -> None:
    alice = customer(client, "forms-a")
    for key in ("chunk\x00key", "key\u202egpj.exe", "key\x85"):
        head = settle(client)
        answer = client.post(
            UPLOAD,
            headers=alice,
            data={"TotalChunks": "1", "ChunkNumber": "1", "FileId": key},
            files={"File": ("msds.pdf", PDF, "application/pdf")},
        )
        _refused(client, answer, head, 400, "FileId")
    # The file's own name is no field: it is kept, made safe (tests/api/test_file_names_as_sent.py).
    answer = client.post(
        UPLOAD,
        headers=alice,
        data={"TotalChunks": "1", "ChunkNumber": "1", "FileId": "plain-key"},
        files={"File": (OVERRIDE_FILE_NAME, PDF, "application/pdf")},
    )
    assert answer.status_code == 200, answer.text
    assert "\u202e" not in answer.json()["response"]["fileName"]


def test_a_body_that_cannot_be_read_is_refused_by_name(client: TestClient) -> None:
    alice = customer(client, "forms-b")
    as_json = {**alice, "content-type": "application/json"}
    latin1 = json.dumps(payload(commodity="Caf\u00e9 beans"), ensure_ascii=False).encode("latin-1")
    cases: list[tuple[str, bytes, dict[str, str], int, str]] = [
        (RATE_REQUESTS, latin1, as_json, 400, "body"),
        (RATE_REQUESTS, b"[" * 100_000 + b"]" * 100_000, as_json, 400, "body"),
        (
            RATE_REQUESTS,
            gzip.compress(json.dumps(payload()).encode()),
            {**as_json, "content-encoding": "gzip"},
            415,
            "Content-Encoding",
        ),
        (UPLOAD, b"FileId=k&TotalChunks=1", {**alice, "content-type": "multipart/form-data"}, 400, "body"),
    ]
    for path, body, headers, status, field in cases:
        head = settle(client)
        _refused(client, client.post(path, content=body, headers=headers), head, status, field)
    # In the caller's language, as every refusal.
    head = settle(client)
    persian = {**as_json, "accept-language": "fa"}
    said = _refused(client, client.post(RATE_REQUESTS, content=latin1, headers=persian), head, 400, "body")
    assert said == languages.ERROR_MESSAGES["bodyNotUtf8"]["fa"]

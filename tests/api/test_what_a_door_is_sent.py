"""What a door answers for what it is sent, where it used to say something false (decision 3898): a number
sent for a text field is refused as a number where a text was expected (not by a number's bounds); an
upload's file sent as a text part says so in words for people; a finished upload's repeated chunk never
answers the caller's count of chunks as the stored file's; and the standard's doors (/v2, /v3, /v1) name
an unreadable body in their own error shapes, with the words of the portal's doors. Both stores."""

from __future__ import annotations

import gzip
import json
from typing import Any

from fastapi.testclient import TestClient

from api.edge import languages
from domain.shared.messages import MESSAGES
from tests.api.accounts_support import CLIENT as ACCOUNTS
from tests.api.accounts_support import settle
from tests.api.booking_support import CLIENT, FILES, PDF, customer, ok, payload
from tests.api.dcsa_support import validate as validate_bkg
from tests.api.tracking_support import publisher_key
from tests.api.tracking_support import validate as validate_tnt

UPLOAD = f"{FILES}/upload-chunk"
START = f"{ACCOUNTS}/indivisual-customers/register/start"
EXPECTED_TEXT = "Expected string received number"
NOT_UTF8 = languages.ERROR_MESSAGES["bodyNotUtf8"]["en"]
TOO_DEEP = languages.ERROR_MESSAGES["bodyTooDeep"]["en"]
COMPRESSED = languages.ERROR_MESSAGES["bodyCompressed"]["en"]


def _field(answer: Any, status: int, field: str) -> str:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["isSuccess"] is False and body["response"] is None, body
    return str(body["error"]["fields"][field])


def test_a_number_sent_for_a_text_is_refused_as_a_number_not_by_its_size(client: TestClient) -> None:
    for phone in (9121234567, 912, 1e300):
        head = settle(client)
        answer = client.post(START, json={"nationalId": "0012345679", "phone": phone})
        assert _field(answer, 400, "phone") == EXPECTED_TEXT, answer.text
        assert settle(client) == head
    # In Persian too, by the catalogue's words.
    answer = client.post(
        START, json={"nationalId": "0012345679", "phone": 9121234567}, headers={"accept-language": "fa"}
    )
    fa = languages.ERROR_MESSAGES
    said = fa["expected"]["fa"].format(expected=fa["string"]["fa"], received=fa["number"]["fa"])
    assert _field(answer, 400, "phone") == said
    # A field that takes a number keeps its bounds: the store's 32-bit columns.
    alice = customer(client, "door-numbers")
    answer = client.post(f"{CLIENT}/rate-requests", json=payload(podId=2**40), headers=alice)
    assert _field(answer, 400, "podId") == "Must be between -2147483647 and 2147483647"


def test_an_uploads_file_sent_as_text_is_refused_in_words_for_people(client: TestClient) -> None:
    alice = customer(client, "door-upload-text")
    form = {"TotalChunks": "1", "ChunkNumber": "1", "FileId": "k", "File": "not a file"}
    answer = client.post(UPLOAD, headers=alice, data=form)
    said = _field(answer, 400, "File")
    assert said == MESSAGES["upload.chunk.notAFile"], said
    assert "UploadFile" not in answer.text and "class" not in answer.text
    answer = client.post(UPLOAD, headers={**alice, "accept-language": "fa"}, data=form)
    assert _field(answer, 400, "File") == languages.PERSIAN_MESSAGES["upload.chunk.notAFile"]


def test_a_finished_uploads_repeated_chunk_never_answers_another_count(client: TestClient) -> None:
    alice = customer(client, "door-upload-repeat")

    def chunk(number: int, total: int) -> Any:
        return client.post(
            UPLOAD,
            headers=alice,
            data={"TotalChunks": str(total), "ChunkNumber": str(number), "FileId": "three"},
            files={"File": ("msds.pdf", PDF if number == 1 else b"more", "application/pdf")},
        )

    for number in (1, 2, 3):
        finished = ok(chunk(number, 3))
    assert finished["receivedChunks"] == finished["totalChunks"] == 3
    # The same chunk repeated as it was sent answers the stored file as before.
    again = ok(chunk(2, 3))
    assert again["fileId"] == finished["fileId"] and again["totalChunks"] == 3
    # Saying the file has another count contradicts the stored file: refused by name.
    for total in (9, 2):
        said = _field(chunk(2, total), 400, "TotalChunks")
        assert said == languages.ERROR_MESSAGES["chunksChanged"]["en"], said


def _bodies() -> list[tuple[str, bytes, dict[str, str], int, str]]:
    as_json = {"content-type": "application/json"}
    latin1 = json.dumps({"note": "Caf\u00e9"}, ensure_ascii=False).encode("latin-1")
    return [
        ("latin-1", latin1, as_json, 400, NOT_UTF8),
        ("nested", b"[" * 100_000 + b"]" * 100_000, as_json, 400, TOO_DEEP),
        ("gzip", gzip.compress(b'{"events": []}'), {**as_json, "content-encoding": "gzip"}, 415, COMPRESSED),
    ]


def test_the_standards_doors_name_an_unreadable_body_in_their_shape(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "door-dcsa")
    publisher = publisher_key(client, admin_headers)
    for name, body, headers, status, said in _bodies():
        head = settle(client)
        answer = client.post("/v2/bookings", content=body, headers={**alice, **headers})
        assert answer.status_code == status, (name, answer.text)
        found = answer.json()
        validate_bkg(found, "ErrorResponse")
        (error,) = found["errors"]
        assert error["errorCodeMessage"] == said == found["statusCodeMessage"], (name, found)
        if status == 415:
            assert error["errorCode"] == 7009 and error["property"] == "Content-Encoding", found
        else:
            assert error["jsonPath"] == "$" and error["errorCode"] == 7002, found
        answer = client.post("/v3/events", content=body, headers={**publisher, **headers})
        assert answer.status_code == status, (name, answer.text)
        found = answer.json()
        validate_tnt(found, "PostEventsResponse")
        (element,) = found["feedbackElements"]
        assert element["message"] == said, (name, found)
        if status == 400:
            assert element["propertyPath"] == "$", found
        assert settle(client) == head, name
    # The schedules door reads no body, but the input screen reads one sent as JSON: it is the body, `$`,
    # and a compressed one is refused as compressed, not as text that is not UTF-8.
    for name, body, headers, status, said in _bodies():
        routes = "/v1/point-to-point-routes?placeOfReceipt=NLRTM"
        answer = client.request("GET", routes, content=body, headers={**alice, **headers})
        assert answer.status_code == status, (name, answer.text)
        (error,) = answer.json()["errors"]
        assert error["errorCodeMessage"] == said, (name, error)
        if status == 415:
            assert error["errorCode"] == 7009 and error["property"] == "Content-Encoding", error
        else:
            assert error["jsonPath"] == "$" and "property" not in error, error


def test_a_compressed_body_the_screen_reads_is_refused_as_compressed(client: TestClient) -> None:
    """A route that takes no body (a GET) has a JSON body read by the input screen, not the framework."""
    alice = customer(client, "door-gzip-get")
    headers = {**alice, "content-type": "application/json", "content-encoding": "gzip"}
    answer = client.request("GET", f"{CLIENT}/rate-requests", content=gzip.compress(b"{}"), headers=headers)
    assert _field(answer, 415, "Content-Encoding") == COMPRESSED

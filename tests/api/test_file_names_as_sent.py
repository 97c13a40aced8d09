"""A document keeps the name its customer sent it under, in any script, and only what is unsafe is taken out
of it: the upload's answer, the booking's detail for her and for staff, the audit trail and the download's
`Content-Disposition` (RFC 6266: an ASCII `filename` and the name itself as `filename*`) all say it (both
stores)."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

from fastapi.testclient import TestClient

from tests.api import booking_support as booking
from tests.api.booking_support import ADMIN, CLIENT, FILES, PDF, PNG, customer, ok
from tests.app_services import services_of
from tests.corpus import (
    DOTS_FILE_NAME,
    LONG_FILE_NAME,
    MIXED_FILE_NAMES,
    OVERRIDE_FILE_NAME,
    PATH_FILE_NAME,
    PERSIAN_FILE_NAMES,
)

AUDIT = "/audit/api/v1"
# Both forms: the plain one printable ASCII, nothing to escape, the other percent-encoded UTF-8 (RFC 5987).
BOTH_FORMS = re.compile(
    r"""attachment; filename="([ !#-$&-.0-\[\]-~]+)"; filename\*=UTF-8''([A-Za-z0-9%._~-]+)"""
)
FSI, PDI = "\u2068", "\u2069"


def sent(
    client: TestClient, headers: dict[str, str], name: str, key: str, data: bytes = PDF
) -> dict[str, Any]:
    """One chunk, its part's name written as it is (UTF-8, nothing escaped: httpx, like a browser, would
    percent-escape control characters, and a hostile client need not)."""
    boundary = "name-as-sent"
    fields = {"TotalChunks": "1", "ChunkNumber": "1", "FileId": key}
    body = b"".join(
        f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"\r\n\r\n{value}\r\n'.encode()
        for field, value in fields.items()
    )
    body += f'--{boundary}\r\nContent-Disposition: form-data; name="File"; filename="{name}"\r\n'.encode()
    body += b"Content-Type: application/octet-stream\r\n\r\n" + data + f"\r\n--{boundary}--\r\n".encode()
    content_type = f"multipart/form-data; boundary={boundary}"
    answer = client.post(
        f"{FILES}/upload-chunk", headers={**headers, "Content-Type": content_type}, content=body
    )
    return dict(ok(answer))


def downloaded_as(client: TestClient, headers: dict[str, str], file_id: str) -> tuple[str, str]:
    """The download's (plain ASCII name, name) from both forms of its `Content-Disposition`."""
    answer = client.get(f"{FILES}/{file_id}", headers=headers)
    assert answer.status_code == 200, answer.text
    header = answer.headers["content-disposition"]
    both = BOTH_FORMS.fullmatch(header)
    assert both, header
    return both[1], unquote(both[2], errors="strict")


def test_a_persian_or_mixed_name_is_kept_shown_and_downloaded_as_sent(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    sara = customer(client, "names-sara")
    files: dict[str, str] = {}
    for number, name in enumerate(PERSIAN_FILE_NAMES + MIXED_FILE_NAMES):
        stored = sent(client, sara, name, f"doc-{number}")
        assert stored["fileName"] == name
        files[name] = stored["fileId"]
        for reader in (sara, admin_headers):
            plain, said = downloaded_as(client, reader, stored["fileId"])
            assert said == name
            # A client that reads only the plain form gets the Latin of the name, else the file's id.
            assert plain == f"{stored['fileId']}.pdf" if name in PERSIAN_FILE_NAMES else plain[:3] == name[:3]
    assert downloaded_as(client, sara, files[MIXED_FILE_NAMES[0]])[0] == "MSDS _ 2026.pdf"

    # One as the MSDS of a dangerous cargo, one as the signed booking letter.
    msds, letter = MIXED_FILE_NAMES[0], PERSIAN_FILE_NAMES[0]
    rid = booking.loi_pending(client, sara, admin_headers, isDanger=True, msds=files[msds])
    documents = {"documents": [{"documentTypeId": 1, "fileId": files[letter]}]}
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/booking-request", headers=sara, json=documents))
    services_of(client).settle_all()
    for detail in (
        ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=sara)),
        ok(client.get(f"{ADMIN}/rate-requests/{rid}", headers=admin_headers)),
    ):
        assert detail["msdsFileName"] == msds
        assert [d["fileName"] for d in detail["bookingRequest"]["documents"]] == [letter]

    # The trail names them as sent; in Persian each isolated, so a Latin extension stays with its name.
    reference = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=sara))["reference"]
    path = f"{AUDIT}/bookings/{reference}/trail"
    english = ok(client.get(path, headers=admin_headers))
    farsi = ok(client.get(path, headers={**admin_headers, "Accept-Language": "fa"}))
    said_en = [v["value"] for e in english["entries"] for v in e["values"]]
    said_fa = [v["value"] for e in farsi["entries"] for v in e["values"]]
    assert msds in said_en and f"Booking Letter: {letter}" in said_en
    assert f"{FSI}{msds}{PDI}" in said_fa
    assert any(value.endswith(f": {FSI}{letter}{PDI}") for value in said_fa), said_fa


def test_only_what_is_unsafe_is_taken_out_of_a_name(client: TestClient) -> None:
    """A path keeps its last part, a bidi override and control characters go, the name is NFC, a long one is
    cut by characters keeping its extension, and one with nothing left is named by the file's id."""
    ali = customer(client, "names-ali")
    letter = PERSIAN_FILE_NAMES[0]
    cases = (
        (PATH_FILE_NAME, PDF, "passwd.pdf"),
        ("..\\..\\Windows\\win.ini.pdf", PDF, "win.ini.pdf"),
        (OVERRIDE_FILE_NAME, PNG, "gpj.png"),
        # "نامه تعهد.pdf" with an isolate, a mark and an override set into it.
        (f"\u2067{letter[:4]}\u2069\u200f{letter[4:-4]}\u202d.pdf", PDF, letter),
        ("Mu\u0308ller\tLOI\x00\x1b.pdf", PDF, "Müller LOI.pdf"),
        # Cut to 116 characters and the extension; the space it was cut after goes too.
        (LONG_FILE_NAME, PDF, LONG_FILE_NAME[:115] + ".pdf"),
        (DOTS_FILE_NAME, PDF, None),
        (".hidden.pdf", PDF, "hidden.pdf"),
    )
    for number, (name, data, kept) in enumerate(cases):
        stored = sent(client, ali, name, f"hostile-{number}", data)
        expected = kept or f"{stored['fileId']}.pdf"
        assert stored["fileName"] == expected, (name, stored["fileName"])
        assert len(expected) <= 120
        answer = client.get(f"{FILES}/{stored['fileId']}", headers=ali)
        header = answer.headers["content-disposition"]
        if expected.isascii() and not any(c in expected for c in '"\\%'):
            assert header == f'attachment; filename="{expected}"'
        else:
            assert downloaded_as(client, ali, stored["fileId"])[1] == expected
        assert not any(mark in unquote(header) for mark in ("/", "\\", "..", "\u202e", "\x00", "\t"))

"""Chunked upload and download: order, repeats, limits, content typing, ownership (both stores)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.booking_support import FILES, PNG, customer, fails, ok, upload
from tests.app_services import services_of

URL = f"{FILES}/upload-chunk"


def chunk(
    client: TestClient,
    headers: dict[str, str],
    key: str,
    number: int,
    total: int,
    data: bytes,
    name: str = "scan.pdf",
) -> Any:
    return client.post(
        URL,
        headers=headers,
        data={"TotalChunks": str(total), "ChunkNumber": str(number), "FileId": key},
        files={"File": (name, data, "application/octet-stream")},
    )


def test_chunks_in_any_order_and_repeated_make_one_file(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "file-a")
    bob = customer(client, "file-b")
    data = b"%PDF-1.7\n" + bytes(range(256)) * 100  # 25,609 bytes: three chunks
    parts = [data[i : i + 10_240] for i in range(0, len(data), 10_240)]
    assert len(parts) == 3
    first = ok(chunk(client, alice, "u1", 3, 3, parts[2], "../../etc/passwd.pdf"))
    assert first["fileName"] is None and first["filePath"] is None and first["receivedChunks"] == 1
    ok(chunk(client, alice, "u1", 1, 3, parts[0], "../../etc/passwd.pdf"))
    ok(chunk(client, alice, "u1", 1, 3, parts[0], "../../etc/passwd.pdf"))
    done = ok(chunk(client, alice, "u1", 2, 3, parts[1]))
    assert done["fileName"] == "passwd.pdf" and done["filePath"] and done["size"] == len(data)
    assert done["contentType"] == "application/pdf"
    again = ok(chunk(client, alice, "u1", 2, 3, parts[1]))
    assert again["filePath"] == done["filePath"]
    download = client.get(f"{FILES}/{done['filePath']}", headers=alice)
    assert download.status_code == 200 and download.content == data
    assert download.headers["content-type"] == "application/pdf"
    assert client.get(f"{FILES}/{done['filePath']}", headers=admin_headers).content == data
    fails(client.get(f"{FILES}/{done['filePath']}", headers=bob), 404)
    fails(client.get(f"{FILES}/{done['filePath']}"), 401)
    fails(client.get(f"{FILES}/not-a-file", headers=alice), 404)
    stored = list((services_of(client).settings.uploads / "files").iterdir())
    assert all(len(p.name) == 32 and "passwd" not in p.name for p in stored)


def test_upload_keys_are_scoped_to_the_uploader(client: TestClient) -> None:
    alice = customer(client, "scope-a")
    bob = customer(client, "scope-b")
    a = upload(client, alice, key="same")
    b = upload(client, bob, data=PNG, key="same", name="pic.png")
    assert a != b
    assert client.get(f"{FILES}/{b}", headers=bob).headers["content-type"] == "image/png"


def test_limits_and_content_type(client: TestClient) -> None:
    headers = customer(client, "limit-user")
    error = fails(chunk(client, headers, "big", 1, 2, b"%PDF-" + b"x" * 10_240), 400)
    assert "File" in error["fields"]
    assert "TotalChunks" in fails(chunk(client, headers, "huge", 1, 2049, b"%PDF-"), 400)["fields"]
    assert "ChunkNumber" in fails(chunk(client, headers, "zero", 0, 2, b"%PDF-"), 400)["fields"]
    assert "ChunkNumber" in fails(chunk(client, headers, "over", 3, 2, b"%PDF-"), 400)["fields"]
    ok(chunk(client, headers, "changed", 1, 2, b"%PDF-"))
    assert "TotalChunks" in fails(chunk(client, headers, "changed", 2, 3, b"xx"), 400)["fields"]
    error = fails(chunk(client, headers, "exe", 1, 1, b"MZ\x90\x00 not a document"), 400)
    assert error["fields"] == {"File": "Only PDF, PNG and JPEG files are accepted"}
    fails(client.post(URL, headers=headers, data={"TotalChunks": "1", "ChunkNumber": "1"}), 400)
    fails(chunk(client, {}, "anon", 1, 1, b"%PDF-"), 401)
    jpeg = ok(chunk(client, headers, "photo", 1, 1, b"\xff\xd8\xff\xe0" + b"0" * 50, "photo"))
    assert jpeg["contentType"] == "image/jpeg" and jpeg["fileName"] == "photo.jpg"

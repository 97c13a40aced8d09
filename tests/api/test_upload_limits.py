"""Uploads: stored names take the detected type's extension; unfinished uploads are capped per user and
swept when abandoned (both stores)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from api.settings import Settings
from tests.api.booking_support import FILES, PNG, customer, fails, ok
from tests.app_services import services_of

URL = f"{FILES}/upload-chunk"


@pytest.fixture
def small_limits(settings: Settings) -> Iterator[TestClient]:
    tight = settings.model_copy(update={"MAX_UNFINISHED_UPLOADS": 3, "UPLOAD_ABANDONED_AFTER_SECONDS": 0.8})
    with TestClient(create_app(tight), raise_server_exceptions=False) as client:
        yield client


def first_of_two(client: TestClient, headers: dict[str, str], key: str) -> object:
    return client.post(
        URL,
        headers=headers,
        data={"TotalChunks": "2", "ChunkNumber": "1", "FileId": key},
        files={"File": ("scan.pdf", b"%PDF-1.7\n" + b"x" * 100, "application/octet-stream")},
    )


def test_a_png_sent_as_html_is_named_png(client: TestClient) -> None:
    alice = customer(client, "ext-a")
    sent = {"TotalChunks": "1", "ChunkNumber": "1", "FileId": "k"}
    done = ok(client.post(URL, headers=alice, data=sent, files={"File": ("x.html", PNG, "text/html")}))
    assert (done["fileName"], done["contentType"]) == ("x.png", "image/png")
    download = client.get(f"{FILES}/{done['fileId']}", headers=alice)
    assert download.headers["content-type"] == "image/png"
    assert 'filename="x.png"' in download.headers["content-disposition"]
    again = {"TotalChunks": "1", "ChunkNumber": "1", "FileId": "k2"}
    kept = ok(client.post(URL, headers=alice, data=again, files={"File": ("photo.PNG", PNG, "image/png")}))
    assert kept["fileName"] == "photo.PNG"


def test_unfinished_uploads_are_capped_per_user(small_limits: TestClient) -> None:
    client = small_limits
    alice, bob = customer(client, "cap-a"), customer(client, "cap-b")
    for key in ("a", "b", "c"):
        ok(first_of_two(client, alice, key))
    refused = fails(first_of_two(client, alice, "d"), 429)
    assert "unfinished uploads" in refused["description"]
    ok(first_of_two(client, alice, "a"))  # an upload under way goes on
    ok(first_of_two(client, bob, "a"))  # another user is not affected
    # Finishing one frees its place.
    last = {"TotalChunks": "2", "ChunkNumber": "2", "FileId": "a"}
    ok(client.post(URL, headers=alice, data=last, files={"File": ("scan.pdf", b"y" * 50, "x/y")}))
    ok(first_of_two(client, alice, "d"))


def test_abandoned_uploads_are_swept_after_the_configured_age(small_limits: TestClient) -> None:
    client = small_limits
    alice = customer(client, "sweep-a")
    for key in ("a", "b", "c"):
        ok(first_of_two(client, alice, key))
    partial: Path = services_of(client).uploads.partial
    assert len(list(partial.glob("*/*/*.part"))) == 3
    deadline = time.monotonic() + 10
    while list(partial.glob("*/*/*.part")) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert list(partial.glob("*/*/*.part")) == []
    ok(first_of_two(client, alice, "d"))  # the places are free again


def test_a_sweep_keeps_uploads_still_receiving_chunks(tmp_path: Path) -> None:
    from infrastructure.uploads import ChunkStore

    store = ChunkStore(tmp_path)
    store.put("owner", "old", 1, 2, b"%PDF-1", "a.pdf")
    store.put("owner", "new", 1, 2, b"%PDF-1", "b.pdf")
    long_ago = time.time() - 3600
    old = store.upload_dir("owner", "old")
    for path in (*old.iterdir(), old):
        os.utime(path, (long_ago, long_ago))
    assert store.sweep(older_than_seconds=600) == 1
    assert not old.exists() and store.upload_dir("owner", "new").is_dir()

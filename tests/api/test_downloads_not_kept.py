"""No browser or shared cache keeps a download (decision 3915): every route the OpenAPI document says answers
with a file's bytes answers `Cache-Control: private, no-store`, and still ranges, its type and its name
(both stores)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.booking_support import customer, ok, upload
from tests.app_services import app_of


def download_paths(document: dict[str, Any]) -> list[str]:
    """The GET paths whose success is a file: a body of `format: binary`."""
    return sorted(
        path
        for path, operations in document["paths"].items()
        if any(
            content.get("schema", {}).get("format") == "binary"
            for content in operations.get("get", {})
            .get("responses", {})
            .get("200", {})
            .get("content", {})
            .values()
        )
    )


def test_every_download_is_kept_by_no_cache(client: TestClient) -> None:
    headers = customer(client, "download-keeper")
    # What each path parameter of a download stands for: one of hers and a template's type.
    arguments = {
        "fileId": upload(client, headers, name="Letter of indemnity, Ann Smith.pdf"),
        "documentTypeId": str(
            ok(client.get("/booking/api/v1/client/rate-requests/documents", headers=headers))["list"]["list"][
                0
            ]["id"]
        ),
    }
    paths = download_paths(app_of(client).openapi())
    assert len(paths) >= 2, paths  # the uploaded files and the documents' templates at least
    for path in paths:
        url = path.format(**arguments)
        whole = client.get(url, headers=headers)
        assert whole.status_code == 200, (path, whole.text)
        assert whole.headers["cache-control"] == "private, no-store", path
        assert whole.headers["content-disposition"].startswith("attachment; filename="), path
        assert whole.headers["content-type"].split(";")[0] in ("application/pdf", "application/octet-stream")
        part = client.get(url, headers={**headers, "Range": "bytes=0-3"})
        assert part.status_code == 206 and part.content == whole.content[:4], path
        assert part.headers["cache-control"] == "private, no-store", path

"""/file-manager/api/v1/files: chunked uploads."""

from __future__ import annotations

from api.schemas.wire_model import WireModel


class UploadProgress(WireModel):
    """After each chunk: how many arrived; after the last one, the stored file too (`fileId` and on;
    `fileName`: the name it was sent under, in any script, less only what is unsafe: a directory part,
    control and bidi characters, leading dots; at most 120 characters, ending in its type's extension)."""

    file_name: str | None
    file_path: str | None
    file_id: str | None = None
    size: int | None = None
    content_type: str | None = None
    received_chunks: int
    total_chunks: int

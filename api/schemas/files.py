"""/file-manager/api/v1/files: chunked uploads."""

from __future__ import annotations

from pydantic import BaseModel


class UploadProgress(BaseModel):
    """After each chunk: how many arrived; after the last one, the stored file too (`fileId` and on)."""

    fileName: str | None
    filePath: str | None
    fileId: str | None = None
    size: int | None = None
    contentType: str | None = None
    receivedChunks: int
    totalChunks: int

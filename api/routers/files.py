"""/file-manager/api/v1/files: chunked upload and download (DESIGN section 8)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, File, Form, UploadFile
from fastapi.responses import FileResponse

from api.deps import CurrentUser, ServicesDep
from api.envelope import success
from domain.booking.files import CHUNK_SIZE
from domain.shared.errors import NotFound
from infrastructure.uploads import Assembled, Progress

router = APIRouter(prefix="/file-manager/api/v1/files", tags=["files"])


@router.post("/upload-chunk", response_model=None)
async def upload_chunk(
    principal: CurrentUser,
    services: ServicesDep,
    TotalChunks: Annotated[int, Form()],
    ChunkNumber: Annotated[int, Form()],
    FileId: Annotated[str, Form(max_length=200)],
    File: Annotated[UploadFile, File()],
) -> Any:
    """ChunkNumber counts from 1 to TotalChunks; FileId is the client's key for this upload."""
    data = await File.read(CHUNK_SIZE + 1)
    actor = principal.actor
    outcome = services.uploads.put(actor.id, FileId, ChunkNumber, TotalChunks, data, File.filename)
    if isinstance(outcome, Progress):
        return success(
            {
                "fileName": None,
                "filePath": None,
                "receivedChunks": outcome.received,
                "totalChunks": outcome.total,
            }
        )
    if isinstance(outcome, Assembled):
        file_id, position = services.booking.store_file(
            actor,
            FileId,
            outcome.name,
            outcome.content_type,
            outcome.size,
            outcome.sha256,
            outcome.storage_name,
        )
        if position is None:
            # These bytes were recorded already under this key: keep the first copy only.
            services.uploads.path_of(outcome.storage_name).unlink(missing_ok=True)
        else:
            services.settle(position)
        services.uploads.finish(actor.id, FileId, str(file_id))
        file_key = str(file_id)
    else:
        file_key = outcome
    stored = services.booking.stored_file(file_key, actor)
    return success(
        {
            "fileName": stored.name,
            "filePath": file_key,
            "fileId": file_key,
            "size": stored.size,
            "contentType": stored.content_type,
            "receivedChunks": TotalChunks,
            "totalChunks": TotalChunks,
        }
    )


@router.get("/{fileId}", response_model=None)
def download(fileId: str, principal: CurrentUser, services: ServicesDep) -> Any:
    stored = services.booking.stored_file(fileId, principal.actor)
    path = services.uploads.path_of(stored.storage_name)
    if not path.is_file():
        raise NotFound("File not found")
    return FileResponse(path, media_type=stored.content_type, filename=stored.name)

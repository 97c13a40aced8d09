"""/file-manager/api/v1/files: chunked upload and download (DESIGN section 8)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, UploadFile
from fastapi.responses import Response

from api.edge.deps import CommandDep, CurrentUser, ServicesDep
from api.edge.downloads import Download, content_disposition
from api.edge.envelope import success
from api.openapi import operation_ids
from api.schemas.envelope import Envelope
from api.schemas.files import UploadProgress
from domain.booking.files import CHUNK_SIZE, Assembled
from domain.shared.errors import NotFound
from infrastructure.uploads import Progress

router = APIRouter(
    prefix="/file-manager/api/v1/files", tags=["files"], generate_unique_id_function=operation_ids("files")
)


@router.post("/upload-chunk", response_model=Envelope[UploadProgress])
async def upload_chunk(
    principal: CurrentUser,
    services: ServicesDep,
    command: CommandDep,
    TotalChunks: Annotated[int, Form()],
    ChunkNumber: Annotated[int, Form()],
    FileId: Annotated[str, Form(max_length=200)],
    File: Annotated[UploadFile, File()],
) -> Response:
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
        assembled = outcome

        def store() -> tuple[tuple[str, bool], int | None]:
            file_id, position = services.booking.store_file(actor, FileId, assembled)
            return (str(file_id), position is None), position

        file_id, recorded_before = command.returning(store)
        if recorded_before:
            # These bytes were recorded already under this key: keep the first copy only.
            services.uploads.path_of(outcome.storage_name).unlink(missing_ok=True)
        services.uploads.finish(actor.id, FileId, str(file_id), TotalChunks)
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


@router.get(
    "/{fileId}",
    response_class=Download,
    responses={
        200: {"content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}
    },
)
def download(fileId: str, principal: CurrentUser, services: ServicesDep) -> Response:
    """The file's bytes, named as its record says at this request (an erased owner's file: by its id). A
    name that is not plain ASCII comes in both forms of RFC 6266: `filename` in ASCII, `filename*` in
    UTF-8."""
    stored = services.current_file(fileId, principal.actor)
    path = services.uploads.path_of(stored.storage_name)
    if not path.is_file():
        raise NotFound("File not found")
    named = content_disposition(stored.download_name, stored.id_name)
    return Download(path, media_type=stored.content_type, headers={"Content-Disposition": named})

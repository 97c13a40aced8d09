"""Chunked uploads on disk (DESIGN section 8): chunks kept per uploader and upload key until all arrived.

Chunks may come in any order and may repeat (a repeat overwrites the same slot). When the last missing chunk
arrives the parts are joined into one file under a name the server chooses, typed by its first bytes, and
hashed; the booking application then records who owns it.

Parts live under `partial/<uploader>/<upload>/`, so an uploader's unfinished uploads are counted by listing
one folder (capped per uploader), and a sweep removes uploads nobody touched for a configurable age.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from domain.booking.files import CHUNK_SIZE, MAX_CHUNKS, MAX_FILE_BYTES, Assembled, kept_name, sniff
from domain.shared.errors import TooManyAttempts, ValidationFailed
from domain.shared.messages import message
from infrastructure.private_files import open_private, private_folder, write_private


@dataclass(frozen=True)
class Progress:
    received: int
    total: int


MAX_UNFINISHED_UPLOADS = 20
TOO_MANY_UNFINISHED = "Too many unfinished uploads; finish one or wait until the old ones are cleaned up"
TOTAL_CHANGED = "TotalChunks changed during the upload"


class ChunkStore:
    def __init__(self, root: Path, max_unfinished: int = MAX_UNFINISHED_UPLOADS) -> None:
        self.root = Path(root)
        self.max_unfinished = max_unfinished
        self.partial = self.root / "partial"
        self.files = self.root / "files"
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    def _lock(self, key: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(key, threading.Lock())

    def upload_dir(self, owner_id: str, upload_key: str) -> Path:
        owner = hashlib.sha256(f"owner\0{owner_id}".encode()).hexdigest()[:32]
        upload = hashlib.sha256(f"{owner_id}\0{upload_key}".encode()).hexdigest()[:40]
        return self.partial / owner / upload

    def _unfinished(self, owner_dir: Path) -> int:
        if not owner_dir.is_dir():
            return 0
        return sum(1 for d in owner_dir.iterdir() if d.is_dir() and not (d / "done.json").exists())

    def path_of(self, storage_name: str) -> Path:
        if not re.fullmatch(r"[0-9a-f]{32}", storage_name):
            raise ValueError("not a storage name")
        return self.files / storage_name

    def put(
        self,
        owner_id: str,
        upload_key: str,
        chunk_number: int,
        total_chunks: int,
        data: bytes,
        filename: str | None,
    ) -> Assembled | Progress | str:
        """Keep one chunk. Answers the assembled file when this chunk completes the upload, the file id
        already recorded when the upload finished before (a repeated chunk), or the progress so far."""
        errors: dict[str, str] = {}
        if not upload_key.strip() or len(upload_key) > 200:
            errors["FileId"] = message("upload.fileId")
        if total_chunks < 1 or total_chunks > MAX_CHUNKS:
            errors["TotalChunks"] = message("upload.totalChunks", max=MAX_CHUNKS)
        if chunk_number < 1 or (total_chunks >= 1 and chunk_number > total_chunks):
            errors["ChunkNumber"] = message("upload.chunkNumber")
        if not data:
            errors["File"] = message("upload.chunk.empty")
        elif len(data) > CHUNK_SIZE:
            errors["File"] = message("upload.chunk.max", max=CHUNK_SIZE)
        if errors:
            raise ValidationFailed(errors)
        folder = self.upload_dir(owner_id, upload_key)
        if not folder.is_dir():
            # The owner's lock: two new uploads of one uploader at once cannot both take the last place.
            with self._lock(folder.parent.name):
                if not folder.is_dir() and self._unfinished(folder.parent) >= self.max_unfinished:
                    raise TooManyAttempts(TOO_MANY_UNFINISHED)
                private_folder(folder)
        with self._lock(folder.name):
            private_folder(folder)
            done = folder / "done.json"
            if done.exists():
                finished = json.loads(done.read_text())
                # A repeat answers the stored file: one that says it has another count of chunks is refused
                # (a marker kept before the count was, has none to compare).
                if finished.get("total", total_chunks) != total_chunks:
                    raise ValidationFailed({"TotalChunks": TOTAL_CHANGED})
                return str(finished["fileId"])
            meta = folder / "meta.json"
            if meta.exists():
                known = json.loads(meta.read_text())
                if known["total"] != total_chunks:
                    raise ValidationFailed({"TotalChunks": TOTAL_CHANGED})
            else:
                write_private(meta, json.dumps({"total": total_chunks, "name": filename or ""}).encode())
            if chunk_number == 1 and filename:
                write_private(meta, json.dumps({"total": total_chunks, "name": filename}).encode())
            part = folder / f"{chunk_number:05d}.part"
            temporary = folder / f"{chunk_number:05d}.{uuid.uuid4().hex}.tmp"
            write_private(temporary, data)
            temporary.replace(part)
            parts = sorted(folder.glob("*.part"))
            if sum(p.stat().st_size for p in parts) > MAX_FILE_BYTES:
                shutil.rmtree(folder, ignore_errors=True)
                raise ValidationFailed({"File": "Files are limited to 20 MB"})
            if len(parts) < total_chunks:
                return Progress(received=len(parts), total=total_chunks)
            return self._assemble(folder, parts, json.loads(meta.read_text())["name"] or filename)

    def _assemble(self, folder: Path, parts: list[Path], filename: str | None) -> Assembled:
        private_folder(self.files)
        storage_name = uuid.uuid4().hex
        target = self.files / storage_name
        digest = hashlib.sha256()
        size = 0
        with open_private(target) as out:
            for part in parts:
                chunk = part.read_bytes()
                digest.update(chunk)
                size += len(chunk)
                out.write(chunk)
        with target.open("rb") as handle:
            kind = sniff(handle.read(16))
        if kind is None:
            target.unlink(missing_ok=True)
            shutil.rmtree(folder, ignore_errors=True)
            raise ValidationFailed({"File": message("booking.file.type")})
        content_type, extension = kind
        return Assembled(storage_name, kept_name(filename, extension), content_type, size, digest.hexdigest())

    def finish(self, owner_id: str, upload_key: str, file_id: str, total_chunks: int) -> None:
        """The upload is recorded: drop its parts, keep a marker so a repeated chunk answers the same file
        (and the count of chunks it came in, which a repeat must say too)."""
        folder = self.upload_dir(owner_id, upload_key)
        with self._lock(folder.name):
            for part in folder.glob("*.part"):
                part.unlink(missing_ok=True)
            # The client's file name is recorded (sealed with its owner's data): no copy stays in clear.
            (folder / "meta.json").unlink(missing_ok=True)
            write_private(
                folder / "done.json", json.dumps({"fileId": file_id, "total": total_chunks}).encode()
            )

    def sweep(self, older_than_seconds: float, now: float | None = None) -> int:
        """Remove uploads (unfinished, or finished markers) untouched for `older_than_seconds`; answers how
        many. A folder's time is its newest file's: a slow upload that still receives chunks stays."""
        cutoff = (time.time() if now is None else now) - older_than_seconds
        removed = 0
        if not self.partial.is_dir():
            return 0
        for owner_dir in self.partial.iterdir():
            for folder in owner_dir.iterdir() if owner_dir.is_dir() else ():
                with self._lock(folder.name):
                    try:
                        touched = max((f.stat().st_mtime for f in folder.iterdir()), default=0.0)
                        touched = max(touched, folder.stat().st_mtime)
                    except OSError:  # gone meanwhile (another worker's sweep)
                        continue
                    if touched < cutoff:
                        shutil.rmtree(folder, ignore_errors=True)
                        removed += 1
        return removed

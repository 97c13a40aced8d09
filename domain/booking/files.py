"""Uploaded files: the StoredFile aggregate records who owns which bytes; typing by magic bytes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.shared.actor import Actor
from domain.shared.aggregate import ActorCreated, DomainAggregate, audit_fields
from domain.shared.ids import name_based_id
from domain.shared.personal import is_erased

CHUNK_SIZE = 10_240
MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_CHUNKS = MAX_FILE_BYTES // CHUNK_SIZE

_MAGIC = (
    (b"%PDF-", "application/pdf", ".pdf"),
    (b"\x89PNG\r\n\x1a\n", "image/png", ".png"),
    (b"\xff\xd8\xff", "image/jpeg", ".jpg"),
)


def extension_of(content_type: str) -> str:
    """The extension of a type `sniff` gives ('' for any other)."""
    return next((extension for _, known, extension in _MAGIC if known == content_type), "")


def sniff(head: bytes) -> tuple[str, str] | None:
    """(content type, extension) from the first bytes, or None when it is none of PDF, PNG and JPEG."""
    for magic, content_type, extension in _MAGIC:
        if head.startswith(magic):
            return content_type, extension
    return None


@dataclass(frozen=True)
class Assembled:
    """An upload whose chunks are all in, joined and typed: what a `StoredFile` records of its bytes."""

    storage_name: str
    name: str
    content_type: str
    size: int
    sha256: str


def stored_file_id(owner_id: str, upload_key: str, sha256: str) -> UUID:
    return name_based_id("file", f"{owner_id}:{upload_key}:{sha256}")


class StoredFile(DomainAggregate):
    @staticmethod
    def create_id(owner_id: str, upload_key: str, sha256: str, **_: Any) -> UUID:
        return stored_file_id(owner_id, upload_key, sha256)

    class Stored(ActorCreated):
        # A file's name may name a person ("passport-sara-rahimi.pdf"); it goes with its owner's data.
        personal_fields = ("name",)
        personal_owner = "owner_id"

        owner_id: str
        upload_key: str
        name: str
        content_type: str
        size: int
        sha256: str
        storage_name: str

    @event(Stored)
    def __init__(
        self,
        owner_id: str,
        upload_key: str,
        name: str,
        content_type: str,
        size: int,
        sha256: str,
        storage_name: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.owner_id = owner_id
        self.upload_key = upload_key
        self.name = name
        self.content_type = content_type
        self.size = size
        self.sha256 = sha256
        self.storage_name = storage_name

    @property
    def download_name(self) -> str:
        """The name a download gives it: the client's, or once its owner is erased, the file's id and the
        extension of its type alone (the client's name may have named her)."""
        if is_erased(self.name):
            return f"{self.id}{extension_of(self.content_type)}"
        return self.name

    @classmethod
    def store(cls, owner: Actor, upload_key: str, upload: Assembled) -> StoredFile:
        return cls(
            owner_id=owner.id,
            upload_key=upload_key,
            name=upload.name,
            content_type=upload.content_type,
            size=upload.size,
            sha256=upload.sha256,
            storage_name=upload.storage_name,
            **audit_fields(owner),
        )

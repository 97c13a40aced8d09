"""Uploaded files: the StoredFile aggregate records who owns which bytes; typing by magic bytes; the name a
file keeps of the one it was sent under."""

from __future__ import annotations

import re
import unicodedata
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
# The longest name a file keeps, in characters, its extension included.
MAX_NAME_CHARACTERS = 120

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


# Spellings of an extension that name the same type as the one `sniff` gives.
_SAME_TYPE = {".jpg": (".jpg", ".jpeg", ".jpe"), ".pdf": (".pdf",), ".png": (".png",)}
# Invisible format characters a name may not keep: bidi embeddings, overrides, isolates and marks (U+202E
# makes "\u202egpj.exe" read "exe.jpg"), and the rest of Unicode's format class. The zero-width non-joiner
# and joiner stay: Persian writes with the first ("شجاعی‌فر"), and the second joins what it sits between.
_KEPT_FORMAT = frozenset("\u200c\u200d")
_UNSAFE_CATEGORIES = frozenset(("Cc", "Cs", "Zl", "Zp"))
# What a name may not start or end with: spaces, and dots (a leading one hides a file; Windows drops a
# trailing one).
_EDGES = re.compile(r"^[\s.\u200c\u200d]+|[\s.\u200c\u200d]+$")


def _safe(character: str) -> str:
    category = unicodedata.category(character)
    if category in _UNSAFE_CATEGORIES or (category == "Cf" and character not in _KEPT_FORMAT):
        return " " if character.isspace() else ""
    return character


def kept_name(sent: str | None, extension: str) -> str:
    """The name a file keeps of the one it was sent under, in any script: NFC, its last path part only,
    without control and format characters (a bidi override could disguise its extension), without leading
    dots, at most MAX_NAME_CHARACTERS long, ending in the extension of the type its bytes are (a PNG sent as
    `x.html` is `x.png`: a browser or desktop that trusts the name opens what the bytes are). '' when nothing
    is left."""
    text = "".join(_safe(c) for c in unicodedata.normalize("NFC", sent or ""))
    base = _EDGES.sub("", text.replace("\\", "/").rpartition("/")[2])
    stem, dot, suffix = base.rpartition(".")
    stem = _EDGES.sub("", stem)
    if dot and stem and "." + suffix.lower() in _SAME_TYPE.get(extension, (extension,)):
        ending = "." + suffix
    else:
        stem, ending = (stem if dot and stem else base), extension
    stem = _EDGES.sub("", stem[: MAX_NAME_CHARACTERS - len(ending)])
    return stem + ending if stem else ""


@dataclass(frozen=True)
class Assembled:
    """An upload whose chunks are all in, joined and typed: what a `StoredFile` records of its bytes."""

    storage_name: str
    name: str  # the name it keeps (`kept_name`); '' when nothing was left of the one sent
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
    def id_name(self) -> str:
        """The file's id and the extension of its type: the name of a file that has no other."""
        return f"{self.id}{extension_of(self.content_type)}"

    @property
    def download_name(self) -> str:
        """The name a download gives it: the client's, or once its owner is erased, its `id_name` alone (the
        client's name may have named her)."""
        return self.id_name if is_erased(self.name) else self.name

    @classmethod
    def store(cls, owner: Actor, upload_key: str, upload: Assembled) -> StoredFile:
        file_id = stored_file_id(owner.id, upload_key, upload.sha256)
        return cls(
            owner_id=owner.id,
            upload_key=upload_key,
            name=upload.name or f"{file_id}{extension_of(upload.content_type)}",
            content_type=upload.content_type,
            size=upload.size,
            sha256=upload.sha256,
            storage_name=upload.storage_name,
            **audit_fields(owner),
        )

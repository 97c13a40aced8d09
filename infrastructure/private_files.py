"""Files that hold secrets or personal data (the event store, read models, the outbox with live reset links
and codes, the development JWT secret, uploaded documents) are created readable by their owner only:
0600 files in 0700 folders, from the first byte (never created wider and narrowed after)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import BinaryIO

FILE_MODE = 0o600
FOLDER_MODE = 0o700


def private_folder(path: Path) -> Path:
    """`path` exists; the folders this call creates (its missing parents too) are 0700."""
    missing = [folder for folder in (path, *path.parents) if not folder.exists()]
    for folder in reversed(missing):
        folder.mkdir(mode=FOLDER_MODE, exist_ok=True)
    return path


def private_file(path: Path) -> Path:
    """`path` exists, 0600 (created so; an older, wider file is narrowed), its content untouched. SQLite
    gives its -wal and -shm files the database file's mode."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=FOLDER_MODE)
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT, FILE_MODE))
    os.chmod(path, FILE_MODE)
    return path


def open_private(path: Path, append: bool = False) -> BinaryIO:
    """`path` opened for writing (truncated, or appended to), the file created 0600."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if append else os.O_TRUNC)
    return os.fdopen(os.open(path, flags, FILE_MODE), "ab" if append else "wb")


def write_private(path: Path, data: bytes) -> None:
    """Write `data` to `path` (replacing what it held), the file created 0600."""
    with open_private(path) as out:
        out.write(data)


def write_private_new(path: Path, data: bytes) -> None:
    """Create `path` 0600 with `data`; FileExistsError when it exists (two processes racing for it)."""
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE), "wb") as out:
        out.write(data)

"""The wrapping keys of the personal data keys, kept outside the database (and so outside its backups).

Every data key in `personal_data_keys` is wrapped under one wrapping key of a numbered generation; the ring
holds the generations in use, each wrapped under the master key (`PERSONAL_DATA_KEY`, else
`VAR_DIR/personal-data-key`). An erasure rotates: a new generation is added, every surviving data key is
rewrapped under it in one database transaction, then the old generation is dropped from the ring. A backup of
the database taken before holds its data keys wrapped under a generation that no longer exists anywhere.

The ring is a small JSON file (`PERSONAL_DATA_KEY_RING`, default `VAR_DIR/keys/personal-data-ring`), replaced
whole (written aside, flushed, renamed), so a reader sees the old or the new one, never half of one. Changes
to it are made under an exclusive lock of the file beside it, by one process at a time.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

_CONTEXT = b"freight personal data key ring "


class KeyRefused(Exception):
    """This process's key material does not open the store's personal data keys: it must not start."""


class KeyRing:
    """Generations of wrapping keys: in a file, or (`path` None: a store in memory) in this process."""

    def __init__(self, path: Path | None, master: bytes, setting: str = "PERSONAL_DATA_KEY") -> None:
        self.path = path
        self.setting = setting
        self._master = AESGCM(master)
        self._keys: dict[int, bytes] = {}
        self._loaded = False
        self._memory_lock = threading.RLock()

    # -- reading --------------------------------------------------------------------------------------------
    def generations(self, reload: bool = False) -> dict[int, bytes]:
        """The wrapping keys by generation (read again from the file when asked, or never read yet)."""
        if self.path is not None and (reload or not self._loaded):
            self._keys = self._read()
            self._loaded = True
        return dict(self._keys)

    def key(self, generation: int) -> bytes | None:
        """The wrapping key of `generation`; the file is read again when this process does not know it yet
        (another process rotated)."""
        found = self.generations().get(generation)
        if found is None and self.path is not None:
            found = self.generations(reload=True).get(generation)
        return found

    def _read(self) -> dict[int, bytes]:
        assert self.path is not None
        try:
            text = self.path.read_text()
        except FileNotFoundError:
            return {}
        stored = json.loads(text)["keys"]
        keys: dict[int, bytes] = {}
        for name, wrapped in stored.items():
            raw = base64.b64decode(wrapped)
            try:
                keys[int(name)] = self._master.decrypt(raw[:12], raw[12:], _CONTEXT + name.encode())
            except InvalidTag:
                raise KeyRefused(
                    f"{self.setting} does not open the personal data key ring {self.path}: start every"
                    " process with the master key this installation's store was sealed under"
                ) from None
        return keys

    # -- changing (under `locked()`) ------------------------------------------------------------------------
    def write(self, keys: dict[int, bytes]) -> None:
        """Replace the ring with `keys`: whole or not at all, on disk before this answers."""
        if self.path is None:
            self._keys = dict(keys)
            return
        stored = {}
        for generation, key in sorted(keys.items()):
            nonce = secrets.token_bytes(12)
            sealed = self._master.encrypt(nonce, key, _CONTEXT + str(generation).encode())
            stored[str(generation)] = base64.b64encode(nonce + sealed).decode()
        folder = self.path.parent
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        draft = folder / f".{self.path.name}.{secrets.token_hex(8)}"
        descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(descriptor, "w") as file:
                file.write(json.dumps({"format": 1, "keys": stored}))
                file.flush()
                os.fsync(file.fileno())
            os.replace(draft, self.path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                draft.unlink()
        directory = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(directory)  # the rename itself survives a power cut
        finally:
            os.close(directory)
        self._keys = dict(keys)
        self._loaded = True

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Held while the ring is changed (and the store's keys rewrapped): one process at a time."""
        if self.path is None:
            with self._memory_lock:
                yield
            return
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        descriptor = os.open(self.path.parent / f"{self.path.name}.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            with self._memory_lock:
                # A draft left here was being written by a process killed meanwhile: it may hold a generation
                # since destroyed, so it goes too.
                for draft in self.path.parent.glob(f".{self.path.name}.*"):
                    draft.unlink(missing_ok=True)
                yield
        finally:
            os.close(descriptor)  # closing releases the lock


def new_key() -> bytes:
    return secrets.token_bytes(32)

"""Where a message sends its reader. The domain says which page (set a password, see a booking); the adapter
that knows the web's paths and query keys builds the address (`api/links.py`)."""

from __future__ import annotations

from typing import Protocol


class Links(Protocol):
    def set_password(self, token: str, username: str) -> str:
        """The page that sets (or resets) `username`'s password with `token`."""
        ...

    def booking(self, rate_request_id: str) -> str:
        """The customer's page of one booking."""
        ...

"""Where a message sends its reader. The domain says which page (set a password, see a booking); the adapter
that knows the web's paths and query keys builds the address (`api/links.py`)."""

from __future__ import annotations

from typing import Protocol


class Links(Protocol):
    def set_password(self, token: str, username: str) -> str:
        """The page that sets (or resets) `username`'s password with `token`."""
        ...

    def team_invitation(self, token: str) -> str:
        """The page where an invited colleague sets their password and joins the company's team."""
        ...

    def booking(self, rate_request_id: str) -> str:
        """The customer's page of one booking."""
        ...

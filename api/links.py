"""The portal's pages as the messages link them (`domain/shared/links.py`): the web router's paths
(web/src/app/router.tsx) and their query keys, in one place on the server."""

from __future__ import annotations

from urllib.parse import urlencode


class PortalLinks:
    def __init__(self, site_url: str) -> None:
        self.site = site_url.rstrip("/")

    def set_password(self, token: str, username: str) -> str:
        return (
            f"{self.site}/forgetpassword/createpassword?{urlencode({'token': token, 'nationalId': username})}"
        )

    def team_invitation(self, token: str) -> str:
        return f"{self.site}/team/invitation?{urlencode({'token': token})}"

    def booking(self, rate_request_id: str) -> str:
        return f"{self.site}/dashboard/bookings/rate-request/detail/{rate_request_id}"

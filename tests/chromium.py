"""Debian's Chromium as the browser tests and the benchmark's first-paint figure launch it: its old headless
shell (package chromium-headless-shell, decision 3802), no sandbox (containers), nothing fetched in the
background, shared memory in /tmp. Never downloads a browser."""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium-headless-shell")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]

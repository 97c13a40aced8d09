"""Web figures: the initial JavaScript and CSS (gzip) of the built app, and first contentful paint."""

from __future__ import annotations

import gzip
import re
import statistics
from pathlib import Path
from typing import Any

_REFERENCES = re.compile(
    r"""<(?:script[^>]*\ssrc|link[^>]*\shref)=["']([^"']+\.(?:js|mjs|css))["'][^>]*>""", re.IGNORECASE
)


def initial_assets(index_html: str) -> list[str]:
    """The scripts, module preloads and stylesheets `index.html` loads before the app can paint."""
    seen: list[str] = []
    for match in _REFERENCES.finditer(index_html):
        tag = match.group(0).lower()
        if tag.startswith("<link") and not re.search(r"rel=[\"'](modulepreload|stylesheet|preload)", tag):
            continue
        if match.group(1) not in seen:
            seen.append(match.group(1))
    return seen


def bundle_sizes(dist: Path) -> dict[str, Any]:
    """Raw and gzip (level 9) bytes of each initial asset and their sum; empty when the app is not built."""
    index = dist / "index.html"
    if not index.is_file():
        return {"built": False, "assets": {}, "raw_bytes": 0, "gzip_bytes": 0}
    assets: dict[str, dict[str, int]] = {}
    for reference in initial_assets(index.read_text(encoding="utf-8")):
        path = dist / reference.lstrip("/")
        if not path.is_file():
            continue
        data = path.read_bytes()
        assets[reference] = {"raw": len(data), "gzip": len(gzip.compress(data, compresslevel=9))}
    return {
        "built": True,
        "assets": assets,
        "raw_bytes": sum(a["raw"] for a in assets.values()),
        "gzip_bytes": sum(a["gzip"] for a in assets.values()),
    }


def first_contentful_paint(url: str, executable: str | None = None, runs: int = 3) -> dict[str, Any]:
    """FCP of `url` in headless Chromium (by default the browser tests' own), cold cache each run (a fresh
    context); the median of `runs`."""
    from tests.chromium import CHROMIUM, CHROMIUM_FLAGS

    executable = executable or CHROMIUM
    if not Path(executable).exists():
        return {"error": f"{executable} not found", "fcp_ms": None}
    from playwright.sync_api import sync_playwright

    samples: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS, headless=True)
        try:
            for _ in range(runs + 1):  # the first run warms the browser process itself; not counted
                context = browser.new_context()
                page = context.new_page()
                page.goto(url, wait_until="load")
                value = page.evaluate(
                    """() => new Promise(resolve => {
                        const read = () => {
                          const e = performance.getEntriesByName('first-contentful-paint')[0];
                          if (e) resolve(e.startTime); else setTimeout(read, 20);
                        };
                        read();
                        setTimeout(() => resolve(null), 5000);
                    })"""
                )
                context.close()
                if value is not None:
                    samples.append(float(value))
        finally:
            browser.close()
    counted = samples[1:] if len(samples) > 1 else samples
    return {"fcp_ms": statistics.median(counted) if counted else None, "samples_ms": counted}

"""Reading the initial JavaScript and CSS of the built web app."""

from __future__ import annotations

import gzip
from pathlib import Path

from bench.web import bundle_sizes, initial_assets

INDEX = """<!doctype html><html><head>
<link rel="icon" href="/favicon.svg" />
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
<link rel="stylesheet" crossorigin href="/assets/index-123.css">
<link rel="prefetch" href="/assets/later-999.js">
</head><body><div id="root"></div></body></html>"""


def test_initial_assets_are_entry_preloads_and_styles_only() -> None:
    assert initial_assets(INDEX) == ["/assets/index-abc.js", "/assets/vendor-def.js", "/assets/index-123.css"]


def test_bundle_sizes_sum_gzip_of_initial_assets(tmp_path: Path) -> None:
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text(INDEX)
    contents = {"index-abc.js": b"a" * 5000, "vendor-def.js": b"let x = 1;\n" * 300, "index-123.css": b"p{}"}
    for name, data in contents.items():
        (tmp_path / "assets" / name).write_bytes(data)
    (tmp_path / "assets" / "later-999.js").write_bytes(b"z" * 100_000)
    sizes = bundle_sizes(tmp_path)
    assert sizes["built"] is True
    assert sizes["raw_bytes"] == sum(len(d) for d in contents.values())
    assert sizes["gzip_bytes"] == sum(len(gzip.compress(d, compresslevel=9)) for d in contents.values())


def test_unbuilt_app_reports_not_built(tmp_path: Path) -> None:
    assert bundle_sizes(tmp_path) == {"built": False, "assets": {}, "raw_bytes": 0, "gzip_bytes": 0}

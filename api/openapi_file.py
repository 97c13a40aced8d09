"""The OpenAPI document's export for the web.

`python -m api.openapi_file` (`make openapi`) writes `web/openapi.json` with sorted keys, so the file changes
only when the contract does; tests/api/test_openapi_document.py fails when the checked-in file is stale.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from api.main import create_app

WEB_OPENAPI = Path(__file__).resolve().parent.parent / "web" / "openapi.json"


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def current_document() -> str:
    """The document of the app as the code declares it (no services are started), without `servers`: that
    is where one deployment is reached (PUBLIC_URL), not part of the contract the web's types come from."""
    schema = dict(create_app().openapi())
    schema.pop("servers", None)
    return render(schema)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Write the OpenAPI document the web app's types come from.")
    parser.add_argument("--output", type=Path, default=WEB_OPENAPI)
    args = parser.parse_args(argv)
    args.output.write_text(current_document(), encoding="utf-8")
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()

"""What each signed document undertakes is said once for the letter the web writes in
(contract/booking-letters.json) and once in its blank template: every document type has its statement, and
its blank template says the same English words; its Persian translation is beside them."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "domain" / "booking" / "reference"


def test_every_document_type_has_its_statement_and_its_template_says_it() -> None:
    statements = json.loads((ROOT / "contract" / "booking-letters.json").read_text(encoding="utf-8"))
    with (REFERENCE / "document_types.csv").open(encoding="utf-8") as rows:
        types = list(csv.DictReader(rows))
    assert types
    for row in types:
        said = statements.get(row["name"]) or {}
        statement = said.get("en")
        assert statement, f"no statement for {row['name']}"
        assert re.search("[\u0600-\u06ff]", said.get("fa") or ""), f"no Persian for {row['name']}"
        template = (REFERENCE / "templates" / row["template"]).read_bytes()
        assert f"({statement})".encode("latin-1") in template, row["name"]
    assert set(statements) - {"_comment"} == {row["name"] for row in types}

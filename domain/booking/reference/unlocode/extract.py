"""Make `ports.csv` beside this file from a UNECE UN/LOCODE release's code list (CSV, one file or parts).

    python domain/booking/reference/unlocode/extract.py 'UNLOCODE CodeListPart1.csv' ... > ports.csv

Keeps the entries whose function field marks a port (a `1` in its first position), not marked for
removal (`X`), with the country's name from the release's country rows. Run again on a newer release:
ids are derived from the code (see `domain.booking.reference.unlocode_port_id`), so no id moves.
"""

from __future__ import annotations

import csv
import sys


def country_title(raw: str) -> str:
    # The release writes country rows as `.IRAN, ISLAMIC REPUBLIC OF`.
    return " ".join(w.capitalize() if w.isalpha() else w for w in raw.lstrip(".").title().split())


def main(paths: list[str]) -> None:
    countries: dict[str, str] = {}
    ports: dict[str, tuple[str, str, str]] = {}
    for path in paths:
        with open(path, encoding="utf-8", newline="") as handle:
            for row in csv.reader(handle):
                if len(row) < 7:
                    continue
                change, country, place, name, _plain, subdivision, function = row[:7]
                if not place and name.startswith("."):
                    countries[country] = country_title(name)
                elif place and change != "X" and function[:1] == "1":
                    ports[country + place] = (name, country, subdivision)
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["code", "name", "country", "subdivision"])
    for code in sorted(ports):
        name, country, subdivision = ports[code]
        out.writerow([code, name, countries.get(country, country), subdivision])


if __name__ == "__main__":
    main(sys.argv[1:])

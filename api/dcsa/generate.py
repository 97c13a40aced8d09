"""`make dcsa-models` (`python -m api.dcsa.generate`): the generated DCSA models, written again from the
vendored documents; `--check` says whether the committed ones are what the command writes.

DCSA Booking 2.0.5 (`contract/dcsa/BKG_v2.0.5.yaml`) becomes `api/dcsa/booking/models.py`, DCSA Bill of
Lading 3.0.3 (`contract/dcsa/EBL_v3.0.3.yaml`) `api/dcsa/ebl/models.py`: the document's
descriptions, examples and titles are left out (the models are the wire's rules, the standard is read for
the prose), datamodel-code-generator writes the models, each `oneOf` root model gets its `_one_of` validator
(a body matching two members is refused: api/dcsa/one_of.py), and ruff formats the file as the
project's. Track & Trace and Commercial Schedules have no generated models: their documents validate the
bodies themselves (api/dcsa/tracking/models.py, api/dcsa/schedules/models.py).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent.parent
BOOKING_DOCUMENT = ROOT / "contract" / "dcsa" / "BKG_v2.0.5.yaml"
BOOKING_MODELS = ROOT / "api" / "dcsa" / "booking" / "models.py"
GENERATOR_OPTIONS = [
    "--input-file-type=openapi",
    "--output-model-type=pydantic_v2.BaseModel",
    "--use-annotated",
    "--use-standard-collections",
    "--use-union-operator",
    "--field-constraints",
    "--enum-field-as-literal=all",
    "--disable-timestamp",
    "--formatters=builtin",
    # The standard's integers, numbers and booleans are JSON's: "2" is not 2 and 1 is not true.
    "--strict-types",
    "int",
    "float",
    "bool",
]
ONE_OF_MODELS = ("CancelBookingRequest", "PlaceOfBLIssue", "DangerousGoods")
EBL_DOCUMENT = ROOT / "contract" / "dcsa" / "EBL_v3.0.3.yaml"
EBL_MODELS = ROOT / "api" / "dcsa" / "ebl" / "models.py"
EBL_ONE_OF_MODELS = (
    "CancelShippingInstructionsUpdate",
    "PartyContactDetail",
    "PartyContactDetailHBL",
    "PartyContactDetailWithPattern",
    "PlaceOfIssue",
    "InvoicePayableAt",
    "DangerousGoods",
    "UtilizedTransportEquipmentShipper",
)
PROSE = {"description", "example", "examples", "title"}

HEADER = '''\
"""DCSA Booking 2.0.5 wire models, generated from `contract/dcsa/BKG_v2.0.5.yaml` (descriptions, examples
and titles left out) by `make dcsa-models` (api/dcsa/generate.py, datamodel-code-generator).

Do not edit by hand: regenerate (tests/unit/test_dcsa_models.py fails when this file is not what the command
writes). Property names are the standard's own (`UNLocationCode`, `ISOEquipmentCode`). Each `oneOf` root model
(CancelBookingRequest, PlaceOfBLIssue, DangerousGoods) has its `_one_of` validator (a body matching two
members is refused).
"""'''

EBL_HEADER = '''\
"""DCSA Bill of Lading 3.0.3 wire models, generated from `contract/dcsa/EBL_v3.0.3.yaml` (descriptions,
examples and titles left out) by `make dcsa-models` (api/dcsa/generate.py, datamodel-code-generator).

Do not edit by hand: regenerate (tests/unit/test_dcsa_models.py fails when this file is not what the command
writes). Property names are the standard's own; a class named as one of the booking models' is prefixed
`Ebl` (one schema name each in the OpenAPI document). Each `oneOf` root model has its `_one_of` validator (a
body matching two members is refused).
"""'''

ONE_OF_VALIDATOR = """

    @model_validator(mode="before")
    @classmethod
    def _one_of(cls, data: Any) -> Any:
        return exactly_one(cls, data)  # the standard's oneOf: one member only (api/dcsa/one_of.py)
"""


def without_prose(schema: Any, names: bool = False) -> Any:
    """The document without its prose keywords; `names`: `schema` maps property names (kept, whatever they
    are called) to schemas."""
    if isinstance(schema, dict):
        return {
            key: without_prose(value, names=key == "properties" and not names)
            for key, value in schema.items()
            if names or key not in PROSE
        }
    if isinstance(schema, list):
        return [without_prose(value) for value in schema]
    return schema


def _with_one_of_validators(source: str, names: tuple[str, ...]) -> str:
    for name in names:
        # A long name's class line and root are wrapped by the formatter: either may span lines.
        pattern = (
            rf"(\nclass {name}\(\s*RootModel\[[^\]]*\]\s*\):\n"
            r"    root: [^\n]+\n(?:(?:        [^\n]*|    \][^\n]*)\n)*)"
        )
        source, found = re.subn(pattern, lambda m: m.group(1).rstrip("\n") + ONE_OF_VALIDATOR, source)
        if found != 1:
            raise RuntimeError(f"no oneOf root model {name} in the generated models")
    source = source.replace("from typing import ", "from typing import Any, ", 1)
    return source.replace(
        "from pydantic import ",
        "from api.dcsa.one_of import exactly_one\nfrom pydantic import model_validator, ",
        1,
    )


def _calendar_dates(source: str) -> str:
    """Every `format: date` property typed `CalendarDate` (api/dcsa/calendar_date.py): `YYYY-MM-DD` only."""
    typed = re.sub(r"(?<=: )date\b|(?<=\[)date\b|(?<=\| )date\b", "CalendarDate", source)
    if typed == source:
        return source
    return typed.replace(
        "from datetime import date\n", "from api.dcsa.calendar_date import CalendarDate\n", 1
    )


def _formatted(source: str, *, joined: bool = False) -> str:
    """`source` formatted as the project's; `joined`: a construct the generator broke over lines with a
    trailing comma is joined again where it fits on one."""

    def ruff(*args: str, text: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "ruff", *args, "--stdin-filename", str(BOOKING_MODELS), "-"],
            input=text,
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        )
        return done.stdout

    fixed = ruff("check", "--fix-only", "--select", "I,UP,F401", "--exit-zero", text=source)
    joining = ["--config", "format.skip-magic-trailing-comma=true"] if joined else []
    return ruff("format", *joining, text=fixed)


def booking_models() -> str:
    """`api/dcsa/booking/models.py` as the command writes it."""
    return _models(BOOKING_DOCUMENT, HEADER, ONE_OF_MODELS)


def ebl_models() -> str:
    """`api/dcsa/ebl/models.py` as the command writes it: a class named as one of the booking models is
    prefixed `Ebl` (`EblErrorResponse`), so that each keeps a schema name of its own in the portal's OpenAPI
    document (two models of one name would be qualified by module, and a generated client drops one)."""
    taken = set(re.findall(r"^class (\w+)\(", booking_models(), re.MULTILINE))
    return _models(EBL_DOCUMENT, EBL_HEADER, EBL_ONE_OF_MODELS, taken)


def _renamed(source: str, taken: set[str]) -> str:
    clashing = set(re.findall(r"^class (\w+)\(", source, re.MULTILINE)) & taken
    if not clashing:
        return source
    names = "|".join(sorted(clashing, key=len, reverse=True))
    # Class names only: a property is lower camel case, a string value is quoted.
    return re.sub(rf'(?<![\w"])({names})\b(?!")', r"Ebl\1", source)


def _models(path: Path, header: str, one_of: tuple[str, ...], taken: set[str] | None = None) -> str:
    document = without_prose(yaml.safe_load(path.read_text()))
    with tempfile.TemporaryDirectory() as folder:
        given, written = Path(folder) / "booking.yaml", Path(folder) / "models.py"
        given.write_text(yaml.safe_dump(document, sort_keys=False))
        generator = [sys.executable, "-m", "datamodel_code_generator", *GENERATOR_OPTIONS]
        subprocess.run(
            [*generator, "--input", str(given), "--output", str(written), "--custom-file-header", header],
            check=True,
            capture_output=True,
        )
        source = written.read_text()
    # Formatted first, so that each root model reads as one line; then again, the validators' imports sorted.
    with_validators = _with_one_of_validators(_calendar_dates(_formatted(source, joined=True)), one_of)
    return _formatted(_renamed(with_validators, taken or set()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="say whether the committed models are current")
    args = parser.parse_args(argv)
    stale = 0
    for target, models in ((BOOKING_MODELS, booking_models()), (EBL_MODELS, ebl_models())):
        if args.check:
            current = target.exists() and target.read_text() == models
            state = "current" if current else "stale: run make dcsa-models"
            print(f"{target.relative_to(ROOT)}: {state}")
            stale += not current
            continue
        target.write_text(models)
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())

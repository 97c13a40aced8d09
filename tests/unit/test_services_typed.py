"""The services object is typed wherever it is passed or held: no parameter, variable or field named
`services` is annotated `Any` (mypy then checks every use of it). Read from the source with `ast`."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("api", "projections", "policies", "followers", "infrastructure", "bench", "tests")


def untyped_services(source: str) -> list[int]:
    """The lines where something named `services` is annotated `Any`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        named: list[tuple[str, ast.expr | None, int]] = []
        if isinstance(node, ast.arg):
            named.append((node.arg, node.annotation, node.lineno))
        elif isinstance(node, ast.AnnAssign):
            target = node.target
            name = target.id if isinstance(target, ast.Name) else getattr(target, "attr", "")
            named.append((name, node.annotation, node.lineno))
        for name, annotation, line in named:
            if name == "services" and ast.unparse(annotation or ast.Constant(None)) in ("Any", "typing.Any"):
                found.append(line)
    return sorted(found)


def test_the_services_object_is_never_annotated_any() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        for line in untyped_services(path.read_text())
    ]
    assert found == [], "annotate it `Services` (api.bootstrap): " + ", ".join(found)


def test_the_check_sees_parameters_variables_and_fields() -> None:
    source = (
        "def f(services: Any) -> None:\n"
        "    services: Any = 1\n"
        "class Held:\n"
        "    services: typing.Any\n"
        "def g(services: Services, other: Any) -> None: ...\n"
    )
    assert untyped_services(source) == [1, 2, 4]

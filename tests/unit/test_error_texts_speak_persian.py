"""Every error text the portal's doors can answer has its Persian: a person reading the app in Persian never
meets an English refusal. The texts are read from the source itself (the domain's errors, the limiters'
descriptions, what the functions that say why something is refused return, their constants and f-strings),
so an error added or reworded in English alone fails here.
The standard's doors (`api/dcsa/`) answer integrators in the standard's own error shape, in English, and are
left out. The check is shown to fail on an entry taken out of the catalogue."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from api.edge import languages
from domain.shared.errors import IllegalTransition
from domain.shared.lifecycle import lifecycle
from domain.shared.refusal_words import THINGS, named, not_found, refused

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("api", "domain", "infrastructure", "policies", "projections", "followers")
STANDARD_DOORS = ROOT / "api" / "dcsa"
ERRORS = {
    "DomainError",
    "ValidationFailed",
    "NotFound",
    "Forbidden",
    "Unauthorized",
    "AlreadyExists",
    "Conflict",
    "KeyReused",
    "TooManyAttempts",
}
# The maps a refusal's field messages are gathered in before `ValidationFailed(errors)`.
FIELD_MAPS = {"errors", "problems", "faults", "fields"}
# An f-string's values: any text stands for them (the catalogue's patterns match any).
VALUE = "{value}"
# What a Persian error may still spell in Latin letters: the wire's names, paths and the standards' acronyms,
# which the Persian screens spell so too ("کلید API"); never an English word.
IDENTIFIERS = re.compile(r"POST /v3/events|/v2\b|\b(API|JSON|IMO|IP|https?|TotalChunks)\b")
Text = tuple[str, str]  # (the text, where it is raised)


def _trees() -> dict[Path, ast.Module]:
    return {
        path: ast.parse(path.read_text(encoding="utf-8"))
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
    }


def _own_constants(tree: ast.Module) -> dict[str, set[str]]:
    """A module's upper-case string constants by name (an error's text is kept in one, `OWNER = "..."`)."""
    found: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign)
            else []
        )
        value = getattr(node, "value", None)
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            for target in targets:
                if isinstance(target, ast.Name) and target.id.isupper():
                    found.setdefault(target.id, set()).add(value.value)
    return found


def _module_path(module: str) -> Path:
    base = ROOT / module.replace(".", "/")
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def _constants(trees: dict[Path, ast.Module]) -> dict[Path, dict[str, set[str]]]:
    """The constants each module's names stand for: its own, else the one it imports by that name, else any
    module's of that name (a name resolved the way Python resolves it, so that two modules' constants of one
    name, a table's and an error's, are not taken for each other)."""
    own = {path: _own_constants(tree) for path, tree in trees.items()}
    anywhere: dict[str, set[str]] = {}
    for constants in own.values():
        for name, values in constants.items():
            anywhere.setdefault(name, set()).update(values)
    scopes: dict[Path, dict[str, set[str]]] = {}
    for path, tree in trees.items():
        imported: dict[str, set[str]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                source = own.get(_module_path(node.module), {})
                for alias in node.names:
                    if alias.name in source:
                        imported[alias.asname or alias.name] = source[alias.name]
        scopes[path] = {**anywhere, **imported, **own[path]}
    return scopes


def _describing(trees: dict[Path, ast.Module]) -> dict[str, int]:
    """Callables taking a `description` (a limiter, a helper that makes one): name -> its position."""
    found: dict[str, int] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                        names = [a.arg for a in item.args.args][1:]
                        if "description" in names:
                            found[node.name] = names.index("description")
            elif isinstance(node, ast.FunctionDef) and node.name != "__init__":
                names = [a.arg for a in node.args.args]
                names = names[1:] if names and names[0] in ("self", "cls") else names
                if "description" in names:
                    found[node.name] = names.index("description")
    return found


def _texts(node: ast.expr, constants: dict[str, set[str]]) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.Name) and node.id.isupper():
        yield from constants.get(node.id, ())
    elif isinstance(node, ast.JoinedStr):
        yield "".join(str(part.value) if isinstance(part, ast.Constant) else VALUE for part in node.values)
    elif isinstance(node, ast.Dict):  # ValidationFailed's fields
        for value in node.values:
            yield from _texts(value, constants)
    elif isinstance(node, ast.IfExp):
        yield from _texts(node.body, constants)
        yield from _texts(node.orelse, constants)


def _callee(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    return node.func.attr if isinstance(node.func, ast.Attribute) else None


def _answered_why(node: ast.AST) -> bool:
    """A function that answers why something is refused (`text_problem`, `role_refusal`, `refused`): what it
    returns is raised or put on a field by its caller."""
    return isinstance(node, ast.FunctionDef) and (
        node.name.endswith(("_problem", "_refusal")) or node.name == "refused"
    )


def _a_field_told(node: ast.AST) -> bool:
    """`errors["name"] = "..."`: a message put on a field of a refusal being gathered."""
    return isinstance(node, ast.Assign) and any(
        isinstance(target, ast.Subscript)
        and isinstance(target.value, ast.Name)
        and target.value.id in FIELD_MAPS
        for target in node.targets
    )


def error_texts() -> list[Text]:
    """Every text the source raises as an error, with where; the lifecycle's refusal as its template."""
    trees = _trees()
    scopes, describing = _constants(trees), _describing(trees)
    found: list[Text] = []
    for path, tree in trees.items():
        if path.is_relative_to(STANDARD_DOORS):
            continue
        constants = scopes[path]
        for function in filter(_answered_why, ast.walk(tree)):
            for node in ast.walk(function):
                if isinstance(node, ast.Return) and node.value is not None:
                    where = f"{path.relative_to(ROOT)}:{node.lineno}"
                    found += [(text, where) for text in _texts(node.value, constants)]
        for node in ast.walk(tree):
            if _a_field_told(node):
                assert isinstance(node, ast.Assign)
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                found += [(text, where) for text in _texts(node.value, constants)]
            if not isinstance(node, ast.Call):
                continue
            name = _callee(node)
            if name in ERRORS:
                named = [k.value for k in node.keywords if k.arg in ("description", "fields")]
                arguments = [*node.args[:2], *named]
            elif name in describing and name != "failure":
                position = describing[name]
                arguments = [*node.args[position : position + 1]]
                arguments += [k.value for k in node.keywords if k.arg == "description"]
            else:
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            found += [(text, where) for argument in arguments for text in _texts(argument, constants)]
    said = lifecycle("rate_request").action("accept_price")  # the trigger's words, from its file
    refusal = str(IllegalTransition("rate_request", "quoted", "accept_price", 0, action=said))
    found.append((refusal, "domain/shared/errors.py (IllegalTransition)"))
    found += _catalogued_refusals()
    return [(text, where) for text, where in found if "\n" not in text and text.strip()]


def _catalogued_refusals() -> list[Text]:
    """Every refusal the domain says from contract/refusal-words.json: each act of each thing in each of its
    states, each named thing not found, each kind of key unknown (decision 3847)."""
    where = "domain/shared/refusal_words.py"
    found = [
        (str(refused(thing, state, trigger)), where)
        for thing, spec in THINGS.items()
        for trigger in spec["triggers"]
        for state in spec.get("states", {"quoted": {}})
    ]
    found += [(str(not_found(thing)), where) for thing, spec in THINGS.items() if "label" in spec]
    found += [
        (f"Unknown or revoked {named(kind)}", "api/edge/identity.py") for kind in ("api_key", "publisher_key")
    ]
    return found


def untranslated(texts: list[Text], translate: Callable[[str, str], str]) -> list[str]:
    said: dict[str, str] = {}
    for text, where in texts:
        example = text.replace(VALUE, "x1")
        if translate(example, "fa") == example:
            said.setdefault(text, f"{where}: {text}")
    return sorted(said.values())


TEXTS = error_texts()


def test_the_error_texts_are_found_where_they_are_raised() -> None:
    found = {text for text, _ in TEXTS}
    assert len(found) > 80
    # A constant, a limiter's description, an f-string, a field's message, a function's answer of why, and
    # the lifecycle's refusal.
    assert "The team needs at least one owner: make another member owner first" in found
    assert "Too many failed logins; try again later" in found
    assert "An account may have at most {value} active API keys; revoke one first" in found
    assert "The overlap must be between 0 and 168 hours" in found
    assert "A viewer may read the company's bookings, not change them" in found
    assert "Cannot accept the price of a rate request in state quoted (0)" in found
    assert "Cannot rotate the secret of a webhook subscription in state removed" in found
    assert "Cannot create the shipping order of a rate request in state quoted" in found


def test_every_error_text_has_its_persian() -> None:
    assert untranslated(TEXTS, languages.translated) == []


def english_in_persian(texts: list[Text], translate: Callable[[str, str], str]) -> list[str]:
    """The texts whose Persian still spells a word in Latin letters that is none of the wire's names, nor a
    value (an f-string's, stood for by a number)."""
    said: dict[str, str] = {}
    for text, where in texts:
        persian = translate(text.replace(VALUE, "1"), "fa")
        if re.search("[A-Za-z]", IDENTIFIERS.sub("", persian)):
            said.setdefault(text, f"{where}: {persian}")
    return sorted(said.values())


def test_no_error_text_quotes_english_inside_its_persian() -> None:
    """A Persian sentence names its things, acts and states in Persian: "revoke an api key در وضعیت
    «revoked»" was the Persian of a refusal no lifecycle file built, before contract/refusal-words.json."""
    assert english_in_persian(TEXTS, languages.translated) == []
    quoting = [("Cannot revoke a thing in state gone", "a refusal of no catalogue")]
    assert english_in_persian(quoting, languages.translated) != []


def test_the_check_fails_on_an_entry_taken_out(monkeypatch: pytest.MonkeyPatch) -> None:
    fewer = {key: said for key, said in languages.ERROR_MESSAGES.items() if key != "lastOwner"}
    monkeypatch.setattr(languages, "ERROR_MESSAGES", fewer)
    languages._catalogue.cache_clear()
    try:
        missing = untranslated(TEXTS, languages.translated)
    finally:
        monkeypatch.undo()
        languages._catalogue.cache_clear()
    assert len(missing) == 1 and re.search(r"domain/accounts/team\.py:\d+: The team needs", missing[0])


def test_a_message_put_on_a_field_is_read_as_an_error_text() -> None:
    told = ast.parse('errors["phone"] = f"Enter {kind} digits"').body[0]
    assert _a_field_told(told)
    assert list(_texts(told.value, {})) == ["Enter {value} digits"]  # type: ignore[attr-defined]
    assert not _a_field_told(ast.parse('state["scheme"] = "argon2id"').body[0])


def test_a_name_is_read_as_the_constant_its_module_means() -> None:
    # Two modules' constants of one name (a session's refusal, a tracking summary's words): each module's
    # name stands for its own, or the one it imports; only a name no module in reach defines reads any.
    trees = {
        ROOT / "api" / "a.py": ast.parse('ENDED = "Your session has ended"\nraise Unauthorized(ENDED)'),
        ROOT / "domain" / "b.py": ast.parse('ENDED = "tracking stopped"\nOTHER = "x"'),
        ROOT / "api" / "c.py": ast.parse("from domain.b import ENDED\nraise Conflict(ENDED, OTHER)"),
    }
    scopes = _constants(trees)
    assert scopes[ROOT / "api" / "a.py"]["ENDED"] == {"Your session has ended"}
    assert scopes[ROOT / "api" / "c.py"]["ENDED"] == {"tracking stopped"}
    assert scopes[ROOT / "api" / "c.py"]["OTHER"] == {"x"}

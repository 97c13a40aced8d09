"""The one input boundary: every request's input screened before any route reads it.

What no field of this API ever takes, whatever its schema says: text with lone surrogates (they cannot be
stored as UTF-8), control characters (NUL and the like; tab and line breaks are text) or bidirectional
overrides (they make a stored text read differently from what it is); text longer than `MAX_TEXT`, or an
identifier (a wire key named `id`, `...Id`, `...Reference`, `msds`) longer than `MAX_IDENTIFIER`, except
a body's field whose model allows more (the DCSA standard's 5,000-character cancellation `reason`); integers
beyond the store's 32-bit columns; numbers that are not finite. Each refusal is a 400 naming the field by
its wire path (`parties.0.name`), before anything is recorded. A number sent where the body's model takes
only text is refused as what it is, a number where a text was expected, never by a number's bounds.

Which bodies are screened is decided by the same rule FastAPI uses to parse a body as JSON
(`parsed_as_json`), whatever the spelling of the media type (`APPLICATION/JSON`, `application/json;
charset=utf-8`, `application/merge-patch+json`, `application/vnd.x+json`): a body the app would parse as JSON
can never pass unscreened. A route that takes a JSON body answers any other media type (or none) with 415.
A route that takes a form (the upload's multipart chunks) has each text field of it screened the same way.
A body that cannot be read at all (not UTF-8, nested beyond what a parser can follow, compressed, a broken
multipart form) is a 400 naming `body` (415 naming `Content-Encoding` for a compressed one), as the screen
names it where it reads the body first (`unreadable_body`).
A route that reads its body itself declares the media types it takes (its OpenAPI `requestBody`): any other
is 415, and a text body (CSV) passes the same character screen, by line, as the text of a JSON body (the
route reads it through `screened_body`, once it knows who is asking).

Query and path values are screened as the route declares them: a value is read as a number only when the
route declares that parameter a number. An identifier such as a 10-digit national ID is text, whatever its
digits.
"""

from __future__ import annotations

import email.message
import json
import math
import re
import types
from typing import Annotated, Any, Literal, NamedTuple, Union, get_args, get_origin

from fastapi import Request
from fastapi.dependencies.utils import get_flat_params
from fastapi.params import Form
from fastapi.routing import APIRoute
from pydantic import BaseModel, RootModel
from starlette.exceptions import HTTPException

from domain.shared.errors import ValidationFailed

MAX_TEXT = 4000
MAX_IDENTIFIER = 128
MAX_INTEGER = 2**31 - 1
MAX_NUMBER = 1e15
# No body of this API nests deeper (the DCSA documents reach about 8 levels).
MAX_DEPTH = 64
BODY_NOT_UTF8 = "The body is not UTF-8 text"
BODY_TOO_DEEP = "The body is nested too deeply"
BODY_NOT_JSON = "The body is not JSON"
BODY_NOT_A_FORM = "The body is not a readable form (multipart/form-data)"
BODY_COMPRESSED = "Send the body uncompressed: Content-Encoding is not supported"
CONTENT_ENCODING = "Content-Encoding"
_FORM_MEDIA_TYPES = ("multipart/form-data", "application/x-www-form-urlencoded")
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_INTEGER_TEXT = re.compile(r"[+-]?[0-9]+")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# Wire keys that name an identifier (a reference to something stored): text of bounded length.
_IDENTIFIER_KEY = re.compile(r"(?:id|.*Id|.*ID|reference|.*Reference|msds)")


def parsed_as_json(content_type: str | None) -> bool:
    """Whether FastAPI parses a body of this media type as JSON (fastapi/routing.py, `get_request_handler`):
    `application/json` or `application/<anything>+json`, in any letter case and with any parameters."""
    if not content_type:
        return False
    message = email.message.Message()
    message["content-type"] = content_type
    if message.get_content_maintype() != "application":
        return False
    subtype = message.get_content_subtype()
    return subtype == "json" or subtype.endswith("+json")


def text_problem(value: str, limit: int = MAX_TEXT) -> str | None:
    if len(value) > limit:
        return f"At most {limit} characters"
    found = _FORBIDDEN.search(value)
    if found is None:
        return None
    if "\ud800" <= found.group() <= "\udfff":
        return "Invalid text (a lone surrogate)"
    if "\u202a" <= found.group() <= "\u2069":
        return "Bidirectional control characters are not allowed"
    return "Control characters are not allowed"


def expected(kind: str, received: str) -> str:
    """A value of another JSON type than the field's, in the words of the catalogue (`expected`)."""
    return f"Expected {kind} received {received}"


def number_problem(value: int | float) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return None if abs(value) <= MAX_INTEGER else f"Must be between {-MAX_INTEGER} and {MAX_INTEGER}"
    if not math.isfinite(value) or abs(value) > MAX_NUMBER:
        return "Must be a finite number of reasonable size"
    return None


def _is_identifier(path: str) -> bool:
    key = path.rsplit(".", 1)[-1]
    return bool(_IDENTIFIER_KEY.fullmatch(key))


def problems(
    value: Any,
    path: str,
    found: dict[str, str],
    long_texts: dict[str, int] | None = None,
    model: Any = None,
) -> None:
    """Every field of a decoded JSON value that breaks a rule above, keyed by its dotted wire path.
    `long_texts`: the wire paths whose model allows text longer than `MAX_TEXT`, with their bound; `model`:
    the body's declared type, which says where only text is taken."""
    if isinstance(value, str):
        limit = MAX_IDENTIFIER if _is_identifier(path) else MAX_TEXT
        problem = text_problem(value, (long_texts or {}).get(path, limit))
    elif isinstance(value, int | float):
        problem = number_problem(value)
        if problem and _takes_only_text(model, path.split(".") if path else []):
            # The number's size is not what is wrong: the field wants text (as the schema's check says).
            problem = expected("string", "number")
    elif isinstance(value, dict):
        for key, item in value.items():
            child = f"{path}.{key}" if path else str(key)
            key_problem = text_problem(str(key), MAX_IDENTIFIER)
            if key_problem:
                found.setdefault(child, key_problem)
            problems(item, child, found, long_texts, model)
        return
    elif isinstance(value, list):
        for index, item in enumerate(value):
            problems(item, f"{path}.{index}" if path else str(index), found, long_texts, model)
        return
    else:
        return
    if problem:
        found.setdefault(path or "body", problem)


def _takes_only_text(annotation: Any, steps: list[str]) -> bool:
    """Whether every type the body's model declares at the wire path `steps` is text (a string, a string
    enum or literal; `None` aside). Anything else, or a path the model does not declare, is not known to be
    text."""
    kinds = _declared_at(annotation, steps)
    return bool(kinds) and all(_is_text(kind) for kind in kinds)


def _members(annotation: Any) -> list[Any]:
    """A declared type's alternatives: a union's members, an `Annotated` type's own type, `None` left out."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _members(get_args(annotation)[0])
    if origin in (Union, types.UnionType):
        return [kind for arg in get_args(annotation) for kind in _members(arg)]
    if isinstance(annotation, type) and issubclass(annotation, RootModel):
        return _members(annotation.model_fields["root"].annotation)
    return [] if annotation is type(None) else [annotation]


def _declared_at(annotation: Any, steps: list[str]) -> list[Any]:
    if annotation is None:
        return []
    kinds = _members(annotation)
    if not steps:
        return kinds
    step, rest = steps[0], steps[1:]
    found: list[Any] = []
    for kind in kinds:
        origin = get_origin(kind)
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            field = next(
                (f for name, f in kind.model_fields.items() if (f.alias or name) == step),
                None,
            )
            if field is None:
                return []  # not declared here (an extra key): not known to be text
            found += _declared_at(field.annotation, rest)
        elif origin in (list, tuple, set, frozenset) and step.isdigit():
            found += [item for arg in get_args(kind)[:1] for item in _declared_at(arg, rest)]
        elif origin is dict:
            found += _declared_at(get_args(kind)[1], rest) if len(get_args(kind)) == 2 else [Any]
        else:
            found.append(Any)  # a plain value has no fields; anything else is not known
    return found


def _is_text(kind: Any) -> bool:
    if get_origin(kind) is Literal:
        return all(isinstance(value, str) for value in get_args(kind))
    return isinstance(kind, type) and issubclass(kind, str)


def _declares_number(annotation: Any) -> bool:
    """Whether a parameter's type is a number (int, float, or an optional one; bool is not)."""
    if annotation in (int, float):
        return True
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        return any(_declares_number(arg) for arg in get_args(annotation) if arg is not type(None))
    if origin is not None and hasattr(annotation, "__metadata__"):  # Annotated[int, ...]
        return _declares_number(get_args(annotation)[0])
    return False


class _Shape(NamedTuple):
    numbers: frozenset[str]
    takes_json: bool
    takes_form: bool
    reads_itself: frozenset[str]
    long_texts: dict[str, int]
    model: Any  # the JSON body's declared type, or None


_NO_SHAPE = _Shape(frozenset(), False, False, frozenset(), {}, None)


def _route_shape(route: APIRoute) -> _Shape:
    """The route's query and path parameters declared as numbers (wire names), whether it takes a JSON
    body (a body that is not a form) or a form, the media types of a body it reads itself, and its body's text
    fields that may be longer than `MAX_TEXT`. Worked out once per route and kept on it (not in a table
    keyed by `id(route)`: a test suite builds many apps, and a dead route's id is reused by a new one)."""
    shape: _Shape | None = getattr(route, "_input_shape", None)
    if shape is None:
        shape = _shape_of(route)
        route._input_shape = shape  # type: ignore[attr-defined]
    return shape


def _shape_of(route: APIRoute) -> _Shape:
    numbers = frozenset(
        field.alias
        for field in get_flat_params(route.dependant)
        if _declares_number(field.field_info.annotation)
    )
    body = route.body_field
    takes_json = body is not None and not isinstance(body.field_info, Form)
    takes_form = body is not None and isinstance(body.field_info, Form)
    declared = ((route.openapi_extra or {}).get("requestBody") or {}).get("content") or {}
    long_texts = _long_texts(body.field_info.annotation) if takes_json and body is not None else {}
    media_types = frozenset(str(kind).lower() for kind in declared)
    model = body.field_info.annotation if takes_json and body is not None else None
    return _Shape(numbers, takes_json, takes_form, media_types, long_texts, model)


def _long_texts(annotation: Any) -> dict[str, int]:
    """A body model's top-level text fields whose declared bound is above `MAX_TEXT`, by wire name: a
    standard's own longer field (DCSA's 5,000-character `reason`) is taken as the standard writes it. A
    root model and a union (a `oneOf`) count each of their models."""
    found: dict[str, int] = {}
    if get_origin(annotation) in (Union, types.UnionType):
        for member in get_args(annotation):
            found.update(_long_texts(member))
        return found
    if not isinstance(annotation, type) or not issubclass(annotation, BaseModel):
        return found
    if issubclass(annotation, RootModel):
        return _long_texts(annotation.model_fields["root"].annotation)
    for name, field in annotation.model_fields.items():
        for constraint in field.metadata:
            bound = getattr(constraint, "max_length", None)
            if isinstance(bound, int) and bound > MAX_TEXT:
                found[field.alias or name] = bound
    return found


def _media_type(content_type: str | None) -> str | None:
    if not content_type:
        return None
    message = email.message.Message()
    message["content-type"] = content_type
    return message.get_content_type()


async def screen_input(request: Request) -> None:
    route = request.scope.get("route")
    numbers, takes_json, takes_form, reads_itself, long_texts, model = (
        _route_shape(route) if isinstance(route, APIRoute) else _NO_SHAPE
    )
    found: dict[str, str] = {}
    for name, value in request.query_params.multi_items():
        problem = text_problem(value)
        if problem is None and name in numbers and _INTEGER_TEXT.fullmatch(value.strip()):
            problem = number_problem(int(value))
        if problem:
            found.setdefault(name, problem)
    for name, value in request.path_params.items():
        if isinstance(value, str):
            problem = text_problem(value, MAX_TEXT)
            if problem is None and name in numbers and _INTEGER_TEXT.fullmatch(value.strip()):
                problem = number_problem(int(value))
            if problem:
                found.setdefault(name, problem)
    content_type = request.headers.get("content-type")
    as_json = parsed_as_json(content_type)
    if reads_itself:
        pass  # screened when the route reads it (`screened_body`), after the route knows who is asking
    elif takes_json or as_json:
        body = await request.body()
        if body and not as_json:
            if takes_json:
                raise HTTPException(415, "Send this body as JSON (Content-Type: application/json)")
        elif body:
            _screen_json(body, found, long_texts, model)
            _unless_compressed(request, found)
    elif takes_form:
        # FastAPI read the form before any dependency runs; this is the same parsed form, not a second read.
        for name, entry in (await request.form()).multi_items():
            problem = text_problem(entry) if isinstance(entry, str) else None
            if problem:
                found.setdefault(name, problem)
    if found:
        raise ValidationFailed(found)


async def screened_body(request: Request) -> bytes:
    """The body of a route that reads it itself (declaring its media types in its OpenAPI `requestBody`):
    one of those media types (415 otherwise), screened as a JSON body is, or as text by line."""
    route = request.scope.get("route")
    media_types = _route_shape(route).reads_itself if isinstance(route, APIRoute) else frozenset()
    body = await request.body()
    if not body:
        return body  # the route names what is missing
    found: dict[str, str] = {}
    content_type = request.headers.get("content-type")
    as_json = parsed_as_json(content_type)
    kind = _media_type(content_type)
    takes = kind in media_types or (as_json and any(parsed_as_json(m) for m in media_types))
    if not takes or not media_types:
        raise HTTPException(415, "Send this body as " + " or ".join(sorted(media_types)))
    if as_json:
        _screen_json(body, found)
    else:
        _screen_text(body, found)
    _unless_compressed(request, found)
    if found:
        raise ValidationFailed(found)
    return body


def _unless_compressed(request: Request, found: dict[str, str]) -> None:
    """A compressed body the screen read as bytes that are not text is what it is, as when the framework
    read it (`unreadable_body`: 415 naming `Content-Encoding`), not text that is not UTF-8."""
    encoding = (request.headers.get("content-encoding") or "identity").strip().lower()
    if found.get("body") == BODY_NOT_UTF8 and encoding != "identity":
        raise HTTPException(400, BODY_NOT_UTF8)


def _screen_text(body: bytes, found: dict[str, str]) -> None:
    """A text body (CSV): UTF-8, and no character no field of this API takes, named by its line."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        found.setdefault("body", BODY_NOT_UTF8)
        return
    bad = _FORBIDDEN.search(text)
    if bad is not None:
        line = 1 + len(_LINE_BREAK.findall(text, 0, bad.start()))
        problem = text_problem(bad.group()) or "Invalid text"
        found.setdefault("body", f"{problem} (line {line})")


def _screen_json(
    body: bytes, found: dict[str, str], long_texts: dict[str, int] | None = None, model: Any = None
) -> None:
    try:
        # `parse_constant` refuses NaN and Infinity, which Python's json would take as numbers.
        value = json.loads(body, parse_constant=_not_json)
    except _NotJson:
        found.setdefault("body", "NaN and Infinity are not JSON numbers")
        return
    except UnicodeDecodeError:
        found.setdefault("body", BODY_NOT_UTF8)
        return
    except RecursionError:
        found.setdefault("body", BODY_TOO_DEEP)
        return
    except ValueError:
        return  # not JSON: the route's own parsing answers that (400 "Invalid JSON")
    if _deeper_than(value, MAX_DEPTH):
        found.setdefault("body", BODY_TOO_DEEP)
        return
    problems(value, "", found, long_texts, model)


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether arrays and objects nest more than `limit` deep (walked without recursion: every reader
    after this one, the document validators included, recurses)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > limit:
                return True
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False


class _NotJson(Exception):
    pass


def _not_json(constant: str) -> Any:
    raise _NotJson(constant)


def unreadable_body(headers: Any, error: Exception) -> tuple[int, str, dict[str, str]]:
    """The status, description and field of a body the framework could not read before any screen ran:
    FastAPI's 400 "There was an error parsing the body" (its cause: bytes that are not UTF-8, nesting deeper
    than Python's parser recurses) and Starlette's 400 for a broken multipart form. The description says
    the field as the screen's own refusals do."""
    encoding = (headers.get("content-encoding") or "identity").strip().lower()
    if encoding != "identity":  # no door decodes a compressed body: it reads as bytes that are not text
        return 415, f"{CONTENT_ENCODING}: {BODY_COMPRESSED}", {CONTENT_ENCODING: BODY_COMPRESSED}
    cause = error.__cause__ or error.__context__
    if isinstance(cause, UnicodeDecodeError):
        said = BODY_NOT_UTF8
    elif isinstance(cause, RecursionError):
        said = BODY_TOO_DEEP
    elif _media_type(headers.get("content-type")) in _FORM_MEDIA_TYPES:
        said = BODY_NOT_A_FORM
    else:
        said = BODY_NOT_JSON
    return 400, f"body: {said}", {"body": said}

"""The design is written as it is: comments explain the code, never cite an issue or a session; every
decision record has its three sections and is listed in the index; every relative link of the README and
docs/ leads to a file."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DECISIONS = ROOT / "docs" / "decisions"

# An issue or a session named by its number, or the retired design diary by its file name.
HISTORY = re.compile(r"\bissues? #?\d+|\bsessions? \d+\b|DESIGN-NOTES", re.IGNORECASE)
PYTHON_PACKAGES = ("domain", "infrastructure", "projections", "policies", "api", "bench", "tests")
WEB_FOLDERS = ("web/src", "web/documents", "web/scripts", "web/public")
WEB_SUFFIXES = {".ts", ".tsx", ".js", ".mjs", ".css", ".html"}
HASH_COMMENTED = ("Makefile", "pyproject.toml", "docker-compose.yml", "Dockerfile", ".ci")
JS_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL)
MARKDOWN_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def python_comments(path: Path) -> Iterator[tuple[int, str]]:
    source = path.read_text(encoding="utf-8")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            docstring = ast.get_docstring(node, clean=False)
            if docstring and node.body:
                yield node.body[0].lineno, docstring


def web_comments(path: Path) -> Iterator[tuple[int, str]]:
    source = path.read_text(encoding="utf-8")
    for match in JS_COMMENT.finditer(source):
        yield source.count("\n", 0, match.start()) + 1, match.group()


def hash_comments(path: Path) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if "#" in line:
            yield number, line[line.index("#") :]


def commented_files() -> Iterator[tuple[Path, Iterator[tuple[int, str]]]]:
    for package in PYTHON_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield path, python_comments(path)
    for folder in WEB_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in WEB_SUFFIXES and "node_modules" not in path.parts:
                yield path, web_comments(path)
    for name in HASH_COMMENTED:
        target = ROOT / name
        for path in sorted(target.rglob("*")) if target.is_dir() else [target]:
            if path.is_file():
                yield path, hash_comments(path)


def test_no_comment_cites_an_issue_a_session_or_the_retired_design_notes() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {cited.group()}"
        for path, comments in commented_files()
        for line, text in comments
        if (cited := HISTORY.search(text))
    ]
    assert found == []


def test_the_design_notes_are_gone_and_nothing_points_to_them() -> None:
    assert not (ROOT / "DESIGN-NOTES.md").exists()
    documents = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    citing = [d for d in documents if "DESIGN-NOTES" in d.read_text(encoding="utf-8")]
    assert [str(d.relative_to(ROOT)) for d in citing] == []


def records() -> list[Path]:
    return sorted(p for p in DECISIONS.glob("*.md") if re.fullmatch(r"\d{4}-[a-z0-9-]+\.md", p.name))


def test_every_decision_record_has_context_decision_and_consequences() -> None:
    assert len(records()) >= 45
    missing = {
        record.name: [
            section
            for section in ("Context", "Decision", "Consequences")
            if not re.search(rf"^## {section}\s*$", record.read_text(encoding="utf-8"), re.MULTILINE)
        ]
        for record in records()
    }
    assert {name: sections for name, sections in missing.items() if sections} == {}


def test_every_decision_record_is_listed_in_the_index_once() -> None:
    index = (DECISIONS / "README.md").read_text(encoding="utf-8")
    listed = MARKDOWN_LINK.findall(index)
    assert [r.name for r in records() if listed.count(r.name) != 1] == []
    numbers = [r.name[:4] for r in records()]
    assert len(numbers) == len(set(numbers)), "two records share a number"


def test_every_relative_link_in_the_readme_and_docs_leads_to_a_file() -> None:
    documents = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").rglob("*.md"))]
    broken = [
        f"{document.relative_to(ROOT)}: {target}"
        for document in documents
        for target in MARKDOWN_LINK.findall(document.read_text(encoding="utf-8"))
        if not re.match(r"[a-z][a-z0-9+.-]*:|#", target)
        and not (document.parent / target.split("#")[0]).exists()
    ]
    assert broken == []

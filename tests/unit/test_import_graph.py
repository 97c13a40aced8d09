"""The packages' imports point one way and never round in a circle.

Every import counts, those inside functions and under `TYPE_CHECKING` too: a lazy import is still a cycle,
only one Python happens not to trip over. Read from the source with `ast` (nothing is imported).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("domain", "infrastructure", "followers", "projections", "policies", "api", "bench")

# Which top-level packages each may not import: the domain knows no adapter, the follower runtime knows
# neither the read models nor the policies it runs, projections answer no HTTP,
# process managers are started by the API and never reach back into it, and the product never needs the
# benchmark (bench/ may import anything: it drives the product from outside).
FORBIDDEN: dict[str, set[str]] = {
    "domain": {"api", "followers", "projections", "infrastructure", "policies", "bench"},
    "infrastructure": {"api", "followers", "projections", "policies", "bench"},
    "followers": {"api", "domain", "projections", "policies", "bench"},
    "projections": {"api", "policies", "bench"},
    "policies": {"api", "bench"},
    "api": {"bench"},
}

Graph = dict[str, set[str]]


def module_files(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    modules: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def import_graph(modules: dict[str, Path]) -> Graph:
    """Module -> the modules of `modules` it imports (a name imported from a package that is a submodule
    counts as that submodule)."""

    def known(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: Graph = {name: set() for name in modules}
    for name, path in modules.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package[: len(package) - (node.level - 1)]
                    base = ".".join([*anchor, base] if base else anchor)
                targets = [f"{base}.{alias.name}" for alias in node.names]
            for target in targets:
                found = known(target)
                if found is not None and found != name:
                    graph[name].add(found)
    return graph


def cycles(graph: Graph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, pending = work[-1]
            if pending:
                successor = pending.pop()
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, sorted(graph[successor])))
                elif successor in on_stack:
                    low[node] = min(low[node], index[successor])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def layer_violations(graph: Graph) -> list[str]:
    return sorted(
        f"{name} imports {imported}"
        for name, imports in graph.items()
        for imported in imports
        if imported.split(".")[0] in FORBIDDEN.get(name.split(".")[0], set())
    )


def test_no_module_imports_itself_round_a_circle() -> None:
    assert cycles(import_graph(module_files())) == []


def test_every_layer_imports_only_the_layers_below_it() -> None:
    assert layer_violations(import_graph(module_files())) == []


def router_to_router(graph: Graph) -> list[str]:
    """Routers call application services and presenters; none reaches into another router."""
    return sorted(
        f"{name} imports {imported}"
        for name, imports in graph.items()
        if name.startswith("api.routers.")
        for imported in imports
        if imported.startswith("api.routers.")
    )


def test_no_router_imports_another() -> None:
    assert router_to_router(import_graph(module_files())) == []


def test_the_graph_sees_lazy_relative_and_type_checking_imports(tmp_path: Path) -> None:
    """The checks above can fail: a cycle through a lazy import, a relative import and a layer breach."""
    (tmp_path / "domain").mkdir()
    (tmp_path / "domain" / "__init__.py").write_text("")
    (tmp_path / "domain" / "rules.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from api import door\n"
    )
    (tmp_path / "domain" / "words.py").write_text("from . import rules\n")
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "__init__.py").write_text("")
    (tmp_path / "api" / "door.py").write_text("def answer():\n    from domain.words import x\n")
    graph = import_graph(module_files(tmp_path, ("domain", "api")))
    assert graph["domain.words"] == {"domain.rules"}
    assert cycles(graph) == [["api.door", "domain.rules", "domain.words"]]
    assert layer_violations(graph) == ["domain.rules imports api.door"]
    assert router_to_router({"api.routers.a": {"api.routers.b", "api.door"}}) == [
        "api.routers.a imports api.routers.b"
    ]

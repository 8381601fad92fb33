"""Import hygiene of the whole package, read from the source with :mod:`ast`.

Two rules (the house rules' "no import circles"):

- no import circle among the modules of ``nations_widget``: the graph has an edge for every
  ``import`` / ``from ... import`` statement anywhere in a module (at the top, inside a
  function, under ``if TYPE_CHECKING:``), so a circle hidden in a function body counts;
- no name starting with ``_`` taken from another module of the package, whether by
  ``from module import _name`` (a package's ``__init__`` re-exporting it included) or by
  ``module._name`` on an imported module.  Dunder names (``__version__``) are public by
  convention and allowed.

No circle is exempted (the last one, ``tables.store`` <-> its backends, went when
``open_store`` moved to ``tables.opening``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import nations_widget

PACKAGE = "nations_widget"
ROOT = Path(nations_widget.__file__).parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_modules() -> dict[str, Path]:
    """Every module of the package by its dotted name."""
    return {_module_name(path): path for path in sorted(ROOT.rglob("*.py"))}


def _is_package(name: str, modules: dict[str, Path]) -> bool:
    return modules[name].name == "__init__.py"


def _resolve(name: str, node: ast.ImportFrom, modules: dict[str, Path]) -> str:
    """The absolute module a ``from`` statement in module ``name`` names."""
    if node.level == 0:
        return node.module or ""
    base = name.split(".")
    if not _is_package(name, modules):
        base.pop()
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _owner(target: str, modules: dict[str, Path]) -> str | None:
    """The package module ``target`` is, or the closest package module containing it."""
    while target and target not in modules:
        target = target.rpartition(".")[0]
    return target or None


class Imports:
    """What one module imports: the package modules it depends on, and every private name
    it takes from another package module (as ``"source: name (line N)"``)."""

    def __init__(self, name: str, modules: dict[str, Path]) -> None:
        self.name = name
        self.targets: set[str] = set()
        self.private: list[str] = []
        tree = ast.parse(modules[name].read_text(encoding="utf-8"))
        module_aliases: dict[str, str] = {}  # local name -> package module it is bound to
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    owner = _owner(alias.name, modules)
                    if owner is None:
                        continue
                    self.targets.add(owner)
                    if alias.asname:
                        module_aliases[alias.asname] = owner
            elif isinstance(node, ast.ImportFrom):
                source = _resolve(name, node, modules)
                if _owner(source, modules) is None:
                    continue
                for alias in node.names:
                    submodule = f"{source}.{alias.name}"
                    if submodule in modules:  # ``from package import module``
                        self.targets.add(submodule)
                        module_aliases[alias.asname or alias.name] = submodule
                        continue
                    owner = _owner(source, modules)
                    assert owner is not None
                    self.targets.add(owner)
                    if _private(alias.name):
                        self.private.append(f"{owner}: {alias.name} (line {node.lineno})")
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in module_aliases and _private(node.attr)):
                self.private.append(
                    f"{module_aliases[node.value.id]}: {node.attr} (line {node.lineno})")
        self.targets.discard(name)


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def import_graph() -> dict[str, Imports]:
    modules = package_modules()
    return {name: Imports(name, modules) for name in modules}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted,
    then one shortest circle through each component's first module, so a failure names the
    modules in the order they import each other."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(components)


def shortest_circle(graph: dict[str, set[str]], start: str) -> list[str]:
    """A shortest path from ``start`` back to itself (breadth first)."""
    paths = {start: [start]}
    queue = [start]
    for node in queue:
        for target in sorted(graph[node]):
            if target == start:
                return paths[node] + [start]
            if target not in paths:
                paths[target] = paths[node] + [target]
                queue.append(target)
    return []


def circle_text(graph: dict[str, set[str]], component: list[str]) -> str:
    """A circle's modules, and one shortest way round it, for a failure message."""
    circle = " -> ".join(shortest_circle(graph, component[0]))
    return f"{len(component)} modules in a circle: {', '.join(component)}\n  e.g. {circle}"


def test_no_import_circle() -> None:
    graph = {name: imports.targets for name, imports in import_graph().items()}
    found = cycles(graph)
    report = [circle_text(graph, c) for c in found]
    assert not report, "import circles:\n" + "\n".join(report)


def test_no_private_name_taken_from_another_module() -> None:
    taken = [f"{name} takes {entry}" for name, imports in import_graph().items()
             for entry in imports.private]
    assert not taken, f"{len(taken)} private names imported:\n" + "\n".join(taken)


# ------------------------------------------------------------ the checks themselves
def test_cycles_finds_a_circle_and_a_clean_graph_has_none() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert shortest_circle(graph, "a") == ["a", "b", "c", "a"]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_imports_inside_functions_and_private_names_are_seen(tmp_path: Path) -> None:
    modules = package_modules()
    imports = Imports("nations_widget.board.rules", modules)
    assert "nations_widget.board.state" in imports.targets
    source = ("def f():\n    from .state import _hidden, shown\n"
              "    from . import state\n    return state._other\n")
    fake = tmp_path / "fake.py"
    fake.write_text(source, encoding="utf-8")
    modules = {**modules, "nations_widget.board.fake": fake}
    imports = Imports("nations_widget.board.fake", modules)
    assert imports.targets == {"nations_widget.board.state"}
    assert imports.private == ["nations_widget.board.state: _hidden (line 2)",
                               "nations_widget.board.state: _other (line 4)"]

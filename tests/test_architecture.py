"""The shape of the tree: no import cycle inside swarm/ (type-only imports count) and no
module over 400 lines, read from the source with `ast` so it stays true after every change."""

from __future__ import annotations

import ast
from pathlib import Path

SWARM = Path(__file__).resolve().parent.parent / "swarm"
MAX_LINES = 400
# Still to split (issue 9). Remove an entry when its module is split.
KNOWN_LONG_MODULES: frozenset[str] = frozenset()


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(base: str, node: ast.ImportFrom, is_package: bool) -> str | None:
    if node.level == 0:
        return node.module
    package = base.split(".") if is_package else base.split(".")[:-1]
    if node.level > 1:
        package = package[: -(node.level - 1)]
    return ".".join(package + ([node.module] if node.module else []))


def import_graph(root: Path = SWARM) -> dict[str, set[str]]:
    """Module -> the swarm modules it imports anywhere: top level, inside functions and
    under `if TYPE_CHECKING:` alike (a type-only import is still an edge)."""
    files = {module_name(path, root): path for path in root.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                source = _resolve(name, node, is_package)
                if source is None:
                    continue
                # `from swarm.web import safe_http` is an edge to the submodule; a name that is
                # not a submodule is an edge to the module that holds it
                for alias in node.names:
                    submodule = f"{source}.{alias.name}"
                    targets.append(submodule if submodule in files else source)
            for target in targets:
                while target and target not in files:
                    target = target.rpartition(".")[0]
                if target.startswith("swarm") and target != name:
                    graph[name].add(target)
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

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
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_checker_sees_a_type_only_cycle(tmp_path: Path) -> None:
    package = tmp_path / "swarm"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from swarm.b import B\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import A\n"
    )
    (package / "c.py").write_text("def f():\n    from swarm import a\n")
    graph = import_graph(package)
    assert graph["swarm.b"] == {"swarm.a"}
    assert graph["swarm.c"] == {"swarm.a"}
    assert import_cycles(graph) == [["swarm.a", "swarm.b"]]


def test_no_import_cycle_in_swarm() -> None:
    assert import_cycles(import_graph()) == []


def test_no_module_over_400_lines() -> None:
    long_modules = {
        str(path.relative_to(SWARM.parent)): count
        for path in SWARM.rglob("*.py")
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert {path: n for path, n in long_modules.items() if path not in KNOWN_LONG_MODULES} == {}


def _defined_names(body: list[ast.stmt]) -> set[str]:
    """Names a module body binds itself (defs, classes, assignments), not the ones it imports."""
    names: set[str] = set()
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, ast.If | ast.Try):
            names |= _defined_names(node.body + node.orelse)
    return names


def _imported_from(body: list[ast.stmt], name: str, is_package: bool) -> dict[str, str]:
    """Imported name -> the module it comes from."""
    sources: dict[str, str] = {}
    for node in ast.walk(ast.Module(body=body, type_ignores=[])):
        if isinstance(node, ast.ImportFrom):
            source = _resolve(name, node, is_package) or ""
            for alias in node.names:
                sources[alias.asname or alias.name] = source
        elif isinstance(node, ast.Import):
            for alias in node.names:
                sources[alias.asname or alias.name.partition(".")[0]] = alias.name
    return sources


def leaf_reexports(root: Path = SWARM) -> dict[str, list[str]]:
    """Module -> the names its `__all__` lists but it does not define. Only a package's
    `__init__` may list names it imports, and only names its own package defines (a name
    a leaf imports from elsewhere does not become the package's by passing through it)."""
    files = {module_name(path, root): path for path in root.rglob("*.py")}
    listed: dict[str, list[str]] = {}
    defined: dict[str, set[str]] = {}
    sources: dict[str, dict[str, str]] = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        listed[name] = []
        for node in tree.body:
            if (
                isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
                and isinstance(node.value, ast.List | ast.Tuple)
            ):
                listed[name] = [e.value for e in node.value.elts if isinstance(e, ast.Constant)]
        defined[name] = _defined_names(tree.body)
        sources[name] = _imported_from(tree.body, name, path.name == "__init__.py")

    def owned(package: str, entry: str, source: str) -> bool:
        """True when `entry`, imported from `source`, is a name of `package`'s own."""
        if source != package and not source.startswith(f"{package}."):
            return False
        if f"{source}.{entry}" in files or entry in defined.get(source, set()):
            return True
        return files.get(source, Path()).name == "__init__.py" and owned(
            source, entry, sources[source].get(entry, "")
        )

    found: dict[str, list[str]] = {}
    for name in sorted(files):
        is_package = files[name].name == "__init__.py"
        wrong = [
            entry
            for entry in listed[name]
            if entry not in defined[name]
            and not (is_package and owned(name, entry, sources[name].get(entry, "")))
        ]
        if wrong:
            found[name] = wrong
    return found


def test_the_checker_sees_a_leaf_reexport(tmp_path: Path) -> None:
    package = tmp_path / "swarm"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from swarm.sub.a import A\nfrom swarm.sub import a\n__all__ = ['A', 'a']\n"
    )
    (package / "sub" / "__init__.py").write_text(
        "from swarm.sub.a import A, O\n__all__ = ['A', 'O']\n"
    )
    (package / "sub" / "a.py").write_text(
        "from swarm.other import O\nA = 1\nclass C: ...\n__all__ = ['A', 'C', 'O']\n"
    )
    (package / "other.py").write_text("O = 1\n")
    # swarm.sub lists O, which its leaf a only imports: not the package's own name either
    assert leaf_reexports(package) == {"swarm.sub": ["O"], "swarm.sub.a": ["O"]}


def test_no_module_reexports_names_it_does_not_define() -> None:
    assert leaf_reexports() == {}

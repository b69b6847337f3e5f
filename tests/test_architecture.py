"""The layering of ARCHITECTURE.md, checked: where a rule, a read, a write and a permission live.

These are the review's measurable checks; a new upward import or a query in a view fails the suite.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
import warnings
from pathlib import Path

import pytest
from django.urls import get_resolver

ROOT = Path(__file__).resolve().parent.parent
APP_PACKAGES = ("campaigns", "companion", "rules_helpers")
WRITE_CALLS = {
    "create",
    "update",
    "delete",
    "delete_many",
    "save",
    "bulk_create",
    "get_or_create",
    "update_or_create",
}
WRITE_HELPERS = {"event_record", "Changes", "inverse_changes", "apply_undo", "revert_since"}


def _modules(*folders: str) -> list[Path]:
    return sorted(
        p for folder in folders for p in (ROOT / folder).rglob("*.py") if "migrations" not in p.parts
    )


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def test_the_import_contracts_hold():
    """pyproject.toml's import-linter contracts: layers, pure rules, the domain free of HTTP."""
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint)], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def _layered_modules() -> list[str]:
    """The modules named in the layers contract of pyproject.toml (each covers its submodules)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    layers = next(c["layers"] for c in contracts if c["type"] == "layers")
    return [name.strip() for layer in layers for name in layer.split("|")]


def test_every_module_of_the_app_sits_in_a_layer():
    """A module outside the layers is checked by no contract: every one of campaigns/ and companion/ has a
    place (the packages' own `__init__` and the migrations aside)."""
    layered = _layered_modules()
    outside = []
    for path in _modules("campaigns", "companion"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        if name in {"campaigns", "companion"}:
            continue
        if not any(name == layer or name.startswith(f"{layer}.") for layer in layered):
            outside.append(name)
    assert outside == []


def test_only_tasks_import_app_code_inside_functions():
    """A function-level import hides a cycle; the one allowed is a task importing its service."""
    lazy = []
    for path in _modules(*APP_PACKAGES):
        for node in ast.walk(_tree(path)):
            if not isinstance(node, ast.FunctionDef):
                continue
            for inner in ast.walk(node):
                module = getattr(inner, "module", None) if isinstance(inner, ast.ImportFrom) else None
                if module and module.split(".")[0] in APP_PACKAGES:
                    lazy.append(f"{path.relative_to(ROOT)}:{inner.lineno}")
    assert all(entry.startswith("campaigns/tasks.py") for entry in lazy), lazy


def _queries(path: Path) -> list[int]:
    return [
        node.lineno
        for node in ast.walk(_tree(path))
        if isinstance(node, ast.Attribute) and node.attr == "objects"
    ]


def test_views_and_pages_run_no_query_of_their_own():
    """Every read goes through a selector; only the content API declares querysets (from selectors)."""
    found = {
        str(path.relative_to(ROOT)): lines
        for path in _modules("campaigns/api", "campaigns/pages")
        if (lines := _queries(path))
    }
    assert found == {}


def _writes_directly(node: ast.FunctionDef, local_writers: set[str]) -> bool:
    if any("atomic" in ast.unparse(d) for d in node.decorator_list):
        return True
    params = [a.arg for a in node.args.args + node.args.kwonlyargs]
    if params[:1] == ["changes"]:
        return True
    for call in ast.walk(node):
        if not isinstance(call, ast.Call):
            continue
        func = call.func
        if isinstance(func, ast.Attribute) and func.attr in WRITE_CALLS | {"delay"}:
            return True
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name in WRITE_HELPERS or name in local_writers:
            return True
    return False


def _service_imports(module: ast.Module) -> set[str]:
    """Names a services module imports from other services: calling one is a write."""
    return {
        alias.asname or alias.name
        for node in module.body
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("campaigns.services")
        for alias in node.names
    }


def _writers(module: ast.Module) -> set[str]:
    functions = [n for n in module.body if isinstance(n, ast.FunctionDef)]
    writers: set[str] = _service_imports(module)
    while True:
        more = {f.name for f in functions if f.name not in writers and _writes_directly(f, writers)}
        if not more:
            return writers
        writers |= more


def test_services_only_write():
    """A public service function changes the database; reads go in selectors/, rules in rules_helpers/."""
    readers = []
    for path in _modules("campaigns/services"):
        module = _tree(path)
        writers = _writers(module)
        readers += [
            f"{path.name}::{n.name}"
            for n in module.body
            if isinstance(n, ast.FunctionDef) and not n.name.startswith("_") and n.name not in writers
        ]
    assert readers == []


def test_selectors_never_write():
    writes = []
    for path in _modules("campaigns/selectors"):
        for node in ast.walk(_tree(path)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            # dict.update() is not a write; a queryset's update() is.
            queryset = "objects" in ast.unparse(node.func.value)
            if node.func.attr in WRITE_CALLS - {"update"} or (node.func.attr == "update" and queryset):
                writes.append(f"{path.name}:{node.lineno}")
    assert writes == []


class LongModuleWarning(UserWarning):
    """A module past REVIEW_LINES: worth a look at whether it still holds one idea."""


REVIEW_LINES, MOST_LINES = 400, 600


def test_no_source_module_is_longer_than_600_lines():
    """Cohesion decides where a module ends: past 400 lines the suite says so (a warning for the review),
    past 600 it fails."""
    long = {
        str(p.relative_to(ROOT)): n
        for p in _modules(*APP_PACKAGES)
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > REVIEW_LINES
    }
    for name, lines in sorted(long.items()):
        message = f"{name} has {lines} lines: does it still hold one idea?"
        warnings.warn(message, LongModuleWarning, stacklevel=1)
    assert {name: lines for name, lines in long.items() if lines > MOST_LINES} == {}


@pytest.mark.django_db
def test_every_campaign_endpoint_documents_its_answer():
    """drf-spectacular documents the sheet (no bare objects on campaign endpoints)."""
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    bare = []
    for route, operations in schema["paths"].items():
        if "/campaigns/" not in route:
            continue
        for method, operation in operations.items():
            for code, answer in operation.get("responses", {}).items():
                content = answer.get("content", {}).get("application/json", {})
                shape = content.get("schema", {})
                if code.startswith("2") and shape.get("type") == "object" and "properties" not in shape:
                    bare.append(f"{method.upper()} {route} {code}")
    assert bare == []
    assert "SheetSerializer" in schema["components"]["schemas"] or "Sheet" in schema["components"]["schemas"]
    assert get_resolver() is not None


ROLES = {"owner", "player", "member", "spectator", "outsider"}
TEST_FOLDERS = {"services", "selectors", "api", "pages", "pdf", "workers"}


def test_the_role_users_are_defined_once_in_conftest():
    """The people at the table (owner, player, member, spectator, outsider) come from tests/conftest.py."""
    redefined = [
        f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"
        for path in _modules("tests")
        if path != ROOT / "tests" / "conftest.py"
        for node in _tree(path).body
        if isinstance(node, ast.FunctionDef) and node.name in ROLES
    ]
    assert redefined == []


def test_the_campaign_tests_mirror_the_package():
    """tests/campaigns/ holds a folder per layer, and beside them only tests of a module of campaigns/."""
    folder = ROOT / "tests" / "campaigns"
    folders = {p.name for p in folder.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders == TEST_FOLDERS
    loose = [p.name for p in folder.glob("test_*.py") if not (ROOT / "campaigns" / p.name[5:]).exists()]
    assert loose == []


def _box_numbers_read_elsewhere(node: ast.AST, numbers: set[str]) -> list[str]:
    """A box number imported from another rules module, read as one's attribute, or copied."""
    if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("rules_helpers."):
        return [a.name for a in node.names if a.name in numbers and node.module != "rules_helpers.box"]
    if isinstance(node, ast.Attribute) and node.attr in numbers and ast.unparse(node.value) != "box":
        return [ast.unparse(node)]
    if isinstance(node, ast.Assign):
        return [f"{t.id} = ..." for t in node.targets if isinstance(t, ast.Name) and t.id in numbers]
    return []


def test_the_app_reads_the_box_numbers_from_rules_helpers_box():
    """One source: a number of the box is `rules_helpers.box`'s (or the `Edition`'s, for the five a content
    pack sets), never read through another rules module (`spawn.SPAWN_TILE_SLOTS`) nor copied."""
    from rules_helpers import box

    numbers = {name for name in vars(box) if name.isupper()}
    elsewhere = [
        f"{path.relative_to(ROOT)}:{node.lineno} {found}"
        for path in _modules("campaigns", "companion")
        for node in ast.walk(_tree(path))
        for found in _box_numbers_read_elsewhere(node, numbers)
    ]
    assert elsewhere == []


BOX_NUMBER = re.compile(
    r"\b\d+ (slots?|cards?|heroes|hero|scenarios|guilds|quests|purchases)\b", re.IGNORECASE
)


def test_no_number_of_the_box_is_typed_into_a_template_form_or_serializer():
    """6 scenarios, 3 heroes, 4 slots, 12 cards, a hand of 6: read from the Edition or rules_helpers.box."""
    typed = [
        f"{path.relative_to(ROOT)}: {hit.group(0)}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for hit in BOX_NUMBER.finditer(path.read_text(encoding="utf-8"))
    ]
    for path in (ROOT / "campaigns/pages/forms.py", ROOT / "campaigns/api/serializers.py"):
        for node in ast.walk(_tree(path)):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") in {"_", "gettext_lazy"}):
                continue
            texts = [str(a.value) for a in node.args if isinstance(a, ast.Constant)]
            typed += [f"{path.relative_to(ROOT)}: {t}" for t in texts if BOX_NUMBER.search(t)]
    assert typed == []

import ast
from pathlib import Path

import pytest

import rules_helpers
from rules_helpers.spawn import SpawnToken
from tests.rules_helpers.scripted import ScriptedRandom

PACKAGE = Path(rules_helpers.__file__).parent


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    return names | {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")), ids=lambda path: path.name)
def test_the_rules_never_import_django(path):
    assert not any(name.split(".")[0] in {"django", "rest_framework"} for name in _imported_modules(path))


def test_a_spawn_token_read_from_json_keeps_a_hashable_pair():
    assert hash(SpawnToken(["ranged", "melee"])) == hash(SpawnToken(("ranged", "melee")))  # type: ignore[arg-type]


def test_the_scripted_rng_refuses_to_make_up_faces_it_was_not_given():
    with pytest.raises(AssertionError, match="ran out of values"):
        ScriptedRandom().choice(("melee",))
    with pytest.raises(AssertionError, match="not one of"):
        ScriptedRandom(["shield"]).choice(("melee", "crit"))

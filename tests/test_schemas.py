"""JSON Schemas generated from the models: shipped, up to date, named by every content
file, and every built-in file is valid against its schema."""

import json

import jsonschema
import pytest

from rulesdsl.authoring.fmt import content_files
from rulesdsl.authoring.schema import SCHEMA_LINE, expected_schema_line, render, schemas, write_schemas
from rulesdsl.cli import main
from rulesdsl.content.yamlfile import read_yaml
from rulesdsl.resources import schemas_root


def test_the_shipped_schemas_are_the_generated_ones():
    shipped = {p.name: p.read_text(encoding="utf-8") for p in schemas_root().glob("*.json")}
    assert shipped == {name: render(schema) for name, schema in schemas().items()}, \
        "the models changed: regenerate the schemas with `rulesdsl schema schemas`"


@pytest.mark.parametrize("name", sorted(schemas()))
def test_every_schema_is_a_valid_json_schema(name):
    jsonschema.Draft202012Validator.check_schema(schemas()[name])


def _validator(name):
    return jsonschema.Draft202012Validator(json.loads((schemas_root() / name).read_text(encoding="utf-8")))


def test_every_content_file_names_its_schema_and_is_valid_against_it():
    files = content_files([])
    assert len(files) > 190
    for path in files:
        doc = read_yaml(path)
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        assert first == expected_schema_line(path, doc.data), f"{path} must start with the line naming its schema"
        name = first[len(SCHEMA_LINE):].rsplit("/", 1)[-1]
        assert (path.parent / first[len(SCHEMA_LINE):]).resolve() == (schemas_root() / name).resolve()
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in _validator(name).iter_errors(doc.data)]
        assert errors == [], path


@pytest.mark.parametrize("data, message", [
    ({"number": 900, "deck": "A", "starting": False, "name": "T", "points": 0, "category": "sometimes",
      "text": "t", "effect": "gain 1 mead"}, "'sometimes' is not one of ['immediate', 'anytime', 'each_time', 'limited']"),
    ({"number": 900, "deck": "A", "name": "T", "points": 0, "category": "immediate",
      "text": "t", "effect": "gain 1 mead"}, "'starting' is a required property"),
    ({"number": "900", "deck": "A", "starting": False, "name": "T", "points": 0, "category": "immediate",
      "text": "t", "effect": "gain 1 mead", "colour": "red"}, "Additional properties are not allowed ('colour' was unexpected)"),
])
def test_the_card_schema_refuses_what_the_loader_refuses(data, message):
    assert message in [e.message for e in _validator("card.schema.json").iter_errors(data)]


def test_the_board_schema_checks_nested_items_and_remove():
    validator = _validator("board.schema.json")
    bad = {"goods": [{"id": "honey", "name": "honey", "color": "gold", "shape": ["##"], "box_column": 1}],
           "remove": {"spices": ["x"]}}
    messages = sorted(e.message for e in validator.iter_errors(bad))
    assert messages == ["'gold' is not one of ['orange', 'red', 'green', 'blue', 'animal']",
                        "Additional properties are not allowed ('spices' was unexpected)"]
    assert list(_validator("remove.schema.json").iter_errors({"remove": {"spaces": ["raiding_1"]}})) == []


def test_a_range_in_field_metadata_becomes_minimum_and_maximum():
    import attrs

    from rulesdsl.authoring.schema import _Builder

    @attrs.frozen
    class Ranged:
        faces: int = attrs.field(metadata={"range": (1, 20)})
        maybe: int | None = attrs.field(default=None, metadata={"range": (0, None)})

    schema = _Builder().model_schema(Ranged)
    assert schema["properties"]["faces"] == {"type": "integer", "minimum": 1, "maximum": 20}
    assert schema["properties"]["maybe"] == {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]}
    assert schema["required"] == ["faces"]


def test_rulesdsl_schema_writes_every_schema(tmp_path, capsys):
    assert main(["schema", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().out == f"wrote {len(schemas())} schemas to {tmp_path / 'out'}\n"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(schemas())
    assert write_schemas(tmp_path / "again")  # a second folder, same content

"""Whatever text or YAML arrives, the parser and the loader only ever raise the project's own errors.

The hostile generators (issue 10) add alias bombs, nesting far past any limit, numbers no
field can hold and every kind of YAML tag, and check that readers stay within their limits.
`HYPOTHESIS_PROFILE=deep` runs every test here 25 times longer.
"""

import json
import string

from hypothesis import given
from hypothesis import strategies as st
from ruamel.yaml import YAML

from rulesdsl.content.loader import load_roots
from rulesdsl.errors import CardSyntaxError, ContentError
from rulesdsl.lang.parser import parse, reserved_words
from tests.strategies import fuzz_settings, hostile_documents, hostile_values

FUZZ = fuzz_settings(300)

_TOKENS = sorted(reserved_words()) + [
    ":", ";", "|", ",", "->", "(", ")", "/", "+", "-", "*", ">=", "=", "<", "\n", "\n  ", "\n    ", "  ",
    "1", "2", "3/4", "oil", "wood", "S", "it", "this space", "player's", "#", "silver", "ore", "vikings",
]


def _parse_or_syntax_error(text):
    try:
        parse(text)
    except CardSyntaxError as err:
        assert err.line >= 1 and err.column >= 1
        assert err.message


@FUZZ
@given(st.text())
def test_arbitrary_text(text):
    _parse_or_syntax_error(text)


@FUZZ
@given(st.lists(st.sampled_from(_TOKENS), max_size=40).map(" ".join))
def test_token_soup(text):
    _parse_or_syntax_error(text)


@FUZZ
@given(st.data())
def test_mutated_real_effects(content, data):
    texts = sorted(p.effect for p in content.occupations.values())
    text = data.draw(st.sampled_from(texts))
    for _ in range(data.draw(st.integers(1, 4))):
        position = data.draw(st.integers(0, len(text)))
        action = data.draw(st.sampled_from(["delete", "insert", "swap"]))
        if action == "delete":
            text = text[:position] + text[position + 1:]
        elif action == "insert":
            text = text[:position] + data.draw(st.sampled_from(_TOKENS + list(string.printable))) + text[position:]
        elif position + 1 < len(text):
            text = text[:position] + text[position + 1] + text[position] + text[position + 2:]
    _parse_or_syntax_error(text)


def _load_file(tmp_path, raw: bytes):
    path = tmp_path / "fuzz.yaml"
    path.write_bytes(raw)
    try:
        load_roots([path])
    except ContentError as err:
        assert err.problems
        for problem in err.problems:
            assert problem.location is None or problem.location.line >= 1


@FUZZ
@given(st.binary(max_size=300))
def test_arbitrary_bytes_as_a_content_file(tmp_path, raw):
    _load_file(tmp_path, raw)


@FUZZ
@given(st.lists(st.sampled_from(list("abc: -[]{}\n\"'#&*!|>%@`,?0123456789") + ["  ", "goods", "spaces", "id", "effect", "number"]), max_size=80).map("".join))
def test_yaml_like_text(tmp_path, text):
    _load_file(tmp_path, text.encode("utf-8"))


scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 50), st.floats(allow_nan=False), st.text(max_size=20),
                    st.sampled_from(["oil", "##", "orange", "gain 1 oil", "pay 2 wood -> gain 1 oil", "crafting"]))
data = st.recursive(scalars, lambda children: st.one_of(st.lists(children, max_size=4), st.dictionaries(st.sampled_from(
    ["id", "name", "color", "shape", "effect", "group", "column", "row", "number", "deck", "items", "gives", "x"]), children, max_size=5)), max_leaves=20)
documents = st.one_of(
    st.dictionaries(st.sampled_from(["goods", "spaces", "mountain_strips", "game_lengths", "remove", "rules", "unknown"]), st.lists(data, max_size=3) | data, max_size=3),
    st.dictionaries(st.sampled_from(["number", "deck", "starting", "name", "points", "category", "text", "effect"]), data, max_size=8),
    data,
)


@FUZZ
@given(documents)
def test_structured_yaml(tmp_path, document):
    import io

    stream = io.StringIO()
    YAML(typ="safe", pure=True).dump(document, stream)
    _load_file(tmp_path, stream.getvalue().encode("utf-8"))


# ------------------------------------------------------------------ hostile input (issue 10)
def _read_within_limits(text: str):
    from rulesdsl.content.yamlfile import MAX_DEPTH, MAX_VALUES, YamlReadError, parse_yaml_text

    try:
        doc = parse_yaml_text(text, "h.yaml")
    except YamlReadError as err:
        assert err.problem.location.line >= 1 and err.problem.location.column >= 1
        return None
    assert len(doc.values) <= MAX_VALUES  # memory stays bounded: aliases never expand past the limit
    assert max((len(path) for path in doc.values), default=0) <= MAX_DEPTH + 1
    return doc


@FUZZ
@given(hostile_documents())
def test_hostile_yaml_stays_within_the_limits(text):
    doc = _read_within_limits(text)
    if doc is not None and "!!python" in text:
        raise AssertionError("a python tag was read")


@FUZZ
@given(hostile_documents())
def test_hostile_content_files_give_located_errors(tmp_path, text):
    _load_file(tmp_path, text.encode("utf-8"))


def _game_record(content):
    from rulesdsl.games.feast.engine.game import Game, GameOptions

    return Game(content, GameOptions(players=2), 4).save()


@FUZZ
@given(st.data())
def test_hostile_save_records_are_refused_with_rulesdsl_errors(content, tmp_path, data):
    from rulesdsl.errors import RulesError
    from rulesdsl.games.feast.engine.game import Game
    from rulesdsl.savefile import read_json

    record = _game_record(content)
    key = data.draw(st.sampled_from(["format", "seed", "dice", "answers", "options", "content", "players", "decks", "occupations"]))
    value = data.draw(hostile_values())
    placeholder = '"__HOSTILE__"'
    if key in ("players", "decks", "occupations"):
        record["options"][key] = "__HOSTILE__"
    else:
        record[key] = "__HOSTILE__"
    # A hostile value as raw JSON text where it parses as JSON, else as a string.
    raw = value if _is_json(value) else json.dumps(value)
    text = json.dumps(record).replace(placeholder, raw)
    path = tmp_path / "record.json"
    path.write_text(text)
    try:  # what `play --load` does
        loaded, _doc = read_json(path)
        Game.load(content, loaded)
    except RulesError as err:
        assert str(err)


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
        return True
    except (ValueError, RecursionError):
        return False

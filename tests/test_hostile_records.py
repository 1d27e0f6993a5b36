"""Hostile saved-game records (issue 35, the records door): every refusal names file:line:col."""

from __future__ import annotations

import json

import pytest

from rulesdsl.cli import main

OPTIONS = {"players": 2, "length": "long", "decks": ["A", "B", "C"]}


@pytest.mark.parametrize("record,where,word", [
    ({"options": OPTIONS, "seed": 0, "answers": []}, ":1:1:", "not a rulesdsl saved game"),
    ({"format": 1, "options": {**OPTIONS, "length": "medium"}, "seed": 0, "answers": []}, ":1:51:", "unknown game length 'medium'"),
    ({"format": 1, "options": {**OPTIONS, "decks": ["A", "Q"]}, "seed": 0, "answers": []}, ":1:", "unknown occupation deck 'Q'"),
    ({"format": 1, "options": {**OPTIONS, "players": 2.5}, "seed": 0, "answers": []}, ":1:", "whole number"),
    ([1, 2, 3], ":1:1:", "not a rulesdsl saved game"),
])
def test_a_bad_record_is_refused_at_its_place(capsys, tmp_path, record, where, word):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["play", "--load", str(path), "--force"]) == 1
    err = capsys.readouterr().err
    assert f"{path}{where}" in err and word in err, err


@pytest.mark.parametrize("text,word", [
    ("[" * 100_000 + "]" * 100_000, "nested"),
    ('{"format": 1, "seed": ' + "9" * 5000 + "}", ":1:23: invalid saved game: 999999999999 begins a number of 5000 digits"),
    ('{"format": NaN}', "not a number"),
    ("\xff\xfe", "not UTF-8"),
])
def test_malformed_record_text_is_located_not_crashed(capsys, tmp_path, text, word):
    path = tmp_path / "game.json"
    path.write_bytes(text.encode("latin-1") if text.startswith("\xff") else text.encode())
    for argv in (["play", "--load", str(path)], ["render", str(path)]):
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert f"{path}:" in err and word in err and "Traceback" not in err and "internal error" not in err, err

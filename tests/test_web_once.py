"""The web table is written once over the games registry (issue 34): no module of
rulesdsl/web names a game or imports one, every game the table plays gets the same routes,
a third game plays at the table from its own plug-in alone (its hooks and its templates), and
a game whose plug-in has no web hooks is refused with the names of the games it plays."""

from __future__ import annotations

import ast
import html
import json
import re
from pathlib import Path

import attrs
import pytest

from rulesdsl.games import registry

pytest.importorskip("flask_wtf", reason="the web extra (pip install -e '.[web]') is needed")

from rulesdsl.web.app import create_app  # noqa: E402
from tests.web_helpers import csrf_client  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WEB = ROOT / "rulesdsl" / "web"
ROUTES = {"new", "open", "show", "answer", "undo", "branch", "save"}
# What the table's modules may import of rulesdsl: the registry and the game-neutral parts, never a
# game's engine, view or plug-in package (the first game's Learn pages are its plug-in's, feast/learn_pages).
MAY_IMPORT = ("rulesdsl.web", "rulesdsl.errors", "rulesdsl.bounded", "rulesdsl.savefile", "rulesdsl.games.registry",
              "rulesdsl.games.seats", "rulesdsl.agents.registry", "rulesdsl.learn.words")


def _names() -> set[str]:
    """Every name that tells a game apart: the games offered and the plug-ins' keys."""
    return {name.lower() for name in registry.games()} | {plugin.key.lower() for plugin in registry.plugins()}


def _strings(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, text) of every string in the code (docstrings left out: they may say which game is meant)."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def game_names_in(path: Path, names: set[str]) -> list[str]:
    """A game's name used in the code of `path`: a string that is one, or that holds one as a word
    (a branch `if game == "feast"`, a path "/tableau/new", a module "rulesdsl.web.feast")."""
    words = re.compile(r"\b(" + "|".join(map(re.escape, sorted(names))) + r")\b", re.IGNORECASE)
    found = []
    for line, text in _strings(ast.parse(path.read_text(), str(path))):
        if text.lower() in names or (len(text) < 80 and words.search(text)):
            found.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    return sorted(found, key=lambda hit: int(hit.split(":")[1]))


def test_no_module_of_the_web_table_names_a_game():
    names = _names()
    assert {"feast", "vikings", "tableau"} <= names
    assert [hit for path in sorted(WEB.rglob("*.py")) for hit in game_names_in(path, names)] == []


def test_no_template_of_the_table_compares_a_game_name():
    names = "|".join(sorted(_names()))
    compared = re.compile(rf"(==|!=|\bin\b|\bis\b)\s*['\"]({names})['\"]|['\"]({names})['\"]\s*(==|!=|\bin\b)", re.IGNORECASE)
    found = [f"{path.name}: {m.group(0)}" for path in sorted((WEB / "templates").rglob("*.html"))
             for m in compared.finditer(path.read_text())]
    assert found == []


def test_the_checks_find_a_branch_on_a_game(tmp_path):
    """The check itself: a branch on a game's name, a game's path and a game's module are found."""
    path = tmp_path / "mod.py"
    path.write_text('"""About feast."""\nif game == "feast":\n    url = "/tableau/new"\nimport_name = "rulesdsl.web.vikings"\n'
                    'message = "a long sentence that speaks of tableau games and goes on and on for more than eighty characters"\n')
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert [hit.split(": ", 1)[1] for hit in game_names_in(path, _names())] == [
            "'feast'", "'/tableau/new'", "'rulesdsl.web.vikings'"]
    finally:
        ROOT = saved


def _imports(path: Path) -> list[str]:
    """Every rulesdsl module or name the file imports (`from M import x`: M.x)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found += [f"{node.module}.{a.name}" for a in node.names]
    return [name for name in found if name.startswith("rulesdsl.")]


def test_the_web_table_imports_no_game():
    found = [f"{path.name}: {name}" for path in sorted(WEB.glob("*.py"))
             for name in _imports(path) if not any(name == ok or name.startswith(ok + ".") for ok in MAY_IMPORT)]
    assert found == []


def test_every_game_the_table_plays_gets_the_same_routes():
    app = create_app()
    playable = [plugin for plugin in registry.plugins() if plugin.web is not None]
    assert {plugin.key for plugin in playable} >= {"feast", "tableau"}
    for plugin in playable:
        endpoints = {rule.endpoint.split(".", 1)[1] for rule in app.url_map.iter_rules()
                     if rule.endpoint.startswith(f"play_{plugin.key}.")}
        assert endpoints == ROUTES | {name.replace(".", "_") for name in plugin.web.more}, plugin.key


def test_the_web_modules_pass_mypy_strict():
    mypy = pytest.importorskip("mypy.api")
    files = ["web/play.py", "web/seats.py", "games/feast/web.py", "games/tableau/web.py"]
    out, err, status = mypy.run(["--strict", "--follow-imports=silent", "--no-incremental",
                                 *(str(ROOT / "rulesdsl" / f) for f in files)])
    assert status == 0, out + err


def _moved(pages: str):
    """The registry's plug-ins with the first game's web hooks giving other addresses (its games
    at PAGES/ID, its forms posting to PAGES/new and PAGES/open), as a plug-in may."""
    first = registry.plugin_for(registry.DEFAULT_GAME)
    moved = attrs.evolve(first, web=attrs.evolve(first.web, pages=pages, forms=pages))
    return tuple(moved if plugin is first else plugin for plugin in registry.plugins())


def test_the_tables_script_builds_its_requests_on_the_address_the_page_gives():
    """table.js, written once for every game, names no game's address: the shared template gives
    each game's page its own (data-game-url), at the paths the game's plug-in chose."""
    script = (WEB / "static" / "table.js").read_text()
    assert re.findall(r"[`'\"]/[A-Za-z]", script) == []  # no absolute path of its own
    assert "document.body.dataset.gameUrl" in script
    client = csrf_client(create_app())
    for form, fields, address in (("/new", {"players": "2", "agent1": "random"}, r"/game/\d+"),
                                  ("/tableau/new", {"game": "vikings", "players": "2", "agent1": "random"}, r"/tableau/t\d+")):
        url = client.post(form, data={"agent0": "human", **fields}).headers["Location"]
        assert re.fullmatch(address, url), url  # the two games' addresses as they were
        assert f'data-game-url="{url}"' in client.get(url).text
    assert "data-game-url" not in client.get("/").text  # a page of no game gives none


def test_a_game_at_addresses_of_its_own_is_played_through_them(monkeypatch):
    plugins = _moved("/odin")
    monkeypatch.setattr(registry, "plugins", lambda: plugins)
    client = csrf_client(create_app())
    url = client.post("/odin/new", data={"players": "2", "agent0": "human", "agent1": "random"}).headers["Location"]
    assert re.fullmatch(r"/odin/\d+", url) and client.get("/game/1").status_code == 404
    page = client.get(url).text
    assert f'data-game-url="{url}"' in page
    key = json.loads(re.search(r"window.GAME = (.*);", page).group(1))["decision"]["legal"][0]["key"]
    assert client.post(f"{url}/answer", json={"seat": 1, "key": key}).status_code == 200  # where the script posts


# ------------------------------------------------------------------ a third game
def _played() -> str:
    return ", ".join(name for plugin in registry.plugins() if plugin.web is not None for name in plugin.offers())


def test_a_game_without_web_hooks_is_refused_naming_the_games_the_table_plays(third_game):
    assert "nim" in registry.games() and registry.plugin_for("nim").web is None
    client = csrf_client(create_app())
    start = client.get("/")
    assert start.status_code == 200 and 'id="new-game"' in start.text and 'id="new-tableau"' in start.text
    said = f"nim cannot be played at this table: its plug-in has no web page (this table plays {_played()})"
    assert "feast, vikings" in said
    page = client.get("/play/nim")
    assert page.status_code == 404 and said in page.text and 'id="new-game"' in page.text  # the start page, saying why
    for path in ("/new", "/tableau/new"):
        refused = client.post(path, data={"game": "nim", "players": "2"})
        assert refused.status_code == 404 and said in refused.text
    record = {"game": "nim", "players": 2, "seed": 0, "sticks": 10, "answers": []}
    opened = client.post("/open", data={"text": json.dumps(record)})
    assert opened.status_code == 404 and said in opened.text
    unknown = client.get("/play/chess")
    assert unknown.status_code == 400 and "unknown game 'chess': this table offers feast, vikings" in html.unescape(unknown.text)
    assert client.get("/play/vikings").status_code == 200 and '<option value="vikings" selected>' in client.get("/play/vikings").text
    assert client.get("/").status_code == 200  # still serving


NIM_PAGE = """{% extends "base.html" %}{% block body %}<p id="left">{{ left }} left</p>
{% for key in legal %}<form method="post" action="{{ urls.answer }}"><button name="key" value="{{ key }}">take {{ key }}</button></form>{% endfor %}
{% if can_undo %}<form method="post" action="{{ urls.undo }}"><button id="undo">undo</button></form>{% endif %}
<a id="save" href="{{ urls.save }}">save</a>{% endblock %}"""
NIM_START = """<form id="new-nim" method="post" action="{{ forms.new }}"><input name="game" value="nim">
<button>start {{ start.title }}</button></form>"""


def nim_page(session, asked):
    game = session.game
    mine = session.waiting_for_person
    return registry.Page("nim.html", {"left": game.left, "legal": game.decision.legal() if mine else [],
                                      "can_undo": bool(game.log)})


def test_a_third_game_plays_at_the_table_from_its_own_plug_in(third_game, tmp_path, monkeypatch):
    """Nim given web hooks and two templates of its own, in its own folder: started, answered by
    a form, against its agent, undone, saved and opened again, with no edit to rulesdsl."""
    folder = tmp_path / "nim_templates"
    folder.mkdir()
    (folder / "nim.html").write_text(NIM_PAGE)
    (folder / "nim_start.html").write_text(NIM_START)
    base = registry.plugin_for("nim")
    hooks = registry.WebHooks(page=nim_page, start=lambda offer: registry.Page("nim_start.html", {"title": "Nim"}),
                              options=lambda field: {}, templates=str(folder))
    with_web = attrs.evolve(base, web=hooks)
    plugins = tuple(with_web if plugin is base else plugin for plugin in registry.plugins())
    monkeypatch.setattr(registry, "plugins", lambda: plugins)
    client = csrf_client(create_app())
    assert 'id="new-nim"' in client.get("/").text and client.get("/play/nim").status_code == 200
    started = client.post("/nim/new", data={"game": "nim", "players": "2", "agent0": "human", "agent1": "greediest"})
    assert started.status_code == 302, started.text
    url = started.headers["Location"]
    assert re.fullmatch(r"/nim/\d+", url)
    assert "10 left" in client.get(url).text
    assert client.post(url + "/answer", data={"key": "1"}).status_code == 302  # then the agent takes 3
    assert "6 left" in client.get(url).text
    refused = client.post(url + "/answer", json={"key": "9"})
    assert refused.status_code == 400 and "is not an answer now" in refused.json["error"]
    assert client.post(url + "/undo", data={}).status_code == 302
    assert "10 left" in client.get(url).text
    assert client.post(url + "/answer", json={"key": "2"}).json["answers"] == 2
    saved = client.get(url + "/save")
    assert saved.json["answers"] == ["2", "3"] and "rulesdsl-nim-" in saved.headers["Content-Disposition"]
    again = client.post("/open", data={"text": json.dumps(saved.json), "agents": "human,greediest"})
    assert again.status_code == 302 and again.headers["Location"] != url
    assert "5 left" in client.get(again.headers["Location"]).text
    listed = client.get("/").text
    assert listed.count('href="/nim/') == 2

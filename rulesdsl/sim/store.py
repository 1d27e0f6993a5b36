"""The simulation store: one DuckDB database file per folder (`sims.duckdb`).

DuckDB, not Parquet files: a run appends a few games at a time, and each batch goes in as
one transaction, so a crash, a full disk or Ctrl-C leaves exactly the games committed
before it (no half-written game, no file to repair), `--resume` is one query for the seeds
already there, and users query the tables with SQL straight away (`duckdb
rulesdsl-sims/sims.duckdb`, or `duckdb.connect(...)` in Python; `COPY ... TO 'x.parquet'`
exports). The options and the content fingerprint are kept in `meta`, and a store is only
ever extended by games of the same content and options.

Every game's store has the same tables (`SCHEMA`): `games` names the game of each row, `scores`
gives every player's total, place and win, and `points` the breakdown of the total (the first
game's scoring categories, a tableau ruleset's currencies), one row per part, so the same SQL
reads the stores of any game. The tables of what happened with cards, spaces and anytime
actions stay empty for a game without them. A store of format 1 (the first game's own tables,
before every game shared them) is refused with a message; `--new` replaces it.
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import numpy as np

from rulesdsl.errors import RulesError

FILE = "sims.duckdb"
FORMAT = "2"  # of a store of games (SCHEMA); 1 was the first game's alone, with its categories as columns of scores
OLD_FORMATS = {"1": "the first game's own tables, before every game shared them"}

# table -> [(column, type)]; the rows of a simulated game (games.feast.sim_play, games.tableau.sim) come in this order
SCHEMA: dict[str, list[tuple[str, str]]] = {
    "games": [("seed", "BIGINT PRIMARY KEY"), ("game", "VARCHAR"), ("players", "INTEGER"), ("length", "VARCHAR"),
              ("decisions", "INTEGER"), ("winners", "VARCHAR"), ("seconds", "DOUBLE")],
    "scores": [("seed", "BIGINT"), ("player", "INTEGER"), ("agent", "VARCHAR"), ("total", "INTEGER"),
               ("winner", "BOOLEAN"), ("place", "INTEGER")],
    "points": [("seed", "BIGINT"), ("player", "INTEGER"), ("category", "VARCHAR"), ("points", "INTEGER")],
    "cards": [("seed", "BIGINT"), ("player", "INTEGER"), ("card", "INTEGER"), ("deck", "VARCHAR"),
              ("dealt", "BOOLEAN"), ("played", "BOOLEAN"), ("round_played", "INTEGER"), ("fired", "INTEGER"),
              ("points", "INTEGER")],
    "fired": [("seed", "BIGINT"), ("player", "INTEGER"), ("card", "INTEGER"), ("timing", "VARCHAR"), ("times", "INTEGER")],
    "spaces": [("seed", "BIGINT"), ("player", "INTEGER"), ("space", "VARCHAR"), ("times", "INTEGER")],
    "anytime": [("seed", "BIGINT"), ("player", "INTEGER"), ("action", "VARCHAR"), ("times", "INTEGER")],
}


def column(table: str, name: str) -> int:
    """Where a column of SCHEMA's `table` is in its rows."""
    return [column for column, _ in SCHEMA[table]].index(name)


class StoreError(RulesError):
    """A store that cannot be used as asked (other content or options, not a store, cannot write)."""


def _duckdb():
    return duckdb


# A store may come from elsewhere (a shared folder, a download): DuckDB must not reach files,
# the network or extensions on its behalf, and nobody may turn that back on from inside.
SAFE_CONFIG = {"enable_external_access": False, "autoload_known_extensions": False,
               "autoinstall_known_extensions": False, "lock_configuration": True}


def connect(path: Path, read_only: bool = False):
    """A connection to the store file at `path`, sandboxed (SAFE_CONFIG) and checked to hold
    only plain tables: a view or a macro planted in a foreign store would run its SQL with the
    user's rights whenever the report reads it. duckdb.Error or StoreError on failure."""
    duckdb = _duckdb()
    con = duckdb.connect(str(path), read_only=read_only, config=dict(SAFE_CONFIG))
    try:
        planted = con.execute("SELECT table_name FROM information_schema.tables WHERE table_type <> 'BASE TABLE' "
                              "UNION ALL SELECT function_name FROM duckdb_functions() WHERE NOT internal "
                              "AND function_type IN ('macro', 'table_macro')").fetchall()
    except duckdb.Error:
        con.close()
        raise
    if planted:
        con.close()
        raise StoreError(f"{path} is not a rulesdsl simulation store: it holds views or macros "
                         f"({', '.join(sorted({str(r[0]) for r in planted})[:5])}), which a store never has; it is not read")
    return con


class Store:
    def __init__(self, folder: Path, con, meta: dict, schema: dict | None = None):
        self.folder, self.con, self.meta = folder, con, meta
        self.schema = SCHEMA if schema is None else schema  # balance's store of pairs has its own tables

    @property
    def path(self) -> Path:
        return self.folder / FILE

    def seeds(self) -> set[int]:
        """The seeds whose games are stored."""
        return {row[0] for row in self.con.execute("SELECT seed FROM games").fetchall()}

    def count(self) -> int:
        return self.con.execute("SELECT count(*) FROM games").fetchone()[0]

    def add(self, games: list[dict[str, list[tuple]]]) -> None:
        """Store whole games in one transaction: all of them or, on any error, none."""
        if not games:
            return

        duckdb = _duckdb()
        con = self.con
        try:
            con.execute("BEGIN TRANSACTION")
            for table, columns in self.schema.items():
                rows = [row for game in games for row in game[table]]
                if not rows:
                    continue
                batch = {name: np.array(values, dtype=object) for (name, _), values in zip(columns, zip(*rows))}
                names = ", ".join(name for name, _ in columns)
                con.register("batch_view", batch)  # DuckDB scans a dict of numpy columns in bulk
                con.execute(f"INSERT INTO {table} ({names}) SELECT {names} FROM batch_view")
                con.unregister("batch_view")
            con.execute("COMMIT")
        except BaseException as err:
            try:
                con.execute("ROLLBACK")
            except duckdb.Error:
                pass
            if not isinstance(err, duckdb.Error):
                raise
            raise StoreError(f"cannot write to the store {self.path}: {_first_line(err)}; "
                             f"the games stored before are intact") from None

    def close(self) -> None:
        try:
            self.con.close()
        except _duckdb().Error:
            pass  # a checkpoint that cannot be written now: the log keeps the committed games for the next open


def _first_line(err) -> str:
    return str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__


def open_store(folder, meta: dict, new: bool = False, schema: dict | None = None, fmt: str = FORMAT) -> Store:
    """Open (or create) the store in `folder` for games of `meta` (fingerprint and setup), with
    the tables of `schema` (default: the games' SCHEMA) in format `fmt`.

    A store of other content or options (or of an earlier format) is refused unless `new`, which
    starts it afresh; a file that is not a rulesdsl store is never replaced."""
    duckdb = _duckdb()
    folder = Path(folder)
    path = folder / FILE
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise StoreError(f"cannot create the store folder {folder}: {err.strerror}") from None
    if path.exists():
        old = _read_meta(path, fmt, any_format=new)
        if new:
            path.unlink()
            Path(str(path) + ".wal").unlink(missing_ok=True)
        elif old != {k: str(v) for k, v in meta.items()}:
            raise StoreError(_mismatch(path, old, meta))
    try:
        con = connect(path)
        schema = SCHEMA if schema is None else schema
        for table, columns in schema.items():
            con.execute(f"CREATE TABLE IF NOT EXISTS {table} ({', '.join(f'{n} {t}' for n, t in columns)})")
        con.execute("CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR)")
        if con.execute("SELECT count(*) FROM meta").fetchone()[0] == 0:
            con.executemany("INSERT INTO meta VALUES (?, ?)", [(k, str(v)) for k, v in {"format": fmt, **meta}.items()])
    except duckdb.Error as err:
        raise StoreError(f"cannot open the store {path}: {_first_line(err)}") from None
    return Store(folder, con, meta, schema)


def read_store(folder, game: str | None = None):
    """A read-only connection to an existing store and its meta; StoreError when it holds the
    games of another game than `game` (when given)."""
    duckdb = _duckdb()
    path = Path(folder) / FILE
    if not path.exists():
        raise StoreError(f"no simulation store in {folder} (no {FILE}); run `rulesdsl simulate --out {folder}` first")
    meta = _read_meta(path)
    if game is not None and meta.get("game") != game:
        raise StoreError(f"the store {path} holds games of {meta.get('game', 'another game')!s:.60}, not of {game}; "
                         f"give that game's --game to report on it")
    try:
        return connect(path, read_only=True), meta
    except duckdb.Error as err:
        raise StoreError(f"cannot open the store {path}: {_first_line(err)}") from None


def _read_meta(path: Path, fmt: str = FORMAT, any_format: bool = False) -> dict:
    """A store's meta (without its format); StoreError for a file that is no store or, unless
    `any_format` (a store about to be replaced), a store of another format."""
    duckdb = _duckdb()
    try:
        con = connect(path, read_only=True)
    except duckdb.Error as err:
        if "lock" in str(err).lower():
            raise StoreError(f"the store {path} is in use by another process; wait for it or choose another --out") from None
        raise StoreError(f"{path} is not a rulesdsl simulation store ({_first_line(err)}); "
                         f"choose another folder with --out") from None
    try:
        rows = con.execute("SELECT key, value FROM meta").fetchall()
    except duckdb.Error:
        raise StoreError(f"{path} is not a rulesdsl simulation store (no meta table); choose another folder with --out") from None
    finally:
        con.close()
    meta = dict(rows)
    found = meta.pop("format", None)
    if found == fmt or (any_format and found is not None):
        return meta
    if fmt == FORMAT and found in OLD_FORMATS:
        raise StoreError(f"{path} is a simulation store of an earlier rulesdsl (format {found}: {OLD_FORMATS[found]}); "
                         f"start it afresh with --new or choose another folder with --out")
    raise StoreError(f"{path} is a simulation store of another format; choose another folder with --out")


def _mismatch(path: Path, old: dict, meta: dict) -> str:
    changed = [k for k in sorted(set(old) | set(meta)) if old.get(k) != str(meta.get(k))]
    what = "content" if "fingerprint" in changed else "cards or content" if "tests" in changed else "options"
    details = []
    if "setup" in changed:
        a, b = _flat(_setup_json(old.get("setup", "{}"))), _flat(_setup_json(str(meta.get("setup", "{}"))))
        details = [f"{k}: stored {a.get(k)!r}, now {b.get(k)!r}" for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    extra = f" ({'; '.join(details)})" if details else ""
    return (f"the store {path} holds games of other {what}{extra}; results of different content or options "
            f"never mix: use --new to start it afresh or --out for another folder")


def stored_setup(meta: dict) -> dict:
    """The setup a store's games were played with; StoreError when the store's text is not one."""
    setup = _setup_json(str(meta.get("setup", "")))
    if not isinstance(setup.get("options"), dict):
        raise StoreError("the store's setup is not a rulesdsl setup (a mapping with options); it was not written by rulesdsl")
    return setup


def _setup_json(text: str) -> dict:
    """A stored setup as a mapping; a foreign store's text that is not one becomes an empty setup."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}


def _flat(setup: dict) -> dict:
    """A setup with its game options at the top level, for naming what differs."""
    options = setup.get("options", {})
    return {**{k: v for k, v in setup.items() if k != "options"}, **(options if isinstance(options, dict) else {})}

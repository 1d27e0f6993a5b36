"""Fitting a value model to self-play rows (scikit-learn), and the self-play store (DuckDB).

`fit` trains the candidate kinds on the rows of most games and measures each on the rows of
the games held out (whole games: rows of one game are alike, so a split by row would flatter
the model): mean absolute error, and the microseconds one prediction costs the agent
(`model.ValueModel.predict` on a single row, as a lookahead calls it). `auto` keeps the MLP
only where it is clearly more accurate (MLP_GAIN) than the linear model, which costs less.

scikit-learn is needed here only (`pip install 'rulesdsl[train]'`): agents read the arrays with
numpy alone.
"""

from __future__ import annotations

import time
import zlib
from pathlib import Path

import duckdb
import numpy as np

from rulesdsl.games.feast.agents.answer_features import AnswerReader
from rulesdsl.games.feast.agents.features import BASE, FEATURE_NAMES
from rulesdsl.games.feast.agents.ranker import RANKER_FEATURES
from rulesdsl.games.feast.agents.model import FORMAT, ValueModel
from rulesdsl.games.feast.agents.value import VALUE_NAMES, load_weights
from rulesdsl.errors import RulesError

HELD_OUT = 0.2  # share of the games whose rows validate
MLP_GAIN = 0.03  # `auto` keeps the MLP where its validation error is this share below the linear one's
HIDDEN = (32,)
RANKER_HIDDEN = (128,)  # the answer ranker's MLP (agents.ranker)
RANKER_KEEPS = (1, 2, 3, 4, 6, 8)  # answers kept whose loss the ranker's validation reports
ALPHAS = (0.1, 1.0, 10.0, 100.0)  # ridge strengths tried (the best on the held-out games is kept)
# With the hand prior: strong penalties only. A model fitted freely to self-play (generation 1,
# margin, 104 greedy games) predicted held-out games well (MAE 12.6) and played terribly (lost
# its first 4 games to greedy by 50-80 points): on the games of one policy, amounts that go with
# winning are not what makes one win (it valued empty banquet seats and uncovered minus squares
# positively), and a lookahead seeks out exactly those errors. Fitted as a correction of the
# hand-set value, it can only move that value as far as the data clearly ask: at a penalty of
# 1,000 (held-out MAE 7.45 on the final score) it still lost both games of seed 3000 to greedy
# (49-60, 27-67); at 10,000 (MAE 8.16) it won one and lost one (56-48, 74-79). The weaker
# penalties are therefore not offered: the most accurate of these is kept.
PRIOR_ALPHAS = (10_000.0, 100_000.0)
TARGET_COLUMN = {"score": "final", "margin": "margin"}  # what each target of model.TARGETS is, in the rows
KEYS = ("generation", "seed", "step", "player", "round", "final", "margin")
BRANCH_KEYS = KEYS + ("branch", "lookahead")  # a branch row: which of the best answers, and its lookahead value
ANSWER_KEYS = ("generation", "seed", "step", "player", "round", "key", "value")  # an answer row: its key and lookahead value
STATE_COLUMNS = RANKER_FEATURES[:len(BASE)]  # an answer row's state (the answer's own row is read from its key)


def held_out(seeds: np.ndarray, salt: int) -> np.ndarray:
    """Which rows belong to the validation games (a stable hash of the seed)."""
    return np.array([zlib.crc32(f"{salt}:{int(s)}".encode()) % 1000 < HELD_OUT * 1000 for s in seeds])


def _split(columns: dict, salt: int) -> tuple[np.ndarray, np.ndarray]:
    """(validation rows, training rows) as masks, whole games on each side; refused when one side is empty."""
    test = held_out(columns["seed"], salt)
    if test.all() or not test.any():
        raise RulesError(f"too few games to hold some out for validation ({len(set(columns['seed'].tolist()))})")
    return test, ~test


def _sklearn():
    try:
        from sklearn.linear_model import Ridge  # import here: scikit-learn is the optional extra 'train'
        from sklearn.neural_network import MLPRegressor  # import here: as above
    except ImportError:
        raise RulesError("training a value model needs scikit-learn: pip install 'rulesdsl[train]'") from None
    return Ridge, MLPRegressor


def hand_prior() -> np.ndarray:
    """The hand-set value (value.Valuer.value: the score plus the weights of weights.yaml) as
    coefficients over FEATURE_NAMES."""
    weights = load_weights()
    coef = np.zeros(len(FEATURE_NAMES))
    coef[FEATURE_NAMES.index("score")] = 1.0
    for name in VALUE_NAMES:
        coef[FEATURE_NAMES.index(name)] = getattr(weights, name)
    return coef


def _linear(x, y, mean, scale, alpha, prior=None):
    """Ridge on the standardised rows; with `prior` (raw coefficients) it fits what the prior
    leaves unexplained, so the penalty pulls towards the prior instead of towards nothing."""
    ridge, _ = _sklearn()
    if prior is None:
        prior = np.zeros(x.shape[1])
    m = ridge(alpha=alpha).fit((x - mean) / scale, y - x @ prior)
    return {"mean": mean, "scale": scale, "coef": m.coef_ + prior * scale,
            "intercept": np.array([m.intercept_ + float(mean @ prior)])}


def _mlp(x, y, mean, scale, seed, hidden=HIDDEN, patience=10):
    """The arrays of an MLP fitted to the standardised rows (`patience`: epochs without gain before it stops)."""
    _, mlp = _sklearn()
    m = mlp(hidden_layer_sizes=hidden, alpha=1e-3, learning_rate_init=1e-3, max_iter=200, early_stopping=True,
            validation_fraction=0.1, n_iter_no_change=patience, random_state=seed).fit((x - mean) / scale, y)
    arrays = {"mean": mean, "scale": scale}
    for i, (w, b) in enumerate(zip(m.coefs_, m.intercepts_)):
        arrays[f"w{i}"], arrays[f"b{i}"] = w, b
    return arrays


def _cost_us(model: ValueModel, rows: np.ndarray) -> float:
    """Microseconds per single-row prediction (the median of three passes)."""
    sample = [np.ascontiguousarray(r) for r in rows[:200]]
    passes = []
    for _ in range(3):
        start = time.perf_counter()
        for r in sample:
            model.predict(r)
        passes.append((time.perf_counter() - start) / max(1, len(sample)) * 1e6)
    return sorted(passes)[1]


def fit(x: np.ndarray, columns: dict, target: str, kind: str, seed: int, prior: str = "hand",
        alphas: tuple = ALPHAS) -> tuple[dict, dict, list[dict]]:
    """(meta, arrays, report of every candidate) of the model fitted to rows `x` (columns: KEYS).
    `prior` "hand": linear models are fitted as the hand-set value plus a correction (see
    PRIOR_ALPHAS); "none": from nothing."""
    y = np.asarray(columns[TARGET_COLUMN[target]], dtype=np.float64)
    test, train = _split(columns, seed)
    mean = x[train].mean(axis=0)
    scale = x[train].std(axis=0)
    scale[scale < 1e-9] = 1.0
    base = {"format": FORMAT, "target": target, "features": list(FEATURE_NAMES), "sha256": ""}
    candidates = []
    if kind in ("linear", "auto"):
        start = hand_prior() if prior == "hand" else None
        for alpha in alphas:
            candidates.append(("linear", {"alpha": alpha}, _linear(x[train], y[train], mean, scale, alpha, start)))
    if kind in ("mlp", "auto"):
        candidates.append(("mlp", {"hidden": list(HIDDEN)}, _mlp(x[train], y[train], mean, scale, seed)))
    report = []
    for name, params, arrays in candidates:
        model = ValueModel({**base, "kind": name}, arrays)
        error = np.abs(model.predict_many(x[test]) - y[test])
        report.append({"kind": name, **params, "mae": float(error.mean()),
                       "rmse": float(np.sqrt((error ** 2).mean())), "us_per_prediction": _cost_us(model, x[test]),
                       "arrays": arrays})
    linear = min((r for r in report if r["kind"] == "linear"), key=lambda r: r["mae"], default=None)
    mlp = next((r for r in report if r["kind"] == "mlp"), None)
    if linear is None or (mlp is not None and mlp["mae"] < (1 - MLP_GAIN) * linear["mae"]):
        chosen = mlp
    else:
        chosen = linear
    meta = {"kind": chosen["kind"], "target": target, "features": list(FEATURE_NAMES),
            "validation": {"games": int(len(set(columns["seed"][test].tolist()))), "states": int(test.sum()),
                           "mae": round(chosen["mae"], 3), "rmse": round(chosen["rmse"], 3),
                           "us_per_prediction": round(chosen["us_per_prediction"], 2)},
            "training": {"games": int(len(set(columns["seed"][train].tolist()))), "states": int(train.sum())},
            "candidates": [{k: (round(v, 3) if isinstance(v, float) else v) for k, v in r.items() if k != "arrays"}
                           for r in report]}
    if chosen["kind"] == "linear":
        meta["alpha"] = chosen["alpha"]
        meta["prior"] = prior
    return meta, chosen["arrays"], report


GROUP_KEYS = ("generation", "seed", "step", "player")  # the rows of one branched question
# Penalties tried on branches (standardised features; the hand-set value as the prior). The
# rows are few (a few thousand) against 96 features, so only strong penalties are offered.
GROUPED_ALPHAS = (300.0, 1_000.0, 3_000.0, 10_000.0)


def groups(columns: dict) -> np.ndarray:
    """The group index of every branch row (one group per branched question)."""
    keys = np.column_stack([np.asarray(columns[k], dtype=np.int64) for k in GROUP_KEYS])
    _, index = np.unique(keys, axis=0, return_inverse=True)
    return index.reshape(-1)


def demeaned(values: np.ndarray, group: np.ndarray) -> np.ndarray:
    """`values` less the mean of their group (rows or a column)."""
    group = np.unique(group, return_inverse=True)[1].reshape(-1)  # numbered 0.. within these rows
    count = np.bincount(group).astype(np.float64)
    if values.ndim == 1:
        return values - (np.bincount(group, weights=values) / count)[group]
    sums = np.zeros((len(count), values.shape[1]))
    np.add.at(sums, group, values)
    return values - (sums / count[:, None])[group]


def regret(pred: np.ndarray, y: np.ndarray, group: np.ndarray) -> tuple[float, float]:
    """(mean points lost against the best branch, share of groups whose best branch is picked)
    when each group's branch with the highest `pred` is taken."""
    return top_k_regret(pred, y, group, 1)


def fit_grouped(x: np.ndarray, columns: dict, target: str, seed: int,
                alphas: tuple = GROUPED_ALPHAS) -> tuple[dict, dict, list[dict]]:
    """(meta, arrays, report) of a linear model fitted to branches (selfplay.SelfPlay.branch):
    the hand-set value plus a correction fitted, within each branched question, to how much
    better or worse each answer's outcome was than the question's mean (features and outcomes
    less their group's means). The level of a state is left to the hand-set value; the
    correction only learns what tells answers to one question apart, which is all a lookahead
    asks of a value. Held-out games judge each penalty by the points lost against the best
    branch when the model picks (`regret`); the hand-set value's own regret is reported beside."""
    y = np.asarray(columns[TARGET_COLUMN[target]], dtype=np.float64)
    group = groups(columns)
    test, train = _split(columns, seed)
    prior = hand_prior()
    xd, yd = demeaned(x, group), demeaned(y, group)
    scale = xd[train].std(axis=0)
    scale[scale < 1e-9] = 1.0
    ridge, _ = _sklearn()
    base = {"format": FORMAT, "target": target, "features": list(FEATURE_NAMES), "sha256": ""}
    hand = regret(x[test] @ prior, y[test], group[test])
    report = []
    for alpha in alphas:
        m = ridge(alpha=alpha, fit_intercept=False).fit(xd[train] / scale, yd[train] - xd[train] @ prior)
        arrays = {"mean": np.zeros(x.shape[1]), "scale": np.ones(x.shape[1]), "coef": prior + m.coef_ / scale,
                  "intercept": np.zeros(1)}
        model = ValueModel({**base, "kind": "linear"}, arrays)
        pred = model.predict_many(x[test])
        lost, hits = regret(pred, y[test], group[test])
        error = np.abs(demeaned(pred, group[test]) - yd[test])
        report.append({"kind": "linear", "alpha": alpha, "mae": float(error.mean()),
                       "rmse": float(np.sqrt((error ** 2).mean())), "regret": lost, "best_picked": hits,
                       "us_per_prediction": _cost_us(model, x[test]), "arrays": arrays})
    chosen = min(report, key=lambda r: (r["regret"], r["mae"]))
    meta = {"kind": "linear", "target": target, "features": list(FEATURE_NAMES), "alpha": chosen["alpha"],
            "prior": "hand", "fitted_to": "branches",
            "validation": {"games": int(len(set(columns["seed"][test].tolist()))),
                           "questions": int(len(np.unique(group[test]))), "states": int(test.sum()),
                           "mae": round(chosen["mae"], 3), "rmse": round(chosen["rmse"], 3),
                           "regret": round(chosen["regret"], 3), "best_picked": round(chosen["best_picked"], 3),
                           "hand_regret": round(hand[0], 3), "hand_best_picked": round(hand[1], 3),
                           "us_per_prediction": round(chosen["us_per_prediction"], 2)},
            "training": {"games": int(len(set(columns["seed"][train].tolist()))),
                         "questions": int(len(np.unique(group[train]))), "states": int(train.sum())},
            "candidates": [{k: (round(v, 3) if isinstance(v, float) else v) for k, v in r.items() if k != "arrays"}
                           for r in report]}
    return meta, chosen["arrays"], report


# ------------------------------------------------------------------------------------ the store
STORE = "selfplay.duckdb"


def open_store(folder: Path, meta: dict):
    """The self-play store in `folder` (made if missing); refuses one of other content or options."""
    folder.mkdir(parents=True, exist_ok=True)
    con = duckdb.connect(str(folder / STORE))
    con.execute("CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR)")
    old = dict(con.execute("SELECT key, value FROM meta").fetchall())
    if old:
        differ = [k for k, v in meta.items() if old.get(k) != str(v)]
        if differ:
            con.close()
            raise RulesError(f"{folder / STORE} holds self-play of other {', '.join(differ)}; use another --out")
    else:
        con.executemany("INSERT INTO meta VALUES (?, ?)", [(k, str(v)) for k, v in meta.items()])
    features = ", ".join(f'"{name}" DOUBLE' for name in FEATURE_NAMES)
    con.execute("CREATE TABLE IF NOT EXISTS games (generation INTEGER, seed BIGINT, decisions INTEGER, scores VARCHAR)")
    con.execute(f"CREATE TABLE IF NOT EXISTS states (generation INTEGER, seed BIGINT, step INTEGER, player INTEGER, "
                f"round INTEGER, final DOUBLE, margin DOUBLE, {features})")
    con.execute(f"CREATE TABLE IF NOT EXISTS branches (generation INTEGER, seed BIGINT, step INTEGER, player INTEGER, "
                f"round INTEGER, final DOUBLE, margin DOUBLE, branch INTEGER, lookahead DOUBLE, {features})")
    ranked = ", ".join(f'"{name}" DOUBLE' for name in STATE_COLUMNS)
    con.execute(f"CREATE TABLE IF NOT EXISTS answers (generation INTEGER, seed BIGINT, step INTEGER, player INTEGER, "
                f"round INTEGER, key VARCHAR, value DOUBLE, {ranked})")
    return con


def stored_seeds(con, generation: int) -> set[int]:
    """The seeds of a generation's games already in the store."""
    return {s for (s,) in con.execute("SELECT seed FROM games WHERE generation = ?", [generation]).fetchall()}


def add_games(con, results: list[dict]) -> None:
    """Store games' rows (SelfPlay.play results) in one transaction."""
    games = [g for r in results for g in r["games"]]
    if not games:
        return
    con.execute("BEGIN")
    try:
        con.executemany("INSERT INTO games VALUES (?, ?, ?, ?)", games)
        _insert(con, "states", [s for r in results for s in r["states"]], len(KEYS + FEATURE_NAMES))
        _insert(con, "branches", [b for r in results for b in r.get("branches", ())], len(BRANCH_KEYS + FEATURE_NAMES))
        _insert(con, "answers", [a for r in results for a in r.get("answers", ())], len(ANSWER_KEYS + STATE_COLUMNS))
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise


def _insert(con, table: str, rows: list, width: int) -> None:
    """Insert rows (tuples of `width` values) into `table` as one batch."""
    if not rows:
        return
    batch = {f"c{i}": np.array([row[i] for row in rows]) for i in range(width)}
    con.register("batch_view", batch)
    con.execute(f"INSERT INTO {table} SELECT * FROM batch_view")
    con.unregister("batch_view")


def _load(con, table: str, keys: tuple[str, ...], columns: tuple[str, ...], order: str,
          generations: list[int]) -> tuple[np.ndarray, dict]:
    """(matrix of `columns`, `keys` columns) of a table's rows of some generations, ordered by `order`."""
    marks = ", ".join("?" for _ in generations)
    cols = ", ".join(f'"{n}"' for n in keys + columns)
    rows = con.execute(f"SELECT {cols} FROM {table} WHERE generation IN ({marks}) ORDER BY {order}",
                       list(generations)).fetchnumpy()
    x = (np.column_stack([np.asarray(rows[n], dtype=np.float64) for n in columns]) if len(rows["seed"])
         else np.zeros((0, len(columns))))
    return x, {k: np.asarray(rows[k]) for k in keys}


def load_branches(con, generations: list[int]) -> tuple[np.ndarray, dict]:
    """(feature matrix, key columns) of the branches of some generations, in a stable order."""
    return _load(con, "branches", BRANCH_KEYS, FEATURE_NAMES, "generation, seed, step, player, branch", generations)


def load_rows(con, generations: list[int]) -> tuple[np.ndarray, dict]:
    """(feature matrix, key columns) of the states of some generations, in a stable order."""
    return _load(con, "states", KEYS, FEATURE_NAMES, "generation, seed, step, player", generations)


def load_answers(con, generations: list[int]) -> tuple[np.ndarray, dict]:
    """(state matrix, key columns incl. the answer keys) of the answers of some generations."""
    return _load(con, "answers", ANSWER_KEYS, STATE_COLUMNS, "generation, seed, step, key", generations)


def top_k_regret(pred: np.ndarray, y: np.ndarray, group: np.ndarray, keep: int) -> tuple[float, float]:
    """(mean value lost against each group's best answer when only the `keep` answers with the
    highest `pred` are judged, share of groups whose best answer is among them)."""
    order = np.lexsort((-pred, group))  # by group, the highest prediction first
    lost, hits = [], []
    bounds = np.flatnonzero(np.diff(group[order])) + 1
    for rows in np.split(order, bounds):
        kept = rows[:keep]
        best = y[rows].max()
        lost.append(float(best - y[kept].max()))
        hits.append(float(y[kept].max() == best))
    return float(np.mean(lost)), float(np.mean(hits))


def fit_ranker(states: np.ndarray, columns: dict, content, catalog, seed: int) -> tuple[dict, dict, dict]:
    """(meta, arrays, report) of an answer ranker (agents.ranker): a small MLP fitted to each
    answer's lookahead value less its question's mean, from the state's row and the answer's.
    Held-out games judge it by what judging only its first k answers would lose against the
    lookahead's best (`top_k_regret`, at each k of RANKER_KEEPS), beside a random choice of as many."""
    reader = AnswerReader(content, catalog)
    keys = columns["key"].tolist()
    x = np.hstack([states, reader.rows(keys)])
    group = groups(columns)
    y = demeaned(np.asarray(columns["value"], dtype=np.float64), group)
    test, train = _split(columns, seed)
    mean, scale = x[train].mean(axis=0), x[train].std(axis=0)
    scale[scale < 1e-9] = 1.0
    arrays = _mlp(x[train], y[train], mean, scale, seed, RANKER_HIDDEN, patience=8)
    meta = {"kind": "mlp", "target": "answer", "features": list(RANKER_FEATURES), "hidden": list(RANKER_HIDDEN)}
    model = ValueModel({"format": FORMAT, **meta, "sha256": ""}, arrays)
    pred = model.predict_many(x[test])
    chance = np.random.default_rng(seed).random(int(test.sum()))
    report = {"keep": {}, "random": {}}
    for k in RANKER_KEEPS:
        lost, hits = top_k_regret(pred, y[test], group[test], k)
        report["keep"][k] = {"regret": round(lost, 3), "best_kept": round(hits, 3)}
        lost, hits = top_k_regret(chance, y[test], group[test], k)
        report["random"][k] = {"regret": round(lost, 3), "best_kept": round(hits, 3)}
    meta["validation"] = {"games": int(len(set(columns["seed"][test].tolist()))),
                          "questions": int(len(np.unique(group[test]))), "answers": int(test.sum()),
                          "mae": round(float(np.abs(pred - y[test]).mean()), 3), **report}
    meta["training"] = {"games": int(len(set(columns["seed"][train].tolist()))),
                        "questions": int(len(np.unique(group[train]))), "answers": int(train.sum())}
    return meta, arrays, report

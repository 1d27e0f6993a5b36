"""A learned value model as package data: arrays in an `.npz` read with pickling off, and its
provenance in a JSON file beside it (same name, `.json`).

Two kinds, both evaluated with numpy on one feature row (agents.features): `linear` (the
standardised row times a coefficient vector) and `mlp` (standardised row, hidden layers with
ReLU, one output). A per-decision agent values a few hundred states a decision, so the
evaluation must cost microseconds: no library call heavier than a matrix product.

The JSON says what the model is (kind, target, feature names) and where it came from
(content fingerprint, seeds, agent and generation that played the games, numbers of games and
states, validation error) and holds the sha256 of the `.npz`: a model whose arrays do not
match its provenance is refused.
"""

from __future__ import annotations

import hashlib
import io
import json
from importlib import resources
from pathlib import Path

import numpy as np

from rulesdsl.errors import RulesError
from rulesdsl.savefile import replace_file

KINDS = ("linear", "mlp")
TARGETS = ("score", "margin", "answer")  # the player's final score, its margin over the best opponent, or
# (a ranker of answers, agents.ranker) the lookahead's value of an answer less its question's mean
FORMAT = "rulesdsl-value-model/1"
SHIPPED = "value_model.npz"  # in rulesdsl/games/feast/agents/models/


class ValueModel:
    """A trained value: `predict(row)` for one feature row (numpy float64)."""

    def __init__(self, meta: dict, arrays: dict[str, np.ndarray]):
        self.meta = meta
        self.kind = meta["kind"]
        self.target = meta["target"]
        self.features = tuple(meta["features"])
        self.mean = arrays["mean"]
        self.scale = arrays["scale"]
        if self.kind == "linear":
            self.coef = arrays["coef"] / self.scale  # folded: predict is one dot product
            self.intercept = float(arrays["intercept"][0]) - float(self.coef @ self.mean)
        else:
            layers = sum(1 for name in arrays if name.startswith("w"))
            self.weights = [arrays[f"w{i}"] for i in range(layers)]
            self.biases = [arrays[f"b{i}"] for i in range(layers)]
            self.weights[0] = self.weights[0] / self.scale[:, None]
            self.biases[0] = self.biases[0] - self.mean @ self.weights[0]

    def predict(self, row: np.ndarray) -> float:
        """The value of one feature row."""
        if self.kind == "linear":
            return float(self.coef @ row) + self.intercept
        return float(self._forward(row)[0])

    def predict_many(self, rows: np.ndarray) -> np.ndarray:
        """The values of many rows at once (training and validation)."""
        if self.kind == "linear":
            return rows @ self.coef + self.intercept
        return self._forward(rows)[:, 0]

    def _forward(self, h: np.ndarray) -> np.ndarray:
        """The MLP's output layer for a row or rows (ReLU between the layers)."""
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            h = h @ w + b
            if i < last:
                h = np.maximum(h, 0.0)
        return h


def _check_meta(meta, where: str) -> dict:
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise RulesError(f"{where}: not a value model (expected format {FORMAT})")
    if meta.get("kind") not in KINDS or meta.get("target") not in TARGETS:
        raise RulesError(f"{where}: kind must be one of {', '.join(KINDS)} and target one of {', '.join(TARGETS)}")
    if not isinstance(meta.get("features"), list) or not all(isinstance(f, str) for f in meta["features"]):
        raise RulesError(f"{where}: 'features' must be a list of feature names")
    return meta


def _arrays(raw: bytes, where: str) -> dict[str, np.ndarray]:
    try:
        with np.load(io.BytesIO(raw), allow_pickle=False) as data:
            arrays = {name: np.asarray(data[name], dtype=np.float64) for name in data.files}
    except (ValueError, OSError, TypeError) as err:
        raise RulesError(f"{where}: not a readable .npz of numbers ({err})") from None
    if "mean" not in arrays or "scale" not in arrays:
        raise RulesError(f"{where}: the arrays 'mean' and 'scale' are missing")
    return arrays


def from_bytes(npz: bytes, meta_text: str, where: str = "model") -> ValueModel:
    """A model from its `.npz` bytes and JSON text (checked against each other)."""
    try:
        meta = json.loads(meta_text)
    except json.JSONDecodeError as err:
        raise RulesError(f"{where}.json:{err.lineno}:{err.colno}: not JSON ({err.msg})") from None
    meta = _check_meta(meta, f"{where}.json")
    digest = hashlib.sha256(npz).hexdigest()
    if meta.get("sha256") != digest:
        raise RulesError(f"{where}: the arrays do not match the provenance (sha256 {digest[:12]}..., "
                         f"expected {str(meta.get('sha256'))[:12]}...)")
    arrays = _arrays(npz, f"{where}.npz")
    n = len(meta["features"])
    if arrays["mean"].shape != (n,) or arrays["scale"].shape != (n,):
        raise RulesError(f"{where}: {n} features named but the arrays have another size")
    return ValueModel(meta, arrays)


def sidecar(path: Path) -> Path:
    """The provenance file beside a model's arrays."""
    return path.with_suffix(".json")


def read_files(path: str | Path) -> tuple[bytes, str]:
    """(arrays bytes, provenance text) of the model at `path` (the `.npz`)."""
    path = Path(path)
    if path.suffix != ".npz":
        raise RulesError(f"{path}: a value model is an .npz file (with its .json beside it)")
    try:
        return path.read_bytes(), sidecar(path).read_text(encoding="utf-8")
    except OSError as err:
        raise RulesError(f"cannot read the model {path}: {err.strerror or err}") from None


_LOADED: dict = {}  # (path, size, mtime) or "shipped" -> ValueModel


def load_model(path: str | Path | None = None, shipped: str = SHIPPED) -> ValueModel:
    """The model at `path` (default: the shipped one called `shipped`), read once per file."""
    if path is None:
        found = _LOADED.get(shipped)
        if found is None:
            folder = resources.files("rulesdsl.games.feast.agents").joinpath("models")
            npz = folder.joinpath(shipped).read_bytes()
            text = folder.joinpath(shipped.replace(".npz", ".json")).read_text(encoding="utf-8")
            found = _LOADED[shipped] = from_bytes(npz, text, f"rulesdsl/games/feast/agents/models/{shipped[:-4]}")
        return found
    path = Path(path)
    try:
        stat = path.stat()
    except OSError as err:
        raise RulesError(f"cannot read the model {path}: {err.strerror or err}") from None
    key = (str(path.resolve()), stat.st_size, stat.st_mtime_ns)
    found = _LOADED.get(key)
    if found is None:
        npz, text = read_files(path)
        found = _LOADED[key] = from_bytes(npz, text, str(path.with_suffix("")))
    return found


def write_model(path: str | Path, meta: dict, arrays: dict[str, np.ndarray]) -> None:
    """Write the arrays and the provenance (with the arrays' sha256) atomically, arrays first."""
    path = Path(path)
    buffer = io.BytesIO()
    np.savez(buffer, **{name: np.asarray(a, dtype=np.float64) for name, a in arrays.items()})
    raw = buffer.getvalue()
    meta = {"format": FORMAT, **meta, "sha256": hashlib.sha256(raw).hexdigest()}
    _check_meta(meta, str(sidecar(path)))
    atomic_write(path, raw)
    atomic_write(sidecar(path), (json.dumps(meta, indent=1, sort_keys=True) + "\n").encode())


def atomic_write(path: Path, raw: bytes) -> None:
    """Write `raw` to `path` through a temporary file beside it (never a half-written file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        replace_file(path, raw)
    except OSError as err:
        raise RulesError(f"cannot write {path}: {err.strerror or err}") from None

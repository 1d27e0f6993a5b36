"""Agents' turns of the web table's games, played off the request: a game of agents can run
for seconds, and a request must never hold other games (or the server) while it does.

Each open game has its own lock; a worker thread takes it for one answer at a time, so the
page of that game can be drawn between two answers and other games are never waited on. A
request that wants the agents' answers waits for them a bounded time, holding no lock."""

from __future__ import annotations

import concurrent.futures
import threading

from rulesdsl.errors import RulesError
from rulesdsl.games.seats import play_agents

MAX_AGENT_ANSWERS = 100_000  # one run of the agents; a whole 4-player game of agents is ~3,000
WORKERS = 2


class AgentRunner:
    """Advances games whose open decision belongs to an agent, on a small pool of threads."""

    def __init__(self, workers: int = WORKERS):
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="rulesdsl-agents")

    def start(self, session) -> None:
        """Let the agents of `session` answer until a person must, the game ends, or it fails."""
        with session.lock:
            if session.job is not None and not session.job.done():
                return
            session.error = None
            session.job = self.pool.submit(_advance, session)

    def wait(self, session, seconds: float) -> bool:
        """Wait (holding no lock) up to `seconds` for the agents of `session`; True when they are done."""
        job = session.job
        if job is None:
            return True
        done, _ = concurrent.futures.wait([job], timeout=seconds)
        return bool(done)


def busy(session) -> bool:
    """Whether the agents of `session` are still answering."""
    return session.job is not None and not session.job.done()


def _advance(session) -> None:
    try:
        given = play_agents(session.game, session.agents, limit=MAX_AGENT_ANSWERS, hold=lambda: session.lock)
    except (RulesError, RecursionError) as err:
        with session.lock:
            session.error = f"the game stopped: {err}"
        return
    with session.lock:
        if given >= MAX_AGENT_ANSWERS:
            session.error = f"the agents gave {MAX_AGENT_ANSWERS:,} answers without the game ending or asking a person"


def new_lock() -> threading.RLock:
    """The lock of one open game."""
    return threading.RLock()

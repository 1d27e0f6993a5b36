"""A Feast for Odin's own agents: the hand-set value (`value`, its weights in `weights.yaml`, the
tile placement judge `placement`), the lookahead that tries answers on forks (`lookahead`), the
greedy agent over it (`greedy`), the search agent's paired rollouts over greedy's best answers
(`search`, `playout`), the learned value and answer ranker (`features`, `answer_features`,
`model` with the shipped `models/`, `learned`, `ranker`) and their self-play and fitting
(`selfplay`, `training`); `by_name` registers them by name for the plug-in.

The split with `rulesdsl.agents` follows what a module reads: whatever reads this game's state,
its engine (forks that stop at a resume point, the score breakdown, the feast's seats) or its
package data (weights, models) is here; `rulesdsl.agents` keeps what answers any game through
the one protocol (the random, scripted and human agents, the agents' registry over the games'
plug-ins, the paired rollouts both games' search agents choose by). The model file format
(`model`) reads no state but is used only by this game's learned agents and holds their shipped
models, so it lives with them until a second game learns a value.

This module imports nothing, so loading one agent module (the value, for the tools that tune
it) does not load them all.
"""

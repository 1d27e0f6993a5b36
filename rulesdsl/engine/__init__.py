"""The game engine: state, the 12-phase round, the card-language interpreter, decisions.

A game is content + options + seed + the list of answers to its decisions: the engine is
a generator that yields `Decision`s and receives answers, so humans, random agents,
scripts, saved games and replays all drive it the same way.
"""

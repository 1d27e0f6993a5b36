"""The first game's engine (A Feast for Odin): state, the 12-phase round, the card-language
interpreter, decisions.

A game is content + options + seed + the list of answers to its decisions: the engine is
a generator that yields `Decision`s and receives answers, so humans, random agents,
scripts, saved games and replays all drive it the same way.

Two sub-packages hold what is not the round itself: `legality/` makes judging the legal
answers fast without changing any verdict (static relevance, remembered verdicts, trials of
what comes before an action, lazy offers), and `steps/` holds the phase steps `use NAME` runs
(breeding, banquet, income ...). The game-neutral kernels both games share are in
`rulesdsl.mechanisms`.
"""

"""The first game's phase steps: what `use NAME` runs in A Feast for Odin's rounds (breeding,
the banquet, income, bonuses, mountain strips, weapon draws, exploration slots, workers).

Each step is a generator `f(flow, ctx, **parameters)` that works on the first game's state
through its flow and interpreter, so it lives in that game's engine; `rulesdsl.games.feast.engine.uses`
lists them by name. The game-neutral kernels both games share (price ring, row filling,
projection, majorities, runs, tie-breaks, transfers, auction, edge matching) stay in
`rulesdsl.mechanisms`, which imports nothing of either engine. Like the kernels, no step names
a component of either game: what a step works on is read from the content."""

"""The game-neutral core: what every game's engine is built from (see the end of the move)."""

"""Generic mechanisms named in data: each is parameterised by content and names no game's component."""

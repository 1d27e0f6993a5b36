"""Learning the game: guided lessons played on the real engine, the players' rules reference
with its questions, and the gallery of components (the web pages live in `rulesdsl.games.feast.learn_pages`)."""

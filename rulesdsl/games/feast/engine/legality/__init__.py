"""Legality machinery of the first game: deciding fast, and exactly as the interpreter would,
whether an action space can be taken and which answers a decision offers.

The rules themselves are run by the interpreter (`rulesdsl.games.feast.engine.interp`); everything here
only saves work and must never change a verdict (the tests compare each shortcut with judging
afresh):

- `relevance`    which items an effect could touch, read from its tree without running it
                 (and per-content memos of such readings);
- `direct`       a space's direct verdict remembered per content under the values its check reads;
- `verdicts`     verdicts remembered per game with the values a judgment actually read (off by
                 default, see its docstring);
- `preparations` trying out what runs before an action (draws, `before action` cards) on copies,
                 with `hand_reach` (which cards in hand could matter to a space);
- `offers`       lazy legal lists: tile positions counted by bit tests, written when read.

They sit apart from the flow (`rulesdsl.games.feast.engine.flow` and its parts), which holds one of each
per game and asks them; none of them asks a question or changes a game.
"""

"""The game-neutral core: what every game's engine is built from, and nothing of any game.

- `runner.Runner`: runs statement trees (blocks, dispatch by node type to `s_X` / `c_X`, moods,
  slash positions, feasibility) and asks the player (`ask`: a decision yielded until answered,
  a single legal answer taken at once). Where games differ they say so by data on their
  interpreter class (`optional`, `yields`, `paid_on_space`, `slashed`) and hooks.
- `control.ControlStatements`: `if`, `choose`, `for each`, `first of`, `by` tables, `repeat`.
- `expressions.Expressions`: the language's one evaluator (amounts, ranges, conditions,
  numbers); the numbers themselves come from the game's queries, what `it` / `this ...` refer
  to from the game (`resolve_ref`).
- `currency.CurrencyStatements`: gain, pay, lose, convert and exchanges for a game whose items
  are plain currencies counted per player.
- `decisions`: `Decision` (what a player is asked, judged lazily or in full), `Option`,
  `Candidates`, `SeededStream`. `describe` / `slash`: the texts of questions, slash sizes.
- `record`: what every game's saved-game reader checks (types, limits, the content played on).
- `game.Game`: the one protocol of a game in progress (decision, over, legal, answer, fork,
  save, load, scores) and its one error type, `rulesdsl.errors.IllegalMove` (a RulesError with
  the reason).

The core imports, of rulesdsl, only `lang/`, `errors` and `bounded` (tests/test_code_rules.py),
and is checked by mypy in strict mode. A game plugs in by subclassing or mixing in: its
interpreter is `Runner` + `ControlStatements` + `Expressions` + its own statement classes; where
the first game needs more than the language's (modifiers that last until its action ends, what
`this space` means, its own count of ships and buildings), its engine's module (`games/feast/engine/`) subclasses the
core's class instead of the core naming a first-game concept.

Simpler than the design's layout (DESIGN.md puts the games registry here too): the registry
stays in `rulesdsl/games/`, since it is the front ends' door (commands, simulations, web pages,
agents by name) rather than something an engine is built from; the core is the bottom layer
only. The statements are still mixins of one interpreter class per game, not services handed
to each statement: that is the other half of issue 34 (statements given what they need), and
a mixin already lets each game take exactly the parts it uses.
"""

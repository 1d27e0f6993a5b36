"""Running a scenario's steps through the real engine: a space used, a card played, a phase of
the round, the anytime menu, arbitrary effect text, a tile placed, final scoring; each
question answered from the file (scenario_answers), a refusal compared with `expect_error`,
and in format 2 the state after a step compared with its own `expect`.
"""

from __future__ import annotations

from types import SimpleNamespace

from rulesdsl.content.tables import content_table
from rulesdsl.errors import IllegalMove, Problem
from rulesdsl.games.feast.engine.events import EventInfo
from rulesdsl.games.feast.scenario_answers import StepWatch, drive as _drive
from rulesdsl.games.feast.scenario_check import keys
from rulesdsl.games.feast.scenario_expect import check_expectations
from rulesdsl.games.feast.scenario_read import ScenarioError
from rulesdsl.geometry import pieces
from rulesdsl.lang.checker import check, declared_names, vocabulary_from
from rulesdsl.lang.parser import parse
from rulesdsl.learn.reference import rule_tag

# the keys a step may hold, in format 1 and 2 (described once, in scenario_check's schema)
_STEP, _STEP2 = keys(("steps", "*")), keys(("steps", "*"), 2)


def run_steps(game, r, steps):
    """Run the steps in order on the game; a step that fails the file raises ScenarioError."""
    flow = game.flow
    for index, step in enumerate(steps or []):
        path = ("steps", index)
        r.keys(step, path, r.v2(_STEP, _STEP2))
        player = step.get("player", 0)
        if "round" in step and step["round"] != game.state.round:
            game.state.round = step["round"]
            flow.new_round_counts()  # as a new round of a whole game would
        game.forced_dice.extend(step.get("dice", []))
        answers = list(step.get("answers", []))
        ctx = flow.ctx(player)
        watch = None
        if r.format == 2:  # what the step's questions must (not) be, and which card asks them
            watch = StepWatch(game, r, path, list(step.get("silent") or []), step.get("asked"))
        try:
            if "space" in step:
                space = step["space"]
                if space not in game.content.spaces:
                    r.fail(path + ("space",), f"unknown space '{space}'")
                refusal = flow.space_refusal(ctx, space)
                if refusal is not None:
                    raise IllegalMove(refusal)
                def placing():
                    yield from flow.use_space(ctx, space)
                    yield from flow.check_watches()

                _drive(placing(), answers, r, path, game, watch)
            elif "play" in step:
                number = step["play"]
                if number not in game.content.occupations:
                    r.fail(path + ("play",), f"unknown occupation {number}")
                if number not in ctx.p.hand:
                    ctx.p.hand.append(number)
                _drive(flow.play_card(ctx, number), answers, r, path, game, watch)
            elif "phase" in step:
                phase = step["phase"]
                if phase not in game.content.phases:
                    r.fail(path + ("phase",), f"unknown phase '{phase}'")
                _drive(run_phase(flow, phase), answers, r, path, game, watch)
            elif "anytime" in step:
                _drive(flow.anytime(player, "anytime:menu"), list(step["anytime"]) + answers, r, path, game, watch)
            elif "effect" in step:
                program = parse(step["effect"])
                _check_names(game.content, program, r, path + ("effect",))
                _drive(flow.interp.run(program.items, ctx), answers, r, path, game, watch)
            elif "score" in step:  # the game ends: final-scoring triggers fire
                def scoring():
                    for who in flow.order():
                        yield from flow.emit("when", "final_scoring", flow.ctx(who), EventInfo("final_scoring"))

                _drive(scoring(), answers, r, path, game, watch)
            elif "place" in step:
                _drive(_place_step(game, ctx, step["place"], r, path + ("place",)), answers, r, path, game, watch)
            else:
                r.fail(path, "a step needs one of: space, play, phase, anytime, effect, place, score")
        except IllegalMove as err:
            if "expect_error" in step:
                expected = str(step["expect_error"])
                if expected != err.reason:  # each refusal with the rule it rests on, where known: ' [A3]'
                    r.fail(path + ("expect_error",), f"expected the error '{expected}'{rule_tag(expected)}, "
                                                     f"got '{err.reason}'{rule_tag(err.reason)}")
                continue
            r.fail(path, f"refused: {err.reason}{rule_tag(err.reason)}")
        if watch is not None:
            r.soft_failures += [f"{'.'.join(map(str, path))}: {text}" for text in watch.finish()]
        if "expect_error" in step:
            expected = str(step["expect_error"])
            r.fail(path + ("expect_error",), f"expected the error '{expected}'{rule_tag(expected)}, but the step was allowed")
        if "expect" in step:  # format 2: the state after this step
            failures = check_expectations(game, r, step["expect"], path + ("expect",))
            if failures:
                r.fail(path + ("expect",), "after this step: " + "; ".join(failures))


def _check_names(content, program, r, path) -> None:
    """A step's effect names only what the content has (as a card's would); the first unknown
    name fails the file at its place in the text."""
    def vocabulary():
        made = vocabulary_from(content)
        made.dice_kinds, made.parts = declared_names(content.programs.values())
        return made

    for pos, message in check(program, content_table(content, "scenario vocabulary", vocabulary)):
        if pos is None:
            r.fail(path, message)
        raise ScenarioError(Problem(r.doc.text_location(path, pos.line, pos.column), message))


def _place_step(game, ctx, tile, r, path):
    """A tile from the supply onto one of the player's areas, as the anytime menu would place it."""
    r.keys(tile, path, {"item", "at", "turn", "mirror", "board"})
    flow, item = game.flow, tile.get("item")
    board_key = str(tile.get("board", "home"))
    keys = [k for k, _, _, _ in flow.areas(ctx.p)]
    if board_key not in keys:
        r.fail(path + ("board",), f"player {ctx.player} has no area '{board_key}'; areas: {', '.join(keys)}")
    at = tile.get("at")
    if not (isinstance(at, list) and len(at) == 2 and all(isinstance(x, int) for x in at)):
        r.fail(path + ("at",), "expected `at: [row, column]`")
    piece = pieces.piece(game.content, item)
    coin = game.content.coins.get(item)
    stock, cost = ("silver", coin.value) if coin is not None else (item, 1)
    if ctx.p.supply[stock] < cost:
        raise IllegalMove(f"player {ctx.player} has no {item} to place" if coin is None else f"player {ctx.player} has less than {cost} silver for a {item}")
    kind = next(k for kk, _, k, _ in flow.areas(ctx.p) if kk == board_key)
    allowed = flow.placing_allowed(ctx, piece.id, kind)
    placement = SimpleNamespace(row=at[0], column=at[1], turn=tile.get("turn", 0), mirror=tile.get("mirror", False))
    yield from flow.place_tile(ctx, item, board_key, placement, piece, allowed)


def run_phase(flow, phase: str):
    """Run one phase of the round as a whole game would (skipped where the round has none)."""
    if phase in flow.plan().skip:  # as in a whole game: this round has no such phase
        flow.g.note(f"no {phase} phase in round {flow.g.state.round}")
        return
    flow.g.state.phase = phase
    yield from flow.round_phase(phase)


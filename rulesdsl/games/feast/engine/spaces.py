"""Action spaces: which are in play, whether a player may use one now, placing Vikings there and
carrying out its action (or a copied or granted one), and Vikings coming back from a space."""

from __future__ import annotations

from rulesdsl.core.decisions import Candidates, Option
from rulesdsl.errors import RulesError
from rulesdsl.games.feast.engine.context import Action, Ctx, hows
from rulesdsl.games.feast.engine.events import EventInfo
from rulesdsl.games.feast.engine.legality import relevance

from rulesdsl.lang import tree as t


class ActionSpaces:
    """The action board of a `Flow`: spaces judged, used, imitated and granted."""

    _check_contexts = None  # [real state's, a trial's]: {player: (player state, player, {(space, Vikings): its check's context})}
    _on_tiles = None  # the spaces on extension tiles (imitation never copies them)
    _dice_of_space = None  # space -> the dice action it carries out (read once per content)
    _copying = None  # the spaces whose action is to carry out another space's (read once per content)

    def spaces_in_play(self) -> list[str]:
        tables = self.tables
        found = tables.in_play
        if found is None:
            n = len(self.g.state.players)
            on_tiles = {sp for tile in self.g.content.extension_tiles.values() for sp in tile.sides}
            up = set(self.g.state.extension.values())
            found = [sid for sid, sp in self.g.content.spaces.items() if n in sp.players and (sid not in on_tiles or sid in up)]
            tables.in_play = found
            tables.in_play_set = frozenset(found)
        return found

    def show_extension(self, sides: dict) -> None:
        """Turn extension tiles to the given sides ({tile: space}: a scenario's setup) and forget
        what was read of the spaces in play."""
        self.g.state.extension.update(sides)
        self.tables = self.tables.with_spaces_changed()  # its forks', if any, stay as they were
        self._check_contexts = None
        self.direct = type(self.direct)(self.g)
        self.verdicts = type(self.verdicts)(self.g, self)

    def in_play(self, space: str) -> bool:
        found = self.tables.in_play_set
        if found is None:
            self.spaces_in_play()
            found = self.tables.in_play_set
        return space in found

    def vikings_needed(self, ctx, space: str) -> int:
        spec = self.g.content.spaces[space]
        column = self.g.content.columns[spec.column]
        if not self.g.events.changes("vikings_needed", ctx.player) and (ctx.action is None or not ctx.action.temporary):
            return column.vikings  # no modifier could change it (Events.affects: it runs per space)
        info = EventInfo("vikings_needed", space=space, group=spec.group, column=spec.column, how=_HOWS["space"])
        return self.g.events.value("vikings_needed", column.vikings, ctx, info, floor=1)

    def space_refusal(self, ctx, space: str) -> str | None:
        plan = self.tables.plans.get(space) or self._space_plan(space)
        if space in self.g.state.occupancy:  # the most frequent refusal first
            return plan[3]
        if not plan[6]:
            return plan[4]
        events = self.g.events
        if ("vikings_needed" not in events._values or not events.changes("vikings_needed", ctx.player)) and (
                ctx.action is None or not ctx.action.temporary):
            needed = plan[7]  # no modifier could change it (what vikings_needed finds, found at once)
        else:
            needed = self.vikings_needed(ctx, space)
        if ctx.p.thing < needed:
            return (f"{plan[0].name} needs {needed} Viking{'s' if needed != 1 else ''}; "
                    f"you have {ctx.p.thing} on the Thing square")
        if not self.space_usable(ctx, space, needed):
            return plan[5]
        return None

    def _space_plan(self, space: str):
        """(spec, requirements, other statements, the texts of its fixed refusals, whether it is
        in play, its column's Vikings) of a space, split and written once per game (a full list
        refuses every occupied space; which spaces are in play is fixed at setup)."""
        plans = self.tables.plans
        found = plans.get(space)
        if found is None:  # the content's part is read once per content; whether it is in play, per game
            content = self.g.content
            found = relevance.cached(content, ("space plan", space), lambda: _content_plan(content, space))
            found = plans[space] = found[:6] + (self.in_play(space),) + found[6:]
        return found

    def space_usable(self, ctx, space: str, needed: int | None = None, prepared: bool = True) -> bool:
        if needed is None:
            needed = self.vikings_needed(ctx, space)
        if self._verdict_scope is not None and prepared:  # a turn's options: remembered while what they read stays
            _, requires, others, blank = self._check_context(ctx, space, needed)
            interp = self.interp
            usable = self.verdicts.usable((ctx.player, space, needed, self._verdict_scope), ctx.p,
                                          lambda p: _judge(interp, Ctx(ctx.player, p, space=space, action=blank), requires, others))
        else:
            # remembered by the values the check reads, where a static reading lists them
            # (engine/legality/direct.py); else judged here
            direct = self.direct
            key = direct.key(ctx.p, space, needed)
            if key is None:
                usable = _judge(self.interp, *self._check_context(ctx, space, needed, prepared)[:3])
            else:
                usable = direct.table.get(key)
                if usable is None:
                    usable = direct.remember(key, _judge(self.interp, *self._check_context(ctx, space, needed, prepared)[:3]))
        if usable:
            return True
        return prepared and self.trials.usable_once_prepared(ctx.player, space, needed)

    def _check_context(self, ctx, space: str, needed: int, prepared: bool = True) -> tuple:
        """(context, requirements, other statements, blank Action) a space's check runs with.
        Checks never change their context and only read the action, so one context (with a
        blank Action) per space and count serves while the player's state is the same object
        (a full list judges every space against it; the states trials reach, judged without
        preparations, have a slot of their own)."""
        slot = 0 if prepared else 1
        contexts = self._check_contexts
        if contexts is None:
            contexts = self._check_contexts = [{}, {}]
        # one set per player, kept while his state is the same object: with several players
        # each keeps his own between his turns (one set for all was made anew at every turn)
        subs = contexts[slot].get(ctx.player)
        if subs is None or subs[0] is not ctx.p:
            subs = contexts[slot][ctx.player] = (ctx.p, ctx.player, {})
        found = subs[2].get((space, needed))
        if found is None:
            plan = self.tables.plans.get(space) or self._space_plan(space)
            blanks = self.tables.blank_actions
            blank = blanks.get((space, needed))
            if blank is None:
                blank = blanks[(space, needed)] = Action(space, plan[0].group, plan[0].column, needed, "space")
            found = subs[2][(space, needed)] = (Ctx(ctx.player, ctx.p, space=space, action=blank), plan[1], plan[2], blank)
        return found

    def space_entries(self) -> list:
        """(space, name) of the spaces in play, the candidates of a turn."""
        found = self.tables.entries
        if found is None:
            found = self.tables.entries = [(space, self.g.content.spaces[space].name) for space in self.spaces_in_play()]
        return found

    def space_refusals(self, ctx, spaces) -> list:
        """Refusals of a list of spaces judged together (a turn's options): trials are shared."""
        with self.trials.batch():
            return [self.space_refusal(ctx, space) for space in spaces]

    def placed_info(self, space: str, needed: int) -> EventInfo:
        spec = self.g.content.spaces[space]
        return EventInfo("vikings_placed", space=space, group=spec.group, column=spec.column, how=_HOWS["space"], amount=needed)

    def action_info(self, space: str, spec, vikings: int, how: str) -> EventInfo:
        return EventInfo("action", space=space, group=spec.group, column=spec.column, how=hows(how), amount=vikings,
                         kind=self.dice_kind(space))

    def dice_kind(self, space: str | None):
        """The dice action a space's action carries out (`for` filters of its action), or None."""
        kinds = self._dice_of_space
        if kinds is None:  # read once per content
            kinds = self._dice_of_space = relevance.cached(self.g.content, ("space dice",), lambda: _space_dice(self.g.content))
        return kinds.get(space)

    def copies(self, space: str) -> bool:
        """Whether a space's action is to carry out another space's (an imitation space): its
        Vikings make one action, the copied one, whose moments are the action's (rule A9)."""
        found = self._copying
        if found is None:
            content = self.g.content
            found = self._copying = relevance.cached(content, ("copying spaces",), lambda: frozenset(
                sid for sid in content.spaces if relevance.imitated_columns(content, sid) is not None))
        return space in found

    def turn(self, player: int):
        s = self.g.state
        ctx = self.ctx(player)
        entered, self.reenter = self.reenter, None
        if entered is not None:  # restarted once its Vikings were placed (a checkpoint a fork took there, Forking.fork)
            space, action = entered[0], entered[1]
            self.in_action = player
            yield from self.act(ctx.derive(space=space, action=action.copy()))
            yield from self.check_watches()
            return

        def options():
            # judged lazily, one space at a time, sharing the trials' states within this decision
            shared: dict = {}
            trials = self.trials
            token = []

            def judge_all(spaces):
                if self.verdicts.enabled and not token:
                    token.append(self.verdicts.token())  # once per decision: the state does not change under it
                outer, trials._batch, scope = trials._batch, shared, self._verdict_scope
                self._verdict_scope = token[0] if self.verdicts.enabled else None
                try:
                    return [self.space_refusal(ctx, space) for space in spaces]
                finally:
                    trials._batch, self._verdict_scope = outer, scope

            def judge(space):
                if space in self.g.state.occupancy:  # as space_refusal says first, said at once
                    return (self.tables.plans.get(space) or self._space_plan(space))[3]
                if self.verdicts.enabled:
                    return judge_all((space,))[0]
                outer, trials._batch = trials._batch, shared  # the common case, kept short
                try:
                    return self.space_refusal(ctx, space)
                finally:
                    trials._batch = outer
            return Candidates(self.space_entries(), judge, _PASS, judge_all)

        opened, self.reopen = self.reopen, None  # a fork copied inside the question's anytime action (Forking.fork)
        answer = yield from self.interp.ask(player, "space", f"round {s.round}: where do your Vikings go?", options, anytime=True,
                                            opened=opened)
        if answer == "pass":
            ctx.p.passed = True
            return
        s.last_placer = player
        actx = yield from self.prepare(ctx, answer, None)
        self.g.action_started(actx)  # a fork's replay may take a checkpoint here
        yield from self.act(actx)
        yield from self.check_watches()

    def use_space(self, ctx, space: str, imitated: str | None = None):
        """Place Vikings on `space` and carry out its action (or, imitating, another's)."""
        actx = yield from self.prepare(ctx, space, imitated)
        yield from self.act(actx)

    def act(self, actx):
        """Carry out the action of Vikings placed (`prepare` done): what `actx` (its Action) says."""
        acting = actx.action.space
        try:
            if self.g.events.anytimes.get(actx.player):  # cards usable inside a Viking action
                yield from self.interp.ask(actx.player, "act", f"carry out {self.g.content.spaces[acting].name}",
                                           lambda: [Option("go", "carry out the action")], anytime=True)
            yield from self.run_action(actx, acting, prepared=True)
        finally:
            self.in_action = None

    def prepare(self, ctx, space: str, imitated: str | None):
        """Place the Vikings, then everything that comes before the action itself; returns the action's context.
        An imitation space's `before action` belongs to the copied action, chosen in its statement."""
        s, spec = self.g.state, self.g.content.spaces[space]
        needed = self.vikings_needed(ctx, space)
        before = ctx.p.thing
        ctx.p.thing -= needed
        s.occupancy[space] = [(ctx.player, needed, s.round)]
        s.round_uses[space] += 1
        yield from self.thing_changed(ctx.player, before)
        acting = imitated or space
        act_spec = self.g.content.spaces[acting]
        action = Action(acting, act_spec.group, act_spec.column, needed, "space")
        actx = ctx.derive(space=space, action=action)
        key = ("placed", spec.column, needed)
        ctx.p.counters[key] += 1
        self.in_action = ctx.player
        events = self.g.events  # (events built only for a player someone listens for)
        if events.hears("when", "vikings_placed", ctx.player):
            info = self.placed_info(acting, needed)
            info.data["times"] = ctx.p.counters[key]
            yield from self.emit("when", "vikings_placed", actx, info)
        if events.hears("before", "action", ctx.player) and not self.copies(acting):
            yield from self.emit("before", "action", actx, self.action_info(acting, act_spec, needed, "space"))
        return actx

    def run_action(self, actx, space: str, prepared: bool = False):
        spec = self.g.content.spaces[space]
        a = actx.action
        if self.copies(space):  # an imitation space: the copied action has the moments (see `copies`)
            program = self.g.content.programs[("spaces", space)]
            yield from self.interp.run(program.items, actx, need_one=True, costs_count=True)
            return
        info = self.action_info(space, spec, a.vikings, a.how)
        if not prepared and self.g.events.hears("before", "action", actx.player):
            yield from self.emit("before", "action", actx, info)
        replaced = (yield from self.replace(actx, "action", info)) if self.g.events.hears("instead", "action", actx.player) else None
        if replaced is None:
            program = self.g.content.programs[("spaces", space)]
            self.g.note(f"player {actx.player} carries out {spec.name} ({a.how})")
            yield from self.interp.run(program.items, actx, need_one=True, costs_count=True)
        if self.g.events.hears("after", "action", actx.player):
            yield from self.emit("after", "action", actx, info)

    def granted_space(self, ctx, space: str):
        """Carry out a space's action for a card: no Vikings stand there, so none come back."""
        spec = self.g.content.spaces[space]
        action = Action(space, spec.group, spec.column, 0, "granted")
        actx = ctx.derive(space=None, action=action)
        yield from self.run_action(actx, space)
        return True

    def do_named(self, ctx, name: str):
        if name in self.g.content.spaces:
            return (yield from self.granted_space(ctx, name))
        node = self.dice_definition(name)
        if node is None:
            raise RulesError(f"no space declares the dice action '{name}' in one way")
        # a dice action granted by a card is an action of that kind: `before/after action for
        # hunting_game` hear it (no space, group or column: `on` filters do not)
        actx = ctx.derive(space=None, action=Action(None, None, None, 0, "granted"))
        info = EventInfo("action", kind=name, how=hows("granted"))
        events = self.g.events
        if events.hears("before", "action", ctx.player):
            yield from self.emit("before", "action", actx, info)
        done = yield from self.interp.dice.run(node, actx)
        if events.hears("after", "action", ctx.player):
            yield from self.emit("after", "action", actx, info)
        return done

    def dice_definition(self, kind: str):
        tables = self.tables
        if tables.dice_defs is None:  # read once per content, not per game
            tables.dice_defs = relevance.cached(self.g.content, ("dice definitions",), lambda: _dice_definitions(self.g.content))
        return tables.dice_defs.get(kind)

    def imitable(self, ctx, place) -> list[Option]:
        """Spaces of the column occupied by another player whose action the player could carry out."""
        return [Option(space, spec.name) for space, spec in self._imitable(ctx, place)]

    def can_imitate(self, ctx, place) -> bool:
        """Whether `imitable` finds a space (judged up to the first one: a turn's options ask it)."""
        for _ in self._imitable(ctx, place):
            return True
        return False

    def _imitable(self, ctx, place):
        """(space, spec) of the spaces `imitable` offers, judged one at a time, in its order."""
        columns = place.columns if isinstance(place, t.ColumnPlace) else ()
        on_tiles = self._on_tiles
        if on_tiles is None:  # the spaces on extension tiles: the content's
            on_tiles = self._on_tiles = frozenset(sp for tile in self.g.content.extension_tiles.values() for sp in tile.sides)
        spaces = self.g.content.spaces
        for space, entries in sorted(self.g.state.occupancy.items()):
            spec = spaces.get(space)
            if spec is None or space in on_tiles or spec.column not in columns or not any(w != ctx.player for w, _, _ in entries):
                continue
            # usable as it stands, or once the copied action's `before action` has run (a trial)
            if self.space_usable(ctx, space, prepared=False) or self.trials.usable_once_prepared(
                    ctx.player, space, self.vikings_needed(ctx, space), copied=True):
                yield space, spec

    def before_copied(self, ctx, space: str):
        """The `before action` of a space's action copied by an imitation (what a trial judging
        whether the copy can be used tries first)."""
        spec = self.g.content.spaces[space]
        action = Action(space, spec.group, spec.column, self.vikings_needed(ctx, space), "copied")
        actx = ctx.derive(action=action)
        yield from self.emit("before", "action", actx, self.action_info(space, spec, action.vikings, "copied"))
        return actx

    def imitate(self, ctx, place, mandatory):
        options = self.imitable(ctx, place)
        if not options:
            return False
        answer = yield from self.interp.ask(ctx.player, "imitate", "imitate which space?", options)
        spec = self.g.content.spaces[answer]
        outer = ctx.action
        how = "copied" if outer is not None and outer.how in ("space", "copied") else "granted"
        action = Action(answer, spec.group, spec.column, outer.vikings if outer else 0, how)
        yield from self.run_action(ctx.derive(action=action), answer)
        return True

    def vikings_on(self, player: int, space: str) -> int:
        return sum(n for who, n, _ in self.g.state.occupancy.get(space, ()) if who == player)

    def return_vikings(self, ctx, space: str, n: int, cause: str):
        s = self.g.state
        entries = s.occupancy.get(space, [])
        moved = 0
        new = []
        for who, count, placed in entries:
            if who == ctx.player and moved < n:
                take = min(count, n - moved)
                moved += take
                count -= take
            if count > 0:
                new.append((who, count, placed))
        if not moved:
            return False
        if new:
            s.occupancy[space] = new
        else:
            del s.occupancy[space]
            s.freed[space] += 1
        before = ctx.p.thing
        ctx.p.thing += moved
        if self.g.events.hears("when", "vikings_returned", ctx.player):
            yield from self.emit("when", "vikings_returned", ctx, EventInfo("vikings_returned", space=space, amount=moved, how=frozenset({cause})))
        yield from self.thing_changed(ctx.player, before)
        return True


def _judge(interp, sub, requires, others) -> bool:
    """A space's direct verdict: every requirement met and one of its effects can be used.
    (Loops, not all()/any() over generators: this runs for every space judged.)"""
    for item in requires:
        if not interp.can(item, sub):
            return False
    on_space = interp.can_on_space
    for item in others:
        if on_space(item, sub):
            return True
    return False


_PASS = (Option("pass", "pass (place no more Vikings this round)"),)
HOW_SPACE = hows("space")  # the `how` of what a Viking placed on a space does (events of the action board)
_HOWS = {"space": HOW_SPACE}  # how an action comes about -> its `how` set (a few names; frozensets are values)


def _content_plan(content, space: str) -> tuple:
    """`_space_plan` without whether the space is in play: (spec, requirements, other
    statements, the texts of its fixed refusals, its column's Vikings)."""
    items = content.programs[("spaces", space)].items
    spec = content.spaces[space]
    return (spec, [i for i in items if isinstance(i, t.Require)], [i for i in items if not isinstance(i, t.Require)],
            f"{spec.name} is already occupied this round", f"{spec.name} is not in play in this game",
            f"none of the effects of {spec.name} can be used now", content.columns[spec.column].vikings)


def _space_dice(content) -> dict:
    """space -> the one dice action its action carries out (spaces with none or several left out)."""
    found = {}
    for sid in content.spaces:
        kinds = {node.kind for node in t.walk(content.programs[("spaces", sid)]) if isinstance(node, t.Dice)}
        if len(kinds) == 1:
            found[sid] = kinds.pop()
    return found


def _dice_definitions(content) -> dict:
    """The dice actions the spaces declare in exactly one way: kind -> its node."""
    found: dict = {}
    for sid in content.spaces:
        for node in t.walk(content.programs[("spaces", sid)]):
            if isinstance(node, t.Dice):
                found.setdefault(node.kind, set()).add(node)
    return {k: next(iter(v)) for k, v in found.items() if len(v) == 1}

"""The round: phases in order, the action phase, the feast, anytime actions, and the
actions that are more than a statement (mountains, emigration, exploration, cards).

Phases are looked up by their id in the content (`boards/rounds.yaml`); what a phase does
is the rule of the game written here once. Every space, card and base rule is run by the
interpreter; nothing below names a particular one.
"""

from __future__ import annotations

from collections import Counter

from rulesdsl.engine import ops
from rulesdsl.engine.decisions import Candidates, Option
from rulesdsl.engine.events import EventInfo
from rulesdsl.engine.interp import Action, Ctx, Interpreter
from rulesdsl.engine.phases import PhaseRunner
from rulesdsl.engine.preparations import Trials
from rulesdsl.engine.verdicts import Verdicts
from rulesdsl.engine.items import ANIMAL, GOOD, RESOURCE, SPECIAL
from rulesdsl.errors import IllegalPlacement, RulesError
from rulesdsl.geometry import pieces, scoring
from rulesdsl.engine.offers import AreaOffer, PlacementEntries, placement_key
from rulesdsl.geometry.placement import BoardState, empty, legal_placements, legal_positions, place
from rulesdsl.geometry.slots import fill as fill_slot
from rulesdsl.lang import tree as t

PENALTY_POINTS = 3  # a Thing penalty tile is worth -3 at the end
_PASS = (Option("pass", "pass (place no more Vikings this round)"),)
_ANYTIME_MENU = (Option("anytime:menu", "an anytime action (place goods, buy a ship, load ore, use a card) ..."),)


class Flow(PhaseRunner):
    def __init__(self, game):
        self.g = game
        self.interp = Interpreter(game)
        self.trials = Trials(self)
        self.verdicts = Verdicts(game)
        self._verdict_scope = None  # the installed effects' token while a turn's spaces are judged
        self._blank_actions: dict = {}
        self._plans: dict = {}
        self.memo: dict = {}  # what mechanisms and phases remember per game (derived from content only)
        self.resume_at = None  # (point, turn) a table phase's turns resume at
        self.in_action: int | None = None
        self._dice_defs: dict | None = None

    # ================================================================== action phase
    def spaces_in_play(self) -> list[str]:
        found = getattr(self, "_in_play", None)
        if found is None:
            n = len(self.g.state.players)
            on_tiles = {sp for tile in self.g.content.extension_tiles.values() for sp in tile.sides}
            up = set(self.g.state.extension.values())
            found = [sid for sid, sp in self.g.content.spaces.items() if n in sp.players and (sid not in on_tiles or sid in up)]
            self._in_play = found
            self._in_play_set = frozenset(found)
        return found

    def in_play(self, space: str) -> bool:
        found = getattr(self, "_in_play_set", None)
        if found is None:
            self.spaces_in_play()
            found = self._in_play_set
        return space in found

    def vikings_needed(self, ctx, space: str) -> int:
        spec = self.g.content.spaces[space]
        column = self.g.content.columns[spec.column]
        if "vikings_needed" not in self.g.events._values and (ctx.action is None or not ctx.action.temporary):
            return column.vikings  # no modifier could change it (Events.affects, inlined: it runs per space)
        info = EventInfo("vikings_needed", space=space, group=spec.group, column=spec.column, how=frozenset({"space"}))
        return self.g.events.value("vikings_needed", column.vikings, ctx, info, floor=1)

    def space_refusal(self, ctx, space: str) -> str | None:
        if space in self.g.state.occupancy:  # the most frequent refusal first
            return f"{self.g.content.spaces[space].name} is already occupied this round"
        spec = self.g.content.spaces[space]
        if not self.in_play(space):
            return f"{spec.name} is not in play in this game"
        needed = self.vikings_needed(ctx, space)
        if ctx.p.thing < needed:
            return f"{spec.name} needs {needed} Vikings; you have {ctx.p.thing} on the Thing square"
        if not self.space_usable(ctx, space, needed):
            return f"none of the effects of {spec.name} can be used now"
        return None

    def _space_plan(self, space: str):
        """(spec, requirements, other statements) of a space, split once."""
        plans = self._plans
        found = plans.get(space)
        if found is None:
            items = self.g.content.programs[("spaces", space)].items
            found = (self.g.content.spaces[space], [i for i in items if isinstance(i, t.Require)],
                     [i for i in items if not isinstance(i, t.Require)])
            plans[space] = found
        return found

    def space_usable(self, ctx, space: str, needed: int | None = None, prepared: bool = True) -> bool:
        spec, requires, others = self._space_plan(space)
        if needed is None:
            needed = self.vikings_needed(ctx, space)
        # feasibility checks only read the action, so one blank Action per space and count serves
        blanks = self._blank_actions
        blank = blanks.get((space, needed))
        if blank is None:
            blank = blanks[(space, needed)] = Action(space, spec.group, spec.column, needed, "space")
        can, on_space = self.interp.can, self.interp.can_on_space
        scope = self._verdict_scope
        if scope is not None and prepared:  # a turn's options: remembered while what they read stays
            def direct(p) -> bool:
                sub = Ctx(ctx.player, p, space=space, action=blank)
                return all(can(item, sub) for item in requires) and any(on_space(item, sub) for item in others)
            usable = self.verdicts.usable((ctx.player, space, needed, scope), ctx.p, direct)
        else:  # loops, not all()/any() over generators: this runs for every space judged
            sub = Ctx(ctx.player, ctx.p, space=space, action=blank)
            usable = False
            for item in requires:
                if not can(item, sub):
                    break
            else:
                for item in others:
                    if on_space(item, sub):
                        usable = True
                        break
        if usable:
            return True
        return prepared and self.trials.usable_once_prepared(ctx.player, space, needed)

    def space_entries(self) -> list:
        """(space, name) of the spaces in play, the candidates of a turn."""
        found = getattr(self, "_entries", None)
        if found is None:
            found = self._entries = [(space, self.g.content.spaces[space].name) for space in self.spaces_in_play()]
        return found

    def space_refusals(self, ctx, spaces) -> list:
        """Refusals of a list of spaces judged together (a turn's options): trials are shared."""
        with self.trials.batch():
            return [self.space_refusal(ctx, space) for space in spaces]

    def placed_info(self, space: str, needed: int) -> EventInfo:
        spec = self.g.content.spaces[space]
        return EventInfo("vikings_placed", space=space, group=spec.group, column=spec.column, how=frozenset({"space"}), amount=needed)

    def action_info(self, space: str, spec, vikings: int, how: str) -> EventInfo:
        return EventInfo("action", space=space, group=spec.group, column=spec.column, how=frozenset({how}), amount=vikings)

    def turn(self, player: int):
        s = self.g.state
        ctx = self.ctx(player)

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
                if self.verdicts.enabled:
                    return judge_all((space,))[0]
                outer, trials._batch = trials._batch, shared  # the common case, kept short
                try:
                    return self.space_refusal(ctx, space)
                finally:
                    trials._batch = outer
            return Candidates(self.space_entries(), judge, _PASS, judge_all)

        answer = yield from self.g.ask(player, "space", f"round {s.round}: where do your Vikings go?", options, anytime=True)
        if answer == "pass":
            ctx.p.passed = True
            return
        s.last_placer = player
        yield from self.use_space(ctx, answer)
        yield from self.check_watches()

    def use_space(self, ctx, space: str, imitated: str | None = None):
        """Place Vikings on `space` and carry out its action (or, imitating, another's)."""
        actx = yield from self.prepare(ctx, space, imitated)
        acting = actx.action.space
        try:
            if self.g.events.anytimes.get(ctx.player):  # cards usable inside a Viking action
                yield from self.g.ask(ctx.player, "act", f"carry out {self.g.content.spaces[acting].name}",
                                      lambda: [Option("go", "carry out the action")], anytime=True)
            yield from self.run_action(actx, acting, prepared=True)
        finally:
            self.in_action = None

    def prepare(self, ctx, space: str, imitated: str | None):
        """Place the Vikings, then everything that comes before the action itself; returns the action's context."""
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
        info = self.placed_info(acting, needed)
        key = ("placed", spec.column, needed)
        ctx.p.counters[key] += 1
        info.data["times"] = ctx.p.counters[key]
        self.in_action = ctx.player
        yield from self.emit("when", "vikings_placed", actx, info)
        yield from self.emit("before", "action", actx, self.action_info(acting, act_spec, needed, "space"))
        return actx

    def run_action(self, actx, space: str, prepared: bool = False):
        spec = self.g.content.spaces[space]
        a = actx.action
        info = self.action_info(space, spec, a.vikings, a.how)
        if not prepared:
            yield from self.emit("before", "action", actx, info)
        replaced = yield from self.replace(actx, "action", info)
        if replaced is None:
            program = self.g.content.programs[("spaces", space)]
            self.g.note(f"player {actx.player} carries out {spec.name} ({a.how})")
            yield from self.interp.run(program.items, actx, need_one=True, costs_count=True)
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
        action = Action(None, None, None, 0, "granted")
        return (yield from self.interp.dice.run(node, ctx.derive(space=None, action=action)))

    def dice_definition(self, kind: str):
        if self._dice_defs is None:
            found: dict = {}
            for sid in self.g.content.spaces:
                for node in t.walk(self.g.content.programs[("spaces", sid)]):
                    if isinstance(node, t.Dice):
                        found.setdefault(node.kind, set()).add(node)
            self._dice_defs = {k: next(iter(v)) for k, v in found.items() if len(v) == 1}
        return self._dice_defs.get(kind)

    def imitable(self, ctx, place) -> list[Option]:
        """Spaces of the column occupied by another player whose action the player could carry out."""
        columns = place.columns if isinstance(place, t.ColumnPlace) else ()
        on_tiles = {sp for tile in self.g.content.extension_tiles.values() for sp in tile.sides}
        options = []
        for space, entries in sorted(self.g.state.occupancy.items()):
            spec = self.g.content.spaces.get(space)
            if spec is None or space in on_tiles or spec.column not in columns or not any(w != ctx.player for w, _, _ in entries):
                continue
            # the imitation's own preparations have run (or are being tried): no second trial here
            if self.space_usable(ctx, space, prepared=False):
                options.append(Option(space, spec.name))
        return options

    def imitate(self, ctx, place, mandatory):
        options = self.imitable(ctx, place)
        if not options:
            return False
        answer = yield from self.g.ask(ctx.player, "imitate", "imitate which space?", options)
        spec = self.g.content.spaces[answer]
        action = Action(answer, spec.group, spec.column, ctx.action.vikings if ctx.action else 0, "space")
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
        yield from self.emit("when", "vikings_returned", ctx, EventInfo("vikings_returned", space=space, amount=moved, how=frozenset({cause})))
        yield from self.thing_changed(ctx.player, before)
        return True

    # ================================================================== occupations
    def draw_occupation(self, ctx):
        replaced = yield from self.replace(ctx, "drawing", EventInfo("drawing", kind="occupation", how=frozenset({"space"})))
        if replaced is not None:
            return 1 if replaced else 0
        deck = self.g.state.occupation_deck
        if not deck:
            return 0
        ctx.p.hand.append(deck.pop())
        return 1

    def play_card(self, ctx, number: int):
        p = ctx.p
        if number not in p.hand:
            raise RulesError(f"occupation {number} is not in the hand of player {ctx.player}")
        p.hand.remove(number)
        p.played.append(number)
        if ctx.action is not None:
            ctx.action.bonus_plays += 1
        self.g.note(f"player {ctx.player} plays {number} {self.g.content.occupations[number].name}")
        immediate = self.g.events.install_card(ctx.player, number)
        cctx = ctx.derive(card=number)
        self.g.state.fired[(ctx.player, number, "round")] = self.g.state.round
        if immediate:
            self.g.state.fired[(ctx.player, number, "immediate")] += 1
            yield from self.interp.run(immediate, cctx)
        yield from self.emit("when", "played", cctx, EventInfo("played", items=frozenset({number})), only_card=number)
        yield from self.check_watches()

    def occupations_played(self, ctx, occasion: list[int]):
        info = EventInfo("occupations_played", items=frozenset(occasion), amount=len(occasion))
        # a card played on this occasion hears it only if another card followed it
        yield from self.emit("when", "occupations_played", ctx, info, skip_cards=frozenset({occasion[-1]}))

    # ================================================================== events
    def emit(self, timing: str, name: str, ctx, info: EventInfo, only_card: int | None = None,
             skip_cards: frozenset = frozenset()):
        """Run every effect listening to this event for the acting player; the owner orders them."""
        events = self.g.events
        listeners = events.candidates(timing, name, ctx.player)
        if not listeners:
            return
        ready = []
        for lst in listeners:
            if only_card is not None and lst.card != only_card:
                continue
            if lst.card in skip_cards:
                continue
            hook = lst.hook
            if not events.matches(hook.filters, info, ctx):
                continue
            key = ("hook", lst.card, lst.index)
            if lst.card is not None:
                ctx.p.counters[key] += 1
            local = EventInfo(info.name, info.space, info.group, info.column, info.kind, info.items, info.how, info.area,
                              info.amount, dict(info.data))
            if lst.card is not None:
                local.data["times"] = ctx.p.counters[key]
            hctx = ctx.derive(card=lst.card, info=local)
            if hook.cond is not None and not self.interp.truth(hook.cond, hctx):
                continue
            ready.append((lst, hctx))
        while ready:
            if len(ready) > 1:
                options = [Option(_effect_key(lst, i), f"{self.g.content.occupations[lst.card].name if lst.card else 'rule'}") for i, (lst, _) in enumerate(ready)]
                answer = yield from self.g.ask(ctx.player, "order", f"which effect first ({name})?", options, anytime=False)
                lst, hctx = ready.pop(next(i for i, o in enumerate(options) if o.key == answer))
            else:
                lst, hctx = ready.pop()
            if lst.once:
                events.hooks[(timing, name)].remove(lst)
            self.g.note(f"player {ctx.player}: {self.cause(lst)} ({timing} {name})")  # what follows is its doing
            if lst.card is not None:
                self.g.state.fired[(lst.owner, lst.card, timing)] += 1
            yield from self.interp.run(lst.hook.body, hctx)

    def cause(self, listener) -> str:
        """The card or board rule a listener comes from, as the history names it."""
        if listener.card is not None:
            return f"{self.g.content.occupations[listener.card].name} (card {listener.card})"
        rule = self.g.content.rules.get(listener.rule) if listener.rule else None
        return rule.name if rule is not None else "a rule of the board"

    def replace(self, ctx, name: str, info: EventInfo):
        """`instead of` hooks: the player may swap the pending thing for the hook's effect.
        Returns None when nothing replaced it, else whether the replacement did something."""
        events = self.g.events
        listeners = [lst for lst in events.candidates("instead", name, ctx.player)
                     if events.matches(lst.hook.filters, info, ctx)]
        usable = []
        for lst in listeners:
            hctx = ctx.derive(card=lst.card, info=info)
            if lst.hook.cond is not None and not self.interp.truth(lst.hook.cond, hctx):
                continue
            if not any(self.interp.can(s, hctx) for s in lst.hook.body):
                continue
            usable.append((lst, hctx))
        if not usable:
            return None
        options = [Option(_effect_key(lst, i), f"instead: {self.g.content.occupations[lst.card].name if lst.card else 'rule'}") for i, (lst, _) in enumerate(usable)]
        options.append(Option("keep", "keep it as it is"))
        answer = yield from self.g.ask(ctx.player, "instead", f"replace {name}?", options)
        if answer == "keep":
            return None
        lst, hctx = usable[next(i for i, o in enumerate(options) if o.key == answer)]
        if lst.card is not None:
            self.g.state.fired[(lst.owner, lst.card, "instead")] += 1
        return (yield from self.interp.run(lst.hook.body, hctx, need_one=True))

    def before_payment(self, ctx, item: str):
        if self.g.events.listening("before", "payment"):
            a = ctx.action
            yield from self.emit("before", "payment", ctx, EventInfo("payment", items=frozenset({item}), space=a.space if a else None,
                                                                     group=a.group if a else None, column=a.column if a else None,
                                                                     how=frozenset({a.how}) if a else frozenset()))

    def check_watches(self):
        """`once as soon as`: each unspent watch whose condition holds fires now, once (timing model)."""
        events = self.g.events
        for entry in list(events.watches):
            owner, card, index, watch = entry
            p = self.g.state.players[owner]
            if (card, index) in p.spent:
                continue
            ctx = self.ctx(owner, card=card)
            if self.interp.truth(watch.cond, ctx):
                p.spent.add((card, index))
                self.g.state.fired[(owner, card, "watch")] += 1
                yield from self.interp.run(watch.body, ctx)

    def feast_seats(self, p) -> int:
        """Banquet seats the player has to cover (the home board's seats, those still taken by Vikings and emigrated ships)."""
        home = self.home()
        return max(0, home.feast_seats - home.table_vikings + self.g.state.round - home.ship_seats * len(p.emigrated))

    # ================================================================== mountains, emigration, exploration
    def take_mountain(self, node: t.TakeMountain, ctx, mandatory: bool):
        g, s = self.g, self.g.state
        taken = Counter()
        used = set()
        steps = list(node.takes)
        if node.strips is not None:
            low, high = self.interp.range(node.strips, ctx)
            steps = [node.takes[0]] * min(high, len(s.strips))
        first = True
        for rng in steps:
            low, high = self.interp.range(rng, ctx)
            strips = [st for st in s.strips if st[0] not in used and self.interp._strip_ok(st, node)]
            if not strips or high <= 0:
                break
            options = [Option(sid, f"{sid}: {', '.join(items)}") for sid, items in strips]
            if not (first and mandatory):
                options.append(Option("stop", "take no more"))
            answer = yield from g.ask(ctx.player, "mountain", "take from which mountain strip?", options)
            if answer == "stop":
                break
            first = False
            strip = next(st for st in s.strips if st[0] == answer)
            used.add(answer)
            most = min(high, len(strip[1]))
            if node.only:
                allowed = g.catalog.selector_members(node.only)
                most = 0
                while most < min(high, len(strip[1])) and strip[1][most] in allowed:
                    most += 1
            if most > max(low, 1):
                pick = yield from g.ask(ctx.player, "mountain", f"take how many from {answer} (up to {most})?",
                                        [Option(str(n), f"{n}: {', '.join(strip[1][:n])}") for n in range(1, most + 1)])
                count = int(pick)
            else:
                count = most
            for _ in range(count):
                item = strip[1].pop(0)
                taken[item] += 1
                for give, n in g.content.mountain_items[item].gives.items():
                    ops.gain(g, ctx.p, give, n)
                    if ctx.action is not None:
                        ctx.action.gained[give] += n
        s.strips = [st for st in s.strips if st[1]]
        if not taken:
            return False
        yield from self.emit("when", "mountain_taken", ctx, EventInfo("mountain_taken", data={"taken": taken}))
        return True

    def can_emigrate(self, ctx, base_cost: int) -> bool:
        cost = self.emigration_cost(ctx, base_cost)
        return bool(self._emigrants(ctx)) and ctx.p.supply["silver"] >= cost and self._room_to_emigrate(ctx.p)

    def emigration_cost(self, ctx, base: int) -> int:
        info = EventInfo("emigration_cost", space=ctx.action.space if ctx.action else None,
                         group=ctx.action.group if ctx.action else None, column=ctx.action.column if ctx.action else None,
                         how=frozenset({ctx.action.how}) if ctx.action else frozenset())
        cost = self.g.events.value("emigration_cost", base, ctx, info, floor=0)
        if ctx.action is not None:
            cost = self.g.events.value("silver_cost", cost, ctx.derive(value=cost), info, floor=0)
        return cost

    def _emigrants(self, ctx):
        return [s for s in ctx.p.ships if self.g.content.ships[s.kind].emigrated_points is not None]

    def _room_to_emigrate(self, p) -> bool:
        home = self.home()
        sections = home.feast_seats // home.ship_seats
        if len(p.emigrated) >= sections:
            return False
        # the section's seats must be free of Vikings (reference reading of the open point)
        free_seats = home.feast_seats - home.table_vikings + self.g.state.round
        return (len(p.emigrated) + 1) * home.ship_seats <= free_seats

    def emigrate(self, ctx, base_cost: int, mandatory: bool):
        if not self.can_emigrate(ctx, base_cost):
            return False
        cost = self.emigration_cost(ctx, base_cost)
        ships = self._emigrants(ctx)
        options = [Option(ship_key(ctx.p, s), f"{s.kind} ({s.ore} ore, lost)") for s in ships]
        if not mandatory:
            options.append(Option("no", "do not emigrate"))
        answer = yield from self.g.ask(ctx.player, "emigrate", f"emigrate which ship for {cost} silver?", options)
        if answer == "no":
            return False
        ship = next(s for s in ships if ship_key(ctx.p, s) == answer)
        ops.pay(self.g, ctx.p, "silver", cost)
        ctx.p.ships.remove(ship)
        self.g.state.bank["ore"] += ship.ore
        ctx.p.emigrated.append(ship.kind)
        self.g.state.bank[ship.kind] += 1
        self.g.state.bank[f"emigrated:{ship.kind}"] -= 1
        yield from self.emit("when", "emigrated", ctx, EventInfo("emigrated", items=frozenset({ship.kind}), how=frozenset({ctx.action.how if ctx.action else "granted"})))
        return True

    def explorable(self, ctx, names) -> list[str]:
        s = self.g.state
        wanted = set()
        for name in names:
            wanted |= self.g.catalog.members((name,))
        space = ctx.action.space if ctx.action else None
        if space is not None and self.g.events.allowed("exploring", ctx, EventInfo("exploring", space=space, how=frozenset({"space"}),
                                                                                    items=frozenset(self.g.content.exploration_boards))):
            wanted = set(self.g.content.exploration_boards)
        return [slot["board"] for _, slot in sorted(s.slots.items()) if slot["owner"] is None and slot["board"] in wanted]

    def explore(self, ctx, boards, mandatory: bool):
        if not boards:
            return False
        s = self.g.state
        options = [Option(b, self.g.content.exploration_boards[b].name) for b in boards]
        if not mandatory:
            options.append(Option("no", "do not explore"))
        answer = yield from self.g.ask(ctx.player, "explore", "take which exploration board?", options)
        if answer == "no":
            return False
        slot = next(sl for sl in s.slots.values() if sl["board"] == answer)
        slot["owner"] = ctx.player
        silver = slot["silver"]
        slot["silver"] = 0
        ctx.p.supply["silver"] += silver  # the silver was taken from the supply when it was put there
        if ctx.action is not None and silver:
            ctx.action.gained["silver"] += silver
        ctx.p.explored[answer] = empty(pieces.grid(self.g.content, answer))
        yield from self.emit("when", "explored", ctx, EventInfo("explored", items=frozenset({answer}), how=frozenset({ctx.action.how if ctx.action else "granted"})))
        return True

    # ================================================================== boards and placing
    def income(self, p) -> int:
        total = scoring.income(p.home)
        for board in p.explored.values():
            total += scoring.income(board)
        return total

    def base_sword(self, item) -> int | None:
        goods, tiles = self.g.content.goods, self.g.content.special_tiles
        if item in tiles:
            return tiles[item].sword
        good = goods.get(item)
        if good is None:
            return None
        if good.sword is not None:
            return good.sword
        back = goods.get(good.other_side) if good.other_side else None
        return back.sword if back is not None and good.color == "green" else None

    def placed_count(self, p, item: str, zone: str) -> int:
        boards = []
        if zone in ("placed", "boards"):
            boards += [p.home] + list(p.explored.values())
        if zone in ("placed", "houses"):
            boards += [b.grid for b in p.buildings if b.grid is not None]
        total = sum(1 for board in boards for tile in board.tiles if tile.piece.id == item)
        if zone in ("placed", "sheds"):
            total += sum(b.slots.count(item) for b in p.buildings if b.slots is not None)
        return total

    def ore_room(self, ship) -> int:
        return self.g.content.ships[ship.kind].ore_slots - ship.ore

    def areas(self, p):
        """(key, label, area kind, BoardState) of every grid the player owns."""
        out = [("home", "home board", "home", p.home)]
        out += [(bid, self.g.content.exploration_boards[bid].name, "exploration", board) for bid, board in sorted(p.explored.items())]
        out += [(building_key(p, b), f"{b.kind.replace('_', ' ')}", b.kind, b.grid) for b in p.buildings if b.grid is not None]
        return out

    def set_area(self, p, key: str, board: BoardState) -> None:
        if key == "home":
            p.home = board
        elif key in p.explored:
            p.explored[key] = board
        else:
            for b in p.buildings:
                if building_key(p, b) == key:
                    b.grid = board
                    return
            raise RulesError(f"player {p.index} has no area '{key}'")

    def piece_for(self, ctx, item: str):
        if item == "silver":
            return pieces.piece(self.g.content, "coin_1")
        piece = pieces.piece(self.g.content, item)
        return piece

    def place_options(self, ctx, item: str, area_filter=None) -> list[tuple]:
        """(area key, placement) pairs where `item` may go; wood may go into houses when a card allows."""
        out = []
        try:
            piece = self.piece_for(ctx, item)
        except Exception:
            return out
        for key, _, kind, board in self.areas(ctx.p):
            if area_filter is not None and not area_filter(kind):
                continue
            for placement in legal_placements(board, piece):
                out.append((key, placement, piece))
        return out

    def place_tile(self, ctx, item: str, key: str, placement, piece, allowed: bool = False):
        p = ctx.p
        area, board = next((kind, b) for k, _, kind, b in self.areas(p) if k == key)
        new = place(board, piece, placement.row, placement.column, placement.turn, placement.mirror, allowed)
        self.set_area(p, key, new)
        cost = self.g.content.coins[piece.id].value if piece.id in self.g.content.coins else 1
        stock = "silver" if piece.id in self.g.content.coins else item
        p.supply[stock] -= cost
        yield from self.emit("when", "tile_placed", ctx, EventInfo("tile_placed", items=frozenset({piece.id if stock != 'silver' else 'silver'}), area=area))

    def _slot_targets(self, ctx, into):
        """The player's buildings with slots that `into` names (`my sheds`, `my buildings` ...)."""
        names = {self.g.catalog.resolve(words) for words in getattr(into, "nouns", ())}
        out = []
        for b in ctx.p.buildings:
            if b.slots is None:
                continue
            if names & self._area_names(b.kind):
                out.append(b)
        return out

    def _area_names(self, kind: str) -> set:
        """The names an effect may use for a building of this kind (`house`, `building`, its id)."""
        return {"building", kind} | ({"house"} if kind in self.g.catalog.classes["house"] else set())

    def _slot_fits(self, ctx, part, targets) -> dict:
        """Of a bundle part's alternatives, those the player holds and a free slot takes: item -> building."""
        fits: dict = {}
        for item in part:
            n = self.interp.amount(item.amount, ctx)
            for item_id in self.interp.item_ids(item, ctx):
                if n <= 0 or ctx.p.supply[item_id] < n or item_id in fits:
                    continue
                for b in targets:
                    try:
                        slots = b.slots
                        for _ in range(n):  # all n on one building
                            slots = fill_slot(slots, item_id)
                    except IllegalPlacement:
                        continue
                    fits[item_id] = (b, n)
                    break
        return fits

    def can_place_into(self, ctx, bundle, into) -> bool:
        targets = self._slot_targets(ctx, into)
        return any(self._slot_fits(ctx, part, targets) for part in bundle.parts)

    def place_bundle(self, node, ctx, mandatory):
        """`place 1 wood or 1 stone into my sheds`: into building slots or onto grids.
        Each `and`-part is placed; where a part offers alternatives, the player picks one."""
        p = ctx.p
        targets = self._slot_targets(ctx, node.into)
        placed = 0
        for part in node.bundle.parts:
            fits = self._slot_fits(ctx, part, targets)
            if not fits:
                continue
            options = [Option(item_id, f"place {n} {item_id} on your {b.kind.replace('_', ' ')}") for item_id, (b, n) in fits.items()]
            if not mandatory:
                options.append(Option("no", "place nothing"))
            answer = yield from self.g.ask(ctx.player, "place", "place which item?", options)
            if answer == "no":
                continue
            b, n = fits[answer]
            for _ in range(n):
                b.slots = fill_slot(b.slots, answer)
            p.supply[answer] -= n
            placed += 1
            yield from self.emit("when", "tile_placed", ctx, EventInfo("tile_placed", items=frozenset({answer}), area=b.kind))
        return placed > 0

    def place_all(self, node, ctx, mandatory):
        """Place items from a zone (the feast's served food) into areas; the rest stays where it was."""
        info = ctx.info
        zone = next((m.zone for m in getattr(node.selector, "mods", ()) if isinstance(m, t.FromMod)), None)
        wanted = self.g.catalog.selector_members(node.selector.nouns)
        if zone != "feast" or info is None or "served" not in info.data:
            return False
        served = info.data["served"]
        target = {self.g.catalog.resolve(words) for words in node.into.nouns}
        placed = 0
        for item in sorted(wanted):
            while served.get(item, 0) > 0:
                options = self.place_options(ctx, item, lambda kind: kind in self.g.content.buildings and bool(target & self._area_names(kind)))
                if not options:
                    break
                choices = [Option(placement_key(key, pl), f"{key} at {pl.row},{pl.column} turned {pl.turn}", piece=piece.id)
                           for key, pl, piece in options]
                if node.any_number or placed:
                    choices.append(Option("no", "leave it on the table"))
                answer = yield from self.g.ask(ctx.player, "place", f"place a served {item} into a house?", choices)
                if answer == "no":
                    break
                key, pl, piece = next(o for o in options if placement_key(o[0], o[1]) == answer)
                served[item] -= 1
                ctx.p.supply[item] += 1  # off the table, straight into the house
                placed += 1
                yield from self.place_tile(ctx, item, key, pl, piece)
        return placed > 0

    def gain_and_place(self, ctx, item: str, n: int, target):
        """Gained items that must be placed at once; what cannot be placed is not taken."""
        got = 0
        for _ in range(n):
            ops.gain(self.g, ctx.p, item, 1)
            options = self.place_options(ctx, item, lambda kind: kind in ("home", "exploration"))
            if not options:
                ops.pay(self.g, ctx.p, item, 1)
                break
            choices = [Option(placement_key(key, pl), f"{key} at {pl.row},{pl.column}", piece=piece.id) for key, pl, piece in options]
            answer = yield from self.g.ask(ctx.player, "place", f"place the {item} where?", choices, anytime=False)
            key, pl, piece = next(o for o in options if placement_key(o[0], o[1]) == answer)
            yield from self.place_tile(ctx, item, key, pl, piece)
            got += 1
        return got > 0

    def liftable(self, node, ctx) -> list:
        wanted = self.interp._selector_ids(node.selector, ctx)
        owners = self.interp.q._owners(getattr(node.off, "owner", None) or "any", ctx)
        out = []
        for q in owners:
            for key, _, kind, board in self.areas(q):
                for tile in board.tiles:
                    if tile.piece.id in wanted:
                        out.append((q, key, tile))
        return out

    def lift(self, node, ctx, mandatory):
        found = self.liftable(node, ctx)
        if not found:
            return False
        q, key, tile = found[0]
        board = next(b for k, _, _, b in self.areas(q) if k == key)
        rest = empty(board.grid)
        for other in board.tiles:
            if other is not tile:
                rest = place(rest, other.piece, other.row, other.column, other.turn, other.mirror)
        ctx.p.supply[tile.piece.id] += 1
        refill = []
        for part in node.refill.parts:
            for item in part[:1]:
                for item_id in self.interp.item_ids(item, ctx)[:1]:
                    refill.extend([item_id] * self.interp.amount(item.amount, ctx))
        fitted = _fit_exactly(self.g, rest, tile.mask, refill)
        for item_id, placement, piece in fitted or ():
            rest = place(rest, piece, placement.row, placement.column, placement.turn, placement.mirror)
            self.g.state.bank[item_id] -= 1
        self.set_area(q, key, rest)
        return True
        yield  # pragma: no cover

    # ================================================================== anytime actions
    def anytime_options(self, player: int) -> tuple[Option, ...]:
        if self.g.state.finished:
            return ()
        return _ANYTIME_MENU

    def anytime(self, player: int, key: str):
        ctx = self.ctx(player)
        p = ctx.p
        options = []
        for item in sorted(p.supply):
            if p.supply[item] > 0 and (self.g.catalog.kind.get(item) in (GOOD, SPECIAL) or item in ("ore", "silver")
                                       or self.placing_allowed(ctx, item)):
                options.append(Option(f"place:{item}", f"place {item.replace('_', ' ')}"))
        for ship in self.g.content.ships.values():
            if p.supply["silver"] >= ship.price and ops.free_berths(self.g, p, ship.size) > 0:
                options.append(Option(f"buy:{ship.id}", f"buy a {ship.name} for {ship.price} silver"))
        if self.in_action is None and p.supply["ore"] > 0:
            for ship in p.ships:
                if self.ore_room(ship) > 0:
                    options.append(Option(f"load:{ship_key(p, ship)}", f"load 1 ore onto your {ship.kind} ({ship.ore} loaded)"))
        if self.g.events.allowed("unloading", ctx):
            for ship in p.ships:
                if ship.ore > 0:
                    options.append(Option(f"unload:{ship_key(p, ship)}", f"take 1 ore back from your {ship.kind}"))
        for card, index, item in self.g.events.anytimes.get(player, []):
            if item.mode == "once" and (card, index) in p.anytime_used:
                continue
            cctx = ctx.derive(card=card)
            if item.cond is not None and not self.interp.truth(item.cond, cctx):
                continue
            if any(self.interp.can(s, cctx) for s in item.body):
                options.append(Option(f"card:{card}:{index}", f"use {self.g.content.occupations[card].name}"))
        for b in p.buildings:
            if b.slots is not None:
                for resource, cap in b.slots.capacity:
                    if p.supply[resource] > 0 and b.slots.count(resource) < cap:
                        options.append(Option(f"slot:{building_key(p, b)}:{resource}", f"put 1 {resource} on your {b.kind.replace('_', ' ')}"))
        options.append(Option("back", "back"))
        answer = yield from self.g.ask(player, "anytime", "which anytime action?", options, anytime=False)
        kind, _, rest = answer.partition(":")
        if kind == "back":
            return
        if kind == "place":
            yield from self._anytime_place(ctx, rest)
        elif kind == "buy":
            ship = self.g.content.ships[rest]
            ops.pay(self.g, p, "silver", ship.price)
            ops.gain(self.g, p, rest, 1)
            yield from self.emit("when", "ship_acquired", ctx, EventInfo("ship_acquired", items=frozenset({rest}), how=frozenset({"bought"})))
        elif kind in ("load", "unload"):
            ship = next(s for s in p.ships if ship_key(p, s) == rest)
            if kind == "load":
                p.supply["ore"] -= 1
                ship.ore += 1
            else:
                p.supply["ore"] += 1
                ship.ore -= 1
        elif kind == "card":
            card, index = (int(x) for x in rest.split(":"))
            item = self.g.content.programs[("occupations", card)].items[index]
            if item.mode == "once":
                p.anytime_used.add((card, index))
            self.g.state.fired[(player, card, "anytime")] += 1
            yield from self.interp.run(item.body, ctx.derive(card=card), need_one=True)
        elif kind == "slot":
            key, resource = rest.rsplit(":", 1)
            b = next(x for x in p.buildings if building_key(p, x) == key)
            b.slots = fill_slot(b.slots, resource)
            p.supply[resource] -= 1
            yield from self.emit("when", "tile_placed", ctx, EventInfo("tile_placed", items=frozenset({resource}), area=b.kind))
        yield from self.check_watches()

    def _anytime_place(self, ctx, item: str):
        p = ctx.p
        pieces_to_try = [item]
        if item == "silver":
            pieces_to_try = [c.id for c in sorted(self.g.content.coins.values(), key=lambda c: c.value) if p.supply["silver"] >= c.value]
        offers = []
        for piece_id in pieces_to_try:
            piece = pieces.piece(self.g.content, piece_id)
            coin = piece_id if item == "silver" else None
            for key, label, kind, board in self.areas(p):
                allowed = self.placing_allowed(ctx, piece_id, kind)
                positions = legal_positions(board, piece, allowed)
                if positions:  # all legal; answers and labels are written only if someone reads them
                    offers.append(AreaOffer(key, label, piece_id, coin, positions, piece, allowed))
        if not offers:
            return
        entries = PlacementEntries(offers)
        options = Candidates(entries, lambda key: None, (Option("back", "back"),))
        answer = yield from self.g.ask(ctx.player, "place", f"place {item.replace('_', ' ')} where?", options, anytime=False)
        if answer == "back":
            return
        offer, placement = entries.find(answer)
        key, piece, allowed = offer.key, offer.piece, offer.allowed
        yield from self.place_tile(ctx, item, key, placement, piece, allowed)

    def placing_allowed(self, ctx, item: str, area: str | None = None) -> bool:
        """Whether a card lets `item` be laid where the placement rules would not (on `area`, or anywhere)."""
        events = self.g.events
        if not events.affects("placing", ctx):
            return False
        if area is not None:
            return events.allowed("placing", ctx, EventInfo("placing", items=frozenset({item}), area=area))
        return any(events.allowed("placing", ctx, EventInfo("placing", items=frozenset({item}), area=kind))
                   for _, _, kind, _ in self.areas(ctx.p))


def ship_key(p, ship) -> str:
    """`longship:2`: the second longship in the player's bay (answers must not depend on internal ids)."""
    same = [s for s in p.ships if s.kind == ship.kind]
    return f"{ship.kind}:{same.index(ship) + 1}"


def building_key(p, building) -> str:
    same = [b for b in p.buildings if b.kind == building.kind]
    return f"{building.kind}:{same.index(building) + 1}"


def _effect_key(listener, index: int) -> str:
    return f"{listener.card}:{listener.index}" if listener.card is not None else f"rule:{index}"


def _fit_exactly(game, board, mask: int, items: list[str]):
    """Placements of `items` that cover exactly `mask` on `board` (small search), or None."""
    if not items:
        return [] if mask == 0 else None
    first, rest = items[0], items[1:]
    piece = pieces.piece(game.content, first)
    for placement in legal_placements(board, piece):
        if placement.mask & ~mask:
            continue
        after = place(board, piece, placement.row, placement.column, placement.turn, placement.mirror)
        tail = _fit_exactly(game, after, mask & ~placement.mask, rest)
        if tail is not None:
            return [(first, placement, piece)] + tail
    return None

"""The authoring subcommands of `rulesdsl` (fmt, schema, new, explain, lsp): their options
and how each is run, kept here so that `rulesdsl/cli.py` only hands over."""

from __future__ import annotations

import sys
from pathlib import Path

from rulesdsl.authoring.explain import explain_card
from rulesdsl.authoring.fmt import run as run_fmt
from rulesdsl.authoring.review import review_page, write_mark
from rulesdsl.authoring.scaffold import run as run_new
from rulesdsl.authoring.schema import write_schemas
from rulesdsl.errors import RulesError
from rulesdsl.savefile import write_atomic


def add_commands(sub) -> None:
    """Add the authoring subcommands to the `rulesdsl` subparsers."""
    fmt = sub.add_parser("fmt", help="rewrite effect text to its canonical form (comments, key order and quoting kept)")
    fmt.add_argument("paths", nargs="*", metavar="PATH", help="content files or folders (default: the built-in content)")
    fmt.add_argument("--check", action="store_true", help="change nothing; list the files that would change and exit 1 if any")

    schema = sub.add_parser("schema", help="write the JSON Schemas of the content files (card, collections, remove)")
    schema.add_argument("folder", metavar="DIR", help="where to write them")

    explain = sub.add_parser("explain", help="an effect in generated English next to the card's printed text")
    explain.add_argument("card", nargs="?", metavar="CARD", help="a card number, a name or an id")
    explain.add_argument("--all", action="store_true", help="the side-by-side review of every occupation as one HTML page")
    explain.add_argument("-o", "--output", metavar="FILE", help="with --all: write the page here instead of standard output")
    explain.add_argument("--mark", metavar="MARK", choices=("ok", "flagged", "clear"),
                         help="set the review mark of CARD (ok, flagged or clear) in review-marks.yaml beside the content")
    explain.add_argument("--note", metavar="TEXT", help="with --mark: a note shown on the review page")

    ids = sub.add_parser("ids", help="list the ids the card language names (spaces, goods, phases, groups, boards) with their English names")
    ids.add_argument("kind", nargs="?", choices=tuple(ID_KINDS), metavar="KIND",
                     help="one of: " + ", ".join(ID_KINDS) + " (default: all)")

    sub.add_parser("lsp", help="run the language server for card and board files (LSP over stdin/stdout)")

    new = sub.add_parser("new", help="write a filled-in card, space or exploration board file that validates as written")
    new.add_argument("kind", choices=("card", "space", "board"))
    new.add_argument("ident", metavar="NUMBER-or-ID", help="the card's number, or the id of the space or board")
    new.add_argument("name", nargs="?", help="its name (default: made from the id)")
    new.add_argument("--root", metavar="DIR", help="the variant folder to write into (default: the built-in content)")
    new.add_argument("--deck", default="A", help="a card's deck: A, B or C (default A)")
    new.add_argument("--category", metavar="C", help="a card's category: immediate, anytime, each_time or limited "
                     "(default each_time); the card gets an example of it and a scenario that proves it")


# KIND of `rulesdsl ids` -> the collections it lists (in this order).
ID_KINDS = {
    "spaces": ("spaces",), "goods": ("goods", "resources", "special_tiles", "ships", "weapons", "buildings"),
    "phases": ("phases",), "groups": ("groups",), "boards": ("exploration_boards", "home_boards"),
}


def list_ids(content, kind: str | None) -> list[str]:
    """Lines of `rulesdsl ids`: per collection, each id with its English name (spaces with group and column)."""
    out = []
    for name in ([kind] if kind else list(ID_KINDS)):
        for collection in ID_KINDS[name]:
            items = content.collections.get(collection, {})
            if not items:
                continue
            out.append(f"{collection.replace('_', ' ')} ({len(items)}):")
            width = max(len(str(i)) for i in items)
            for item_id, item in items.items():
                english = getattr(item, "name", "") or ""
                if collection == "spaces":
                    english += f"  (group {item.group}, column {item.column})"
                out.append(f"  {str(item_id):<{width}}  {english}")
    return out


def run_command(args, load) -> int:
    """Run authoring subcommand `args.command`; `load(args)` loads the content the options name."""
    if args.command == "fmt":
        return run_fmt(args.paths, args.check, sys.stdout)
    if args.command == "explain":
        content = load(args)
        if args.mark:
            if not args.card:
                raise RulesError("--mark needs a CARD")
            path = write_mark(content, args.card, args.mark, args.note)
            print(f"card {args.card}: {args.mark} (in {path})")
            return 0
        if args.all:
            page = review_page(content)
            if args.output:
                write_atomic(Path(args.output), page)
                print(f"wrote {args.output} ({len(content.occupations)} occupations)")
            else:
                sys.stdout.write(page)
            return 0
        if not args.card:
            raise RulesError("name a card, or use --all")
        sys.stdout.write(explain_card(content, args.card))
        return 0
    if args.command == "ids":
        print("\n".join(list_ids(load(args), args.kind)))
        return 0
    if args.command == "lsp":
        # import here: the language server (pygls, lsprotocol: about 0.3 s) only for `lsp`, not every start
        from rulesdsl.authoring.lsp import serve

        return serve(args.content)
    if args.command == "new":
        return run_new(args, load)
    if args.command == "schema":
        written = write_schemas(Path(args.folder))
        print(f"wrote {len(written)} schemas to {args.folder}")
        return 0
    raise AssertionError(args.command)  # pragma: no cover - argparse allows only the commands above

"""Polyomino placement on the game's grids: home boards, exploration boards and houses.

One code path for every area: `grid.compile_area` turns an area's cell codes into int
bitsets, `shapes` gives every orientation of a tile, `placement` enforces the rules and
enumerates legal placements, `scoring` reads income, bonus and uncovered -1 squares, and
`render` draws a state as SVG.
"""

"""Sets a bench/run.sh result beside the previous one for the same size.

Usage: python3 bench/compare.py bench/results/<commit>-<N>.md
The previous result is the newest other file for N in bench/results (by modification time).
"""
import pathlib
import re
import sys


def rows(path):
    out = {}
    for line in path.read_text().splitlines()[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2:
            out[cells[0]] = cells[1]
    return out


def main():
    new = pathlib.Path(sys.argv[1])
    size = re.search(r"-(\d+)\.md$", new.name).group(1)
    earlier = sorted(
        (p for p in new.parent.glob(f"*-{size}.md") if p != new),
        key=lambda p: p.stat().st_mtime,
    )
    if not earlier:
        print(f"no earlier result for {size} artworks to compare with")
        return
    old = earlier[-1]
    before, after = rows(old), rows(new)
    print(f"\n| figure | before ({old.stem}) | after ({new.stem}) |")
    print("|---|---|---|")
    for name in after:
        print(f"| {name} | {before.get(name, '')} | {after[name]} |")


main()

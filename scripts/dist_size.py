"""Disk taken by installed distributions and their (non-extra) dependencies, in GiB.

    python scripts/dist_size.py torch        # -> "0.8 GiB (14 distributions)"

Used by scripts/setup_sglang_envs.sh to say what a torch build costs once it is installed. Sums the
files each distribution's RECORD lists; a dependency that is not installed is skipped.
"""

from __future__ import annotations

import importlib.metadata as md
import os
import re
import sys


def closure_size(names: list[str]) -> tuple[int, int]:
    """(bytes, distributions) of ``names`` and everything they require (extras left out)."""
    seen: set[str] = set()
    total = count = 0
    todo = list(names)
    while todo:
        name = todo.pop()
        key = re.sub(r"[-_.]+", "-", name).lower()
        if key in seen:
            continue
        seen.add(key)
        try:
            dist = md.distribution(name)
        except md.PackageNotFoundError:
            continue
        count += 1
        for f in dist.files or ():
            path = dist.locate_file(f)
            if os.path.isfile(path):
                total += os.path.getsize(path)
        for req in dist.requires or ():
            marker = req.partition(";")[2]
            if "extra" not in marker:  # an optional extra's requirement is not installed with it
                todo.append(re.match(r"[A-Za-z0-9_.-]+", req).group(0))
    return total, count


if __name__ == "__main__":
    size, n = closure_size(sys.argv[1:] or ["torch"])
    print(f"{size / 2**30:.1f} GiB ({n} distributions)")

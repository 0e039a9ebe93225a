"""Hard-link identical files under the given directories, so that each content is stored once.

The older-sglang overlays (``setup_sglang_envs.sh``: ``pip install --target`` per release) hold
the same transformers, tokenizers, huggingface_hub and most of sglang's own files several times
over; linking them keeps each file where it is (every overlay stays complete on its own) while
the disk holds one copy. Files are grouped by size, then compared by a BLAKE2 digest and, before
linking, byte for byte. Only regular files of at least ``--min-size`` bytes (default 1024) with
the same owner and mode are linked; symbolic links and files already linked are left as they
are. A linked file is replaced atomically (a temporary link renamed over it).

Usage: python scripts/dedupe_tree.py DIR [DIR ...]   (prints what it saved)
"""

from __future__ import annotations

import argparse
import filecmp
import hashlib
import os
import sys
from collections import defaultdict


def _files(roots):
    for root in roots:
        for dirpath, _dirs, names in os.walk(root):
            for name in names:
                path = os.path.join(dirpath, name)
                try:
                    st = os.lstat(path)
                except OSError:
                    continue
                if os.path.stat.S_ISREG(st.st_mode):
                    yield path, st


def _digest(path: str) -> bytes:
    h = hashlib.blake2b(digest_size=20)
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            h.update(chunk)
    return h.digest()


def dedupe(roots, min_size: int = 1024) -> tuple[int, int]:
    """Link identical files under ``roots``; (files linked, bytes saved)."""
    groups = defaultdict(list)
    for path, st in _files(roots):
        if st.st_size >= min_size:
            groups[(st.st_size, st.st_dev, st.st_uid, st.st_mode)].append((path, st))
    linked = saved = 0
    for (size, *_), members in groups.items():
        if len({st.st_ino for _, st in members}) < 2:
            continue
        by_digest = defaultdict(list)
        for path, st in members:
            by_digest[_digest(path)].append((path, st))
        for same in by_digest.values():
            keep, keep_st = same[0]
            for path, st in same[1:]:
                if st.st_ino == keep_st.st_ino or not filecmp.cmp(keep, path, shallow=False):
                    continue
                tmp = f"{path}.kvguard-link"
                try:
                    os.link(keep, tmp)
                    os.replace(tmp, path)
                except OSError:
                    if os.path.lexists(tmp):
                        os.unlink(tmp)
                    continue
                linked += 1
                saved += size
    return linked, saved


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+")
    parser.add_argument("--min-size", type=int, default=1024)
    args = parser.parse_args(argv)
    missing = [d for d in args.dirs if not os.path.isdir(d)]
    if missing:
        sys.stderr.write(f"error: {missing[0]}: not a directory\n")
        return 2
    linked, saved = dedupe(args.dirs, args.min_size)
    print(f"dedupe_tree: {linked} files linked, {saved / 1e6:.0f} MB saved")
    return 0


if __name__ == "__main__":
    sys.exit(main())

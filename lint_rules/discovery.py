"""Which files a run lints: the named paths, directories walked, exclusions applied.

Explicitly named files are linted whatever their suffix (unless ``--force-exclude`` excludes
them); directories are walked for ``*.py`` / ``*.pyi``, following symbolic links only within
the named tree (loops are cut). Exclusions use the package's one glob dialect
(:mod:`lint_rules.globs`), anchored at the project root. Targets come out sorted by display
path, so output order never depends on the file system.
"""

from __future__ import annotations

import os
import stat as stat_mod
from dataclasses import dataclass, field
from typing import Iterable

from .config import Config
from .globs import GlobSet, is_under

PY_SUFFIXES = (".py", ".pyi")


@dataclass(frozen=True, slots=True)
class Target:
    """One file to lint, with the paths it is shown and matched by."""

    abspath: str
    display: str  # as given on the command line (normalised, POSIX)
    rel: str  # relative to the project root (POSIX), absolute when outside it
    explicit: bool = False


@dataclass(slots=True)
class Discovery:
    """The files a run lints (sorted by display path) and the named paths that failed."""

    targets: list[Target] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)  # (display path, reason)


def project_root(config: Config) -> str:
    """The directory path-based settings are relative to (``"/"`` when there is none)."""
    return config.scope.root or config.root


def rel_path(abspath: str, root: str) -> str:
    if abspath == root:
        return "."
    prefix = root.rstrip(os.sep) + os.sep
    rel = abspath[len(prefix) :] if abspath.startswith(prefix) else abspath
    return rel.replace(os.sep, "/") if os.sep != "/" else rel


def display_path(path: str) -> str:
    return os.path.normpath(path).replace(os.sep, "/")


def real_path(abspath: str) -> str:
    """``abspath`` with its directory's symbolic links resolved (the file name itself kept)."""
    head, tail = os.path.split(abspath)
    return os.path.join(os.path.realpath(head), tail)


def make_target(path: str, config: Config, explicit: bool = True) -> Target:
    abspath = os.path.abspath(path)
    root = os.path.realpath(project_root(config))
    return Target(abspath, display_path(path), rel_path(real_path(abspath), root), explicit)


def excluder(config: Config) -> GlobSet:
    return GlobSet(config.all_excludes, anchored=True, root=os.path.realpath(project_root(config)))


def os_reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def discover(paths: Iterable[str], config: Config, force_exclude: bool = False) -> Discovery:
    # Paths are matched relative to the project root with symbolic links in their directories
    # resolved, so a file gets the same settings however it was reached.
    root = os.path.realpath(project_root(config))
    excluded = excluder(config)
    found = Discovery()
    seen: set[str] = set()  # absolute paths added (a file named twice, or inside a named tree)

    for arg in paths:
        display = display_path(arg)
        abspath = os.path.abspath(arg)
        try:
            st = os.stat(abspath)  # explicitly named: follow links
        except OSError as exc:
            found.errors.append((display, os_reason(exc)))
            continue
        rel = rel_path(real_path(abspath), root)
        if stat_mod.S_ISDIR(st.st_mode):
            if force_exclude and excluded.match(rel):
                continue
            _walk(abspath, display, root, excluded, seen, found)
        elif stat_mod.S_ISREG(st.st_mode):
            if force_exclude and excluded.match(rel):
                continue
            if abspath not in seen:
                seen.add(abspath)
                found.targets.append(Target(abspath, display, rel, True))
        else:
            found.errors.append((display, "not a regular file or directory"))
    found.targets.sort(key=lambda t: t.display)
    return found


def _dangling(path: str) -> bool:
    """A symbolic link whose target does not exist (not a loop: those are cut silently)."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return False


def _walk(
    top: str, top_display: str, root: str, excluded: GlobSet, seen: set, found: Discovery
) -> None:
    """Add the ``.py``/``.pyi`` files under ``top`` (depth first, each directory's entries in
    the order the file system lists them). The hot loop: one ``scandir`` per directory, file
    types from its entries (no ``stat`` unless an entry is a symbolic link), the directory's
    display and root-relative prefixes joined once, exclusions asked only of the entries that
    would be kept."""
    targets, errors = found.targets, found.errors
    no_excludes = excluded.empty
    names_only = excluded.names_only  # a set of names: no call per entry
    top_real = os.path.realpath(top)
    visited = {top_real}
    # (path, display, real path)
    stack = [(top, top_display, top_real)]
    while stack:
        directory, display, real_dir = stack.pop()
        try:
            with os.scandir(directory) as it:
                entries = list(it)
        except OSError as exc:
            errors.append((display, f"cannot list directory: {os_reason(exc)}"))
            continue
        # rel_path(join(real_dir, name), root), with the directory's part computed once
        rel_dir = rel_path(real_dir, root)
        rel_head = "" if rel_dir == "." else rel_dir.rstrip("/") + "/"
        display_head = "" if display == "." else display + "/"
        for entry in entries:
            name = entry.name
            try:
                if entry.is_symlink():
                    if name.endswith(PY_SUFFIXES) and _dangling(entry.path):
                        # A link to nothing is reported (as ruff does), not skipped silently.
                        if no_excludes or not excluded.match_entry(name, rel_head + name):
                            errors.append(
                                (display_head + name, "No such file or directory (broken link)")
                            )
                        continue
                    # Follow links only within the tree that was named (loops are cut below).
                    real = os.path.realpath(entry.path)
                    if not is_under(real, top_real):
                        continue
                    is_dir = os.path.isdir(real)
                    if not is_dir and not (name.endswith(PY_SUFFIXES) and os.path.isfile(real)):
                        continue
                elif entry.is_dir(follow_symlinks=False):
                    real, is_dir = None, True
                elif name.endswith(PY_SUFFIXES) and entry.is_file(follow_symlinks=False):
                    real, is_dir = None, False
                else:
                    continue
            except OSError:
                continue  # vanished while we looked
            if is_dir:
                child_real = real if real is not None else os.path.join(real_dir, name)
                if child_real in visited:
                    continue
                if names_only is not None:
                    if name in names_only:
                        continue
                elif not no_excludes and excluded.match_entry(name, rel_head + name):
                    continue
                visited.add(child_real)
                stack.append((entry.path, display_head + name, child_real))
            else:
                rel = rel_head + name
                if names_only is not None:
                    if name in names_only:
                        continue
                elif not no_excludes and excluded.match_entry(name, rel):
                    continue
                path = entry.path
                if path not in seen:
                    seen.add(path)
                    targets.append(Target(path, display_head + name, rel, False))

"""``[tool.kvguard]`` configuration: discovery, validation and rule selection.

Configuration is found once per run: starting at the common root of the targets, walk up to
the first ``pyproject.toml`` that has a ``[tool.kvguard]`` table (``--config`` names one
explicitly).  Its directory is the *project root*: relative patterns and ``cache-dir`` are
resolved against it.  Anything wrong (unknown key, wrong type, unknown rule code, bad TOML)
raises :class:`ConfigError` with a one-line message; the CLI turns that into exit status 2.

Rule selection (``select``, ``extend-select``, ``ignore``) is resolved by
:func:`lint_rules.registry.resolve_codes`: the configuration file is one layer
(:meth:`Config.selection_layer`), the command line another one on top of it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Optional

from .model import ScopeConfig
from .registry import Selection

# Directories skipped while walking (like ruff's defaults); a user's ``exclude`` replaces this.
DEFAULT_EXCLUDES: tuple[str, ...] = (
    ".bzr",
    ".direnv",
    ".eggs",
    ".git",
    ".git-rewrite",
    ".hg",
    ".ipynb_checkpoints",
    ".kvguard_cache",
    ".mypy_cache",
    ".nox",
    ".pants.d",
    ".pyenv",
    ".pytest_cache",
    ".pytype",
    ".ruff_cache",
    ".svn",
    ".tox",
    ".venv",
    ".vscode",
    "__pycache__",
    "__pypackages__",
    "_build",
    "buck-out",
    "build",
    "dist",
    "node_modules",
    "site-packages",
    "venv",
)

DEFAULT_CACHE_DIR = ".kvguard_cache"

_VERSION_RE = re.compile(r"^\d+\.\d+(\.\d+)*((a|b|rc)\d+)?(\.post\d+)?(\.dev\d+)?$")


class ConfigError(Exception):
    """Invalid configuration or rule selection (exit status 2)."""


# --------------------------------------------------------------------------------------------
# Config file
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Config:
    """The settings of a run: ``[tool.kvguard]`` on top of the defaults."""

    # Absolute path of the TOML file the settings came from (None: defaults only).
    path: Optional[str] = None
    # Absolute project root: the config file's directory (default: the working directory).
    root: str = field(default_factory=os.getcwd)
    select: Optional[tuple[str, ...]] = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = DEFAULT_EXCLUDES
    extend_exclude: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    scope: ScopeConfig = field(default_factory=ScopeConfig)
    target_version: str = "auto"
    cache_dir: Optional[str] = None  # absolute; None -> <root>/.kvguard_cache
    baseline: Optional[str] = None  # absolute path of the baseline file (lint_rules/baseline.py)

    @property
    def all_excludes(self) -> tuple[str, ...]:
        return tuple(self.exclude) + tuple(self.extend_exclude)

    @property
    def resolved_cache_dir(self) -> str:
        return self.cache_dir or os.path.join(self.root, DEFAULT_CACHE_DIR)

    def selection_layer(self) -> Selection:
        origin = f"{self.path} [tool.kvguard]" if self.path else "configuration"
        return Selection(self.select, self.extend_select, self.ignore, origin)


_KEYS = (
    "select",
    "extend-select",
    "ignore",
    "exclude",
    "extend-exclude",
    "per-file-ignores",
    "backend-paths",
    "backend-bases",
    "all-code",
    "allocator-attributes",
    "kvg004-write-gating",
    "full-location-sources",
    "swa-translators",
    "target-version",
    "cache-dir",
    "baseline",
)


def _str_list(value: Any, key: str, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{where}: '{key}' must be a list of strings, got {_describe(value)}")
    return tuple(value)


def _describe(value: Any) -> str:
    kinds = {
        bool: "a boolean",
        int: "an integer",
        float: "a float",
        str: "a string",
        list: "a list",
        dict: "a table",
    }
    return f"{kinds.get(type(value), type(value).__name__)} ({value!r})"


def parse_settings(table: Any, path: str, root: str) -> Config:
    """Validate a ``[tool.kvguard]`` table and build a :class:`Config`."""
    where = f"{path} [tool.kvguard]"
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: must be a table, got {_describe(table)}")
    for key in table:
        if key not in _KEYS:
            import difflib

            close = difflib.get_close_matches(key.replace("_", "-"), _KEYS, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise ConfigError(f"{where}: unknown key '{key}'{hint}; known keys: {', '.join(_KEYS)}")
    kwargs: dict[str, Any] = {"path": path, "root": root}
    if "select" in table:
        kwargs["select"] = _str_list(table["select"], "select", where)
    if "extend-select" in table:
        kwargs["extend_select"] = _str_list(table["extend-select"], "extend-select", where)
    if "ignore" in table:
        kwargs["ignore"] = _str_list(table["ignore"], "ignore", where)
    if "exclude" in table:
        kwargs["exclude"] = _str_list(table["exclude"], "exclude", where)
    if "extend-exclude" in table:
        kwargs["extend_exclude"] = _str_list(table["extend-exclude"], "extend-exclude", where)
    if "per-file-ignores" in table:
        pfi = table["per-file-ignores"]
        if not isinstance(pfi, dict):
            raise ConfigError(
                f"{where}: 'per-file-ignores' must be a table of pattern = [codes], got {_describe(pfi)}"
            )
        items = []
        for pattern, codes in pfi.items():
            items.append((pattern, _str_list(codes, f"per-file-ignores.{pattern}", where)))
        kwargs["per_file_ignores"] = tuple(items)
    scope_kwargs: dict[str, Any] = {}
    if "backend-paths" in table:
        scope_kwargs["paths"] = _str_list(table["backend-paths"], "backend-paths", where)
    if "backend-bases" in table:
        scope_kwargs["base_patterns"] = _str_list(table["backend-bases"], "backend-bases", where)
    if "all-code" in table:
        if not isinstance(table["all-code"], bool):
            raise ConfigError(
                f"{where}: 'all-code' must be true or false, got {_describe(table['all-code'])}"
            )
        scope_kwargs["all_code"] = table["all-code"]
    if "allocator-attributes" in table:
        roots = _str_list(table["allocator-attributes"], "allocator-attributes", where)
        if not roots or not all(r.isidentifier() for r in roots):
            raise ConfigError(
                f"{where}: 'allocator-attributes' must be a non-empty list of identifiers"
            )
        scope_kwargs["allocator_attributes"] = roots
    for key, attr in (
        ("full-location-sources", "full_location_sources"),
        ("swa-translators", "swa_translators"),
    ):
        if key in table:
            names = _str_list(table[key], key, where)
            if not names or not all(n.isidentifier() for n in names):
                raise ConfigError(f"{where}: '{key}' must be a non-empty list of identifiers")
            scope_kwargs[attr] = names
    if "kvg004-write-gating" in table:
        if not isinstance(table["kvg004-write-gating"], bool):
            raise ConfigError(f"{where}: 'kvg004-write-gating' must be true or false")
        scope_kwargs["kvg004_write_gating"] = table["kvg004-write-gating"]
    if scope_kwargs:
        kwargs["scope"] = ScopeConfig(**scope_kwargs)
    if "target-version" in table:
        tv = table["target-version"]
        if not isinstance(tv, str) or not (tv == "auto" or _VERSION_RE.match(tv)):
            raise ConfigError(
                f"{where}: 'target-version' must be \"auto\" or an sglang version string "
                f'such as "0.5.12.post1", got {_describe(tv)}'
            )
        kwargs["target_version"] = tv
    if "cache-dir" in table:
        cd = table["cache-dir"]
        if not isinstance(cd, str) or not cd:
            raise ConfigError(
                f"{where}: 'cache-dir' must be a non-empty string, got {_describe(cd)}"
            )
        kwargs["cache_dir"] = os.path.normpath(os.path.join(root, os.path.expanduser(cd)))
    if "baseline" in table:  # lint_rules/baseline.py
        bl = table["baseline"]
        if not isinstance(bl, str) or not bl:
            raise ConfigError(
                f"{where}: 'baseline' must be a non-empty string, got {_describe(bl)}"
            )
        kwargs["baseline"] = os.path.normpath(os.path.join(root, os.path.expanduser(bl)))
    return Config(**kwargs)


def _load_toml(path: str) -> dict:
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise ConfigError(f"cannot read configuration {path}: {exc.strerror or exc}") from None
    return _parse_toml(data, path)


def _parse_toml(data: bytes, path: str) -> dict:
    try:
        import tomllib  # type: ignore[import-not-found]
    except ModuleNotFoundError:  # pragma: no cover - Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    try:
        return tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None


def _kvguard_table(doc: dict) -> Any:
    tool = doc.get("tool")
    if isinstance(tool, dict) and "kvguard" in tool:
        return tool["kvguard"]
    return None


def load_config_file(path: str) -> Config:
    """Load an explicitly named config file (``--config``).

    A ``pyproject.toml`` must have a ``[tool.kvguard]`` table; any other TOML file may either
    have one or hold the settings at top level (a ``kvguard.toml``).
    """
    path = os.path.abspath(path)
    doc = _load_toml(path)
    table = _kvguard_table(doc)
    if table is None:
        if os.path.basename(path) == "pyproject.toml":
            raise ConfigError(f"{path}: no [tool.kvguard] table")
        table = doc
    return parse_settings(table, path, os.path.dirname(path))


def common_root(paths: Iterable[str]) -> str:
    # Symbolic links resolved: a path typed through a link finds the project it lies in.
    absolute = [os.path.realpath(p) for p in paths] or [os.getcwd()]
    try:
        root = os.path.commonpath(absolute)
    except ValueError:  # different drives (Windows)
        root = os.getcwd()
    if not os.path.isdir(root):
        root = os.path.dirname(root)
    return root


def find_config(start: str) -> Optional[str]:
    """The first ``pyproject.toml`` with a ``[tool.kvguard]`` table, walking up from ``start``."""
    found = _find_config(start)
    return found[0] if found is not None else None


def _find_config(start: str) -> Optional[tuple[str, dict]]:
    """:func:`find_config`'s file and its parsed document (read and parsed once)."""
    current = os.path.abspath(start)
    while True:
        candidate = os.path.join(current, "pyproject.toml")
        try:
            with open(candidate, "rb") as handle:
                data = handle.read()
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError, PermissionError):
            data = None
        # Cheap filter before parsing TOML: the table name must appear somewhere.
        if data is not None and b"kvguard" in data:
            doc = _parse_toml(data, candidate)
            if _kvguard_table(doc) is not None:
                return candidate, doc
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


# What marks a project's root when no configuration file names it (nearest one up wins).
PROJECT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")


def find_project_root(start: str) -> Optional[str]:
    """The nearest directory at or above ``start`` holding a :data:`PROJECT_MARKERS` entry."""
    current = os.path.abspath(start)
    while True:
        if any(os.path.exists(os.path.join(current, m)) for m in PROJECT_MARKERS):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def discover_config(
    targets: Iterable[str], explicit: Optional[str] = None, isolated: bool = False
) -> Config:
    """The run's configuration, with the project root path-based scope is matched from: the
    configuration file's directory, else the nearest directory above the targets with a
    pyproject.toml, setup.py, setup.cfg or .git, else none (``"/"``: absolute paths)."""
    start = common_root(targets)
    if isolated:
        config = Config(root=os.getcwd())
    elif explicit:
        config = load_config_file(explicit)
    else:
        found = _find_config(start)
        if found is None:
            config = Config(root=os.getcwd())
        else:
            path, doc = found
            config = parse_settings(_kvguard_table(doc), path, os.path.dirname(path))
    if config.path is not None:
        project = os.path.dirname(config.path)
    else:
        project = find_project_root(start) or os.sep
    return replace(config, scope=replace(config.scope, root=project))

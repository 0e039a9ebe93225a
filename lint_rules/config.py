"""``[tool.kvguard]`` configuration: discovery, validation and rule selection.

Configuration is found once per run: starting at the common root of the targets, walk up to
the first ``pyproject.toml`` that has a ``[tool.kvguard]`` table (``--config`` names one
explicitly).  Its directory is the *project root*: relative patterns and ``cache-dir`` are
resolved against it.  Anything wrong (unknown key, wrong type, unknown rule code, bad TOML)
raises :class:`ConfigError` with a one-line message; the CLI turns that into exit status 2.

Rule selectors follow ruff: a selector is a full code (``KVG001``), a prefix (``KVG0``,
``KVG``) or ``ALL``.  ``select`` replaces the default set, ``extend-select`` adds, ``ignore``
removes; within one layer the most specific selector wins (``select = ["KVG"]`` plus
``ignore = ["KVG002"]`` enables all rules but KVG002).  The configuration file is one layer, the
command line is another one on top of it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Optional

from .model import ScopeConfig

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
# Rule catalog (codes only; never imports libcst)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleCatalog:
    all_codes: tuple[str, ...]
    default_codes: frozenset[str]


def rule_catalog() -> RuleCatalog:
    """Known rule codes and the default-enabled ones (from the libcst-free rule registry)."""
    from . import registry

    return RuleCatalog(
        all_codes=tuple(sorted(registry.RULES)), default_codes=frozenset(registry.default_codes())
    )


@dataclass(frozen=True)
class SelectionLayer:
    select: Optional[tuple[str, ...]] = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    origin: str = "command line"


def expand_selector(selector: str, all_codes: Iterable[str], origin: str = "") -> list[str]:
    sel = selector.strip().upper()
    codes = list(all_codes)
    if sel == "ALL":
        return codes
    matched = [code for code in codes if code.startswith(sel)] if sel else []
    if not matched:
        where = f" in {origin}" if origin else ""
        known = ", ".join(codes)
        raise ConfigError(f"unknown rule selector {selector!r}{where} (known codes: {known})")
    return matched


def _specificity(selector: str) -> int:
    sel = selector.strip().upper()
    return 0 if sel == "ALL" else len(sel)


def resolve_selection(layers: Iterable[SelectionLayer], catalog: RuleCatalog) -> frozenset[str]:
    """Apply selection layers (config, then command line) to the default rule set."""
    enabled = set(catalog.default_codes)
    for layer in layers:
        # Validate every selector first, so typos never pass silently.
        for group in (layer.select or ()), layer.extend_select, layer.ignore:
            for selector in group:
                expand_selector(selector, catalog.all_codes, layer.origin)
        new_enabled = set()
        for code in catalog.all_codes:
            best: Optional[tuple[int, int]] = None  # (specificity, 1 select / 0 ignore)
            for kind, group in (
                (1, layer.select or ()),
                (1, layer.extend_select),
                (0, layer.ignore),
            ):
                for selector in group:
                    sel = selector.strip().upper()
                    if sel == "ALL" or code.startswith(sel):
                        cand = (_specificity(sel), kind)
                        # On equal specificity an ignore wins (kind 0 sorts first in the tie).
                        if best is None or cand[0] > best[0] or (cand[0] == best[0] and kind == 0):
                            best = cand
            if best is not None:
                if best[1] == 1:
                    new_enabled.add(code)
            elif layer.select is None and code in enabled:
                new_enabled.add(code)
        enabled = new_enabled
    return frozenset(enabled)


# --------------------------------------------------------------------------------------------
# Config file
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    # Absolute path of the TOML file the settings came from (None: defaults only).
    path: Optional[str] = None
    # Absolute project root: the config file's directory (or the working directory).
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

    def selection_layer(self) -> SelectionLayer:
        origin = f"{self.path} [tool.kvguard]" if self.path else "configuration"
        return SelectionLayer(self.select, self.extend_select, self.ignore, origin)


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
            raise ConfigError(f"{where}: 'baseline' must be a non-empty string, got {_describe(bl)}")
        kwargs["baseline"] = os.path.normpath(os.path.join(root, os.path.expanduser(bl)))
    return Config(**kwargs)


def _load_toml(path: str) -> dict:
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise ConfigError(f"cannot read configuration {path}: {exc.strerror or exc}") from None
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
    absolute = [os.path.abspath(p) for p in paths] or [os.getcwd()]
    try:
        root = os.path.commonpath(absolute)
    except ValueError:  # different drives (Windows)
        root = os.getcwd()
    if not os.path.isdir(root):
        root = os.path.dirname(root)
    return root


def find_config(start: str) -> Optional[str]:
    """The first ``pyproject.toml`` with a ``[tool.kvguard]`` table, walking up from ``start``."""
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
            doc = _load_toml(candidate)
            if _kvguard_table(doc) is not None:
                return candidate
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def discover_config(
    targets: Iterable[str], explicit: Optional[str] = None, isolated: bool = False
) -> Config:
    if isolated:
        return Config(root=os.getcwd())
    if explicit:
        return load_config_file(explicit)
    found = find_config(common_root(targets))
    if found is None:
        return Config(root=os.getcwd())
    table = _kvguard_table(_load_toml(found))
    return parse_settings(table, found, os.path.dirname(found))

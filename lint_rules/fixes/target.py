"""The sglang version a fix targets, and what that version provides.

The sglang source tree that holds the file decides first: its ``_version.py`` / ``version.py``
(a version read there wins over a different ``target-version`` from config, and the target says
so), else ``target-version`` from config, else the tree placed by its API facts (a fork's wheel
without a version file, matched against the releases of :mod:`lint_rules.sglang_api`). No
tree: ``target-version`` from config, else the installed sglang's files (never imported), else
unknown. Whether ``srt/speculative/spec_info.py`` defines ``is_frozen_kv_mtp`` is read from the
tree when there is one. No libcst here.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Optional

_VERSION_RE = re.compile(r"""(?:__version__|\bversion)\s*=\s*(?:version\s*=\s*)?["']([^"']+)["']""")


def version_tuple(version: str) -> Optional[tuple[int, ...]]:
    m = re.match(r"(\d+)\.(\d+)(?:\.(\d+))?", version)
    return tuple(int(g or 0) for g in m.groups()) if m else None


def _frozen_kv_from_version(version: str) -> Optional[bool]:
    v = version_tuple(version)
    return None if v is None else v >= (0, 5, 12)


def _read(path: Path) -> Optional[str]:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


@dataclass(frozen=True)
class Target:
    version: Optional[str]
    has_frozen_kv: Optional[bool]  # None: unknown -> emit the resolver with getattr guards
    source: str
    # the ``sglang`` package directory of the target's source (tree or installed), when known
    root: Optional[str] = None

    @property
    def swa_pool_module(self) -> str:
        v = version_tuple(self.version) if self.version else None
        if v is not None and v < (0, 5, 8):
            return "sglang.srt.mem_cache.memory_pool"
        return "sglang.srt.mem_cache.swa_memory_pool"

    def provides(self, module: str, name: str) -> Optional[bool]:
        """Does ``module`` of the target define ``name``? Read from the target's source when
        its tree is known (True/False), else None (unknown)."""
        if self.root is None or not module.startswith("sglang."):
            return None
        rel = Path(*module.split(".")[1:])
        for candidate in (
            Path(self.root) / rel.with_suffix(".py"),
            Path(self.root) / rel / "__init__.py",
        ):
            text = _read(candidate)
            if text is not None:
                return (
                    re.search(
                        rf"^\s*(?:class|def)\s+{re.escape(name)}\b|^\s*{re.escape(name)}\s*=",
                        text,
                        re.M,
                    )
                    is not None
                )
        return False

    def describe(self) -> str:
        if self.version is None:
            return f"sglang version unknown ({self.source}); emitted the version-tolerant resolver"
        from ..sglang_api import resolve

        note = resolve(self.version)[1]
        return f"sglang {self.version} ({self.source})" + (f"; {note}" if note else "")


def detect_target(path: str, configured: Optional[str] = None) -> Target:
    """The target of a fix in ``path`` (see the module docstring for the order)."""
    if configured == "auto":
        configured = None
    if configured and version_tuple(configured) is None:
        raise ValueError(f"target-version {configured!r} is not a version like 0.5.12")
    try:
        here = Path(path).resolve().parent
    except (OSError, RuntimeError):
        here = None
    found = _tree_target(str(here)) if here is not None else None
    if found is not None and found.version is not None:
        if configured and not _same_version(configured, found.version):
            return Target(
                found.version,
                found.has_frozen_kv,
                f"{found.source}; overrides target-version {configured} from config",
                found.root,
            )
        return found
    if found is not None:
        placed = _placed(found)
        if configured and (placed.version is None or _facts_agree(configured, found.root)):
            frozen = found.has_frozen_kv
            if frozen is None:
                frozen = _frozen_kv_from_version(configured)
            return Target(configured, frozen, "target-version from config", found.root)
        if configured:
            return Target(
                placed.version,
                placed.has_frozen_kv,
                f"{placed.source}; overrides target-version {configured} from config, "
                "whose API facts are not the tree's",
                placed.root,
            )
        return placed
    if configured:
        return Target(configured, _frozen_kv_from_version(configured), "target-version from config")
    return _installed_target()


def _facts_agree(version: str, root: Optional[str]) -> bool:
    """The API model's facts of ``version`` (its nearest known release) are the tree's."""
    from ..sglang_api import resolve

    release = resolve(version)[0]
    return root is None or (
        release is not None and release_facts(release.version) == tree_facts(Path(root))
    )


def _same_version(a: str, b: str) -> bool:
    from ..sglang_api import version_key

    return a.strip() == b.strip() or version_key(a) == version_key(b)


def tree_facts(root: Path) -> dict:
    """The facts of an sglang package directory that tell releases apart in the API model
    (file names and ``def``/names read as text; nothing is imported)."""
    srt = root / "srt"
    spec = (_read(srt / "speculative" / "spec_info.py") or "") + (
        _read(srt / "speculative" / "spec_registry.py") or ""
    )
    registry = _read(srt / "speculative" / "spec_registry.py")
    trtllm = _read(srt / "layers" / "attention" / "trtllm_mha_backend.py") or ""
    return {
        "frozen_kv": re.search(
            r"def is_frozen_kv_mtp\b", _read(srt / "speculative" / "spec_info.py") or ""
        )
        is not None,
        "registered": re.search(r"def register\b", spec) is not None,
        "registered_frozen_kv": registry is not None
        and re.search(r"def is_frozen_kv_mtp\b", registry) is not None,
        "swa_module": (srt / "mem_cache" / "swa_memory_pool.py").is_file(),
        "base_swa": (srt / "mem_cache" / "base_swa_memory_pool.py").is_file(),
        "trtllm_resolver": "_resolve_swa_kv_pool" in trtllm,
    }


def release_facts(version: str) -> dict:
    """:func:`tree_facts` as the API model records them for a known release."""
    from ..sglang_api import data

    raw = data()["releases"][version]
    spec = raw["spec_algorithm"]
    reg = spec["registered"]
    registry = bool(reg) and reg["class"].endswith("spec_registry.CustomSpecAlgo")
    return {
        "frozen_kv": bool(spec["enum"]) and "is_frozen_kv_mtp" in spec["enum"]["methods"],
        "registered": reg is not None,
        "registered_frozen_kv": registry and "is_frozen_kv_mtp" in reg["methods"],
        "swa_module": ".swa_memory_pool." in (raw["classes"]["SWAKVPool"] or ""),
        "base_swa": raw["classes"]["BaseSWAKVPool"] is not None,
        "trtllm_resolver": raw["trtllm_swa_decision"] == "resolver",
    }


def place(root: Path) -> tuple[Optional[str], list[str]]:
    """(the newest known release whose facts are the tree's, all of them); (None, []) when no
    release matches, or when the matching ones would not get the same resolver."""
    from ..sglang_api import known_versions, resolver_plan

    facts = tree_facts(root)
    same = [v for v in known_versions() if release_facts(v) == facts]
    if not same or len({resolver_plan(v).draft_check for v in same}) != 1:
        return None, same
    return same[-1], same


def _placed(found: Target) -> Target:
    version, same = place(Path(found.root)) if found.root else (None, [])
    if version is None:
        return found
    span = same[0] if len(same) == 1 else f"{same[0]} .. {same[-1]}"
    return Target(
        version,
        found.has_frozen_kv,
        f"{found.source} has no version; placed by its API facts ({span})",
        found.root,
    )


@lru_cache(maxsize=64)
def _tree_target(directory: str) -> Optional[Target]:
    here: Optional[Path] = Path(directory)
    while here is not None:
        if here.name == "sglang" and (here / "version.py").is_file():
            version, source = None, here / "version.py"
            for name in ("_version.py", "version.py"):  # _version.py: setuptools-scm builds
                for m in _VERSION_RE.finditer(_read(here / name) or ""):
                    if version is None and not m.group(1).startswith("0.0.0"):  # dev fallbacks
                        version, source = m.group(1), here / name
            spec = _read(here / "srt" / "speculative" / "spec_info.py")
            frozen = ("is_frozen_kv_mtp" in spec) if spec is not None else None
            if frozen is None and version:
                frozen = _frozen_kv_from_version(version)
            where = f"detected from {source}" if version else f"the sglang tree at {here}"
            return Target(version, frozen, where, str(here))
        if here.parent == here:
            break
        here = here.parent
    return None


def _installed_target() -> Target:
    try:
        from importlib import metadata

        dist = metadata.distribution("sglang")
        spec_file = Path(str(dist.locate_file("sglang/srt/speculative/spec_info.py")))
        spec = _read(spec_file)
        frozen = (
            ("is_frozen_kv_mtp" in spec)
            if spec is not None
            else _frozen_kv_from_version(dist.version)
        )
        root = spec_file.parents[2] if spec is not None else None
        return Target(dist.version, frozen, "installed sglang", str(root) if root else None)
    except Exception:
        return Target(None, None, "no config, no sglang source tree, no installed sglang")


@lru_cache(maxsize=256)
def _target_in(directory: str, configured: Optional[str]) -> tuple:
    try:
        return detect_target(os.path.join(directory, "__kvguard__.py"), configured), None
    except ValueError as exc:  # a bad target-version: the configuration reports it
        return None, str(exc)


def target_of(path: str, scope) -> tuple:
    """``(Target, None)``: the release the rules that depend on it (KVG004, KVG006) judge
    ``path`` against, as :func:`detect_target` decides for a fix (``scope.target_version``,
    else the sglang tree holding ``path``, else the installed sglang); ``(None, why)`` for a
    bad configured version. Cached per directory."""
    directory = os.path.dirname(os.path.abspath(path)) if path else os.getcwd()
    return _target_in(directory, getattr(scope, "target_version", None))

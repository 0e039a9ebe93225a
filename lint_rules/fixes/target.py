"""The sglang version a fix targets, and what that version provides.

``target-version`` from config, else the sglang source tree that holds the file (its
``_version.py`` / ``version.py`` and whether ``srt/speculative/spec_info.py`` defines
``is_frozen_kv_mtp``), else the installed sglang's files (never imported), else unknown.
No libcst here.
"""

from __future__ import annotations

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
    """``target-version`` from config, else the sglang source tree holding the file, else the
    installed sglang (read from its files; never imported), else unknown."""
    if configured and configured != "auto":
        if version_tuple(configured) is None:
            raise ValueError(f"target-version {configured!r} is not a version like 0.5.12")
        return Target(configured, _frozen_kv_from_version(configured), "target-version from config")
    try:
        here = Path(path).resolve().parent
    except (OSError, RuntimeError):
        here = None
    found = _tree_target(str(here)) if here is not None else None
    return found if found is not None else _installed_target()


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
            return Target(version, frozen, f"detected from {source}", str(here))
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

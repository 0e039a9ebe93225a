"""The project index: facts other modules of the analysed tree contribute to a module's
allocator flow (placeholder until the index is built; see docs/lint.md)."""

from __future__ import annotations

from typing import Optional

_CURRENT = None


def current_index(path: str) -> Optional[object]:
    """The index the current run built, for the module shown as ``path`` (None: no index)."""
    return None

"""The "current backend / role" context of the behavioural (translation) check.

A wrapped backend method pushes a ``Frame`` on a per-thread stack before the original method runs
and pops it afterwards (``try/finally``). Anything that runs *inside* that call on the same thread
— the backend itself, an object it owns (FlashInfer's index updaters), a module-level helper
(Triton's window buffers), the shared allocator — sees the innermost frame with ``current()``.

One allocator object is shared by the target and the draft workers of one process; whether a
full->SWA translation through it is legitimate depends on *who is building metadata now*, which
is exactly what the frame says. The stack is thread-local (each scheduler thread has its own), so
two threads building metadata at once never see each other's frames. Nothing here touches a
tensor: pushing and popping are host-only list operations, nothing is recorded into a CUDA graph.
"""

from __future__ import annotations

import threading
from typing import Any, List, Optional


class Frame:
    """One wrapped backend call in progress."""

    __slots__ = (
        "backend",
        "state",
        "method",
        "pool",
        "pool_source",
        "pool_is_swa",
        "reported",
        "batch",
    )

    def __init__(
        self, backend, state, method: str, pool, pool_source: str, pool_is_swa, batch=None
    ):
        self.backend = backend
        self.state = state
        self.method = method
        self.pool = pool
        self.pool_source = pool_source
        # None: the active pool cannot be known for this call (nothing is asserted)
        self.pool_is_swa = pool_is_swa
        self.reported = False  # one translation report per frame (a call translates many times)
        self.batch = batch  # the forward batch of the call, if it has one (for the report)


class _Local(threading.local):
    def __init__(self):
        self.stack: List[Frame] = []


_local = _Local()


def stack() -> List[Frame]:
    """This thread's frame stack (innermost last)."""
    return _local.stack


def current() -> Optional[Frame]:
    """The innermost wrapped backend call on this thread, or None."""
    frames = _local.stack
    return frames[-1] if frames else None


def depth() -> int:
    return len(_local.stack)


def describe(frame: Optional[Frame]) -> Any:
    if frame is None:
        return None
    state = frame.state
    return {
        "backend": getattr(state, "backend_class", type(frame.backend).__name__),
        "method": frame.method,
        "role": getattr(state, "role", "?"),
        "active_pool": type(frame.pool).__name__ if frame.pool is not None else "None",
        "active_pool_is_swa": frame.pool_is_swa,
    }

"""The "current backend / role" context of the behavioural (translation) check.

A wrapped backend method pushes a frame on a per-thread stack before the original method runs
and pops it afterwards (``try/finally``). Anything that runs *inside* that call on the same thread
— the backend itself, an object it owns (FlashInfer's index updaters), a module-level helper
(Triton's window buffers), the shared allocator — sees the innermost frame with ``current()``.

One allocator object is shared by the target and the draft workers of one process; whether a
full->SWA translation through it is legitimate depends on *who is building metadata now*, which
is exactly what the frame says. The stack is thread-local (each scheduler thread has its own), so
two threads building metadata at once never see each other's frames. Nothing here touches a
tensor: pushing and popping are host-only list operations, nothing is recorded into a CUDA graph.

A frame is a plain list (built in one bytecode on the hot path; a class instance costs several
hundred nanoseconds more per call), read through the index names below:
``[backend, state, method, pool, pool_source, pool_is_swa, reported, batch]``. ``pool_is_swa`` is
None when the active pool of the call cannot be known (nothing is asserted); ``reported`` makes a
call that translates many times report once; ``batch`` is the call's forward batch (for the
report's forward mode), or None.
"""

from __future__ import annotations

import threading
from typing import Any, List, Optional

BACKEND, STATE, METHOD, POOL, POOL_SOURCE, POOL_IS_SWA, REPORTED, BATCH = range(8)


def new_frame(backend, state, method: str, pool, pool_source: str, pool_is_swa, batch=None):
    """A frame (the hot path builds the same list inline)."""
    return [backend, state, method, pool, pool_source, pool_is_swa, False, batch]


class _Local(threading.local):
    def __init__(self):
        self.stack: List[list] = []


_local = _Local()

# One entry per frame whose pool is not SWA while it is open, on any thread: a counter made of
# ``list.append`` / ``list.pop``, each atomic under the GIL (an ``x += 1`` is not). An SWA frame
# matters only above such a frame, which it shadows: while this list is empty the wrappers push
# no SWA frame (``guardrails/hotpath.py``).
OPEN: List[int] = []


def stack() -> List[list]:
    """This thread's frame stack (innermost last)."""
    return _local.stack


def current() -> Optional[list]:
    """The innermost wrapped backend call on this thread, or None."""
    frames = _local.stack
    return frames[-1] if frames else None


def depth() -> int:
    return len(_local.stack)


def remove(frames: list, frame: list) -> None:
    """Take ``frame`` off ``frames`` when it is not on top (the stack was left unbalanced by
    someone else): never leave this frame behind."""
    try:
        frames.remove(frame)
    except ValueError:
        pass


def describe(frame: Optional[list]) -> Any:
    if frame is None:
        return None
    state = frame[STATE]
    pool = frame[POOL]
    return {
        "backend": getattr(state, "backend_class", type(frame[BACKEND]).__name__),
        "method": frame[METHOD],
        "role": getattr(state, "role", "?"),
        "active_pool": type(pool).__name__ if pool is not None else "None",
        "active_pool_is_swa": frame[POOL_IS_SWA],
    }

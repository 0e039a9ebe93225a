"""The behavioural check for the translate shapes (KVG002's runtime half).

While a wrapped backend builds metadata or runs forward (a ``context.Frame`` is on this thread's
stack), a full->SWA translation — a call of ``translate_loc_from_full_to_swa`` on an SWA allocator
or pool, or a read of ``full_to_swa_index_mapping`` from one — is a violation when that frame's
active pool is not an SWA pool: the indices are meant for a full-only pool (an EAGLE draft's own
``MHATokenToKVPool``) and get translated with the *target's* map, so window layers read another
request's rows. Whatever code path does it (the backend, FlashInfer's index updaters, Triton's
module-level window helpers) the translation lands on the allocator/pool classes, so those classes
are instrumented once per process and consult the context; the same shared allocator is fine while
the target (SWA active pool) builds metadata and a violation while a full-pool draft does.

Host-only: a frame lookup (thread-local list) and an identity test; no tensor is read. Outside any
wrapped backend call (scheduler bookkeeping, PD transfers) nothing is asserted.
"""

from __future__ import annotations

import functools
from typing import Dict, Tuple

from . import context
from .context import BACKEND, METHOD, POOL_IS_SWA, REPORTED, STATE
from .report import PoolGuardViolation
from .shell import make_shell

TRANSLATE_METHOD = "translate_loc_from_full_to_swa"
MAPPING_ATTR = "full_to_swa_index_mapping"
PROBE_MARK = "__kvguard_probe__"

# module -> classes whose own translate method / mapping attribute are instrumented (the ones
# missing in a version are skipped). Allocators and pools both: ``alloc.translate`` delegates to
# the pool on >= 0.5.13 and translates itself on older versions.
TRANSLATE_TARGETS: Dict[str, Tuple[str, ...]] = {
    "sglang.srt.mem_cache.swa_memory_pool": ("SWAKVPool", "SWATokenToKVPoolAllocator"),
    "sglang.srt.mem_cache.allocator": ("SWATokenToKVPoolAllocator",),
    "sglang.srt.mem_cache.allocator.swa": ("SWATokenToKVPoolAllocator",),
    "sglang.srt.mem_cache.allocator.unified_hybrid_swa": ("UnifiedSWAAllocatorBase",),
    "sglang.srt.mem_cache.allocator.hisparse": (
        "HiSparseTokenToKVPoolAllocator",
        "DeepSeekV4HiSparseTokenToKVPoolAllocator",
    ),
    "sglang.srt.mem_cache.hisparse_memory_pool": (
        "HiSparseTokenToKVPoolAllocator",
        "DeepSeekV4HiSparseTokenToKVPoolAllocator",
    ),
    "sglang.srt.mem_cache.deepseek_v4_memory_pool": ("DeepSeekV4TokenToKVPool",),
    "sglang.srt.mem_cache.unified_memory_pool": ("UnifiedSWAKVPool",),
    "sglang.srt.mem_cache.unified_draft_pool": ("UnifiedDraftSWAKVPool",),
}


def _report(inst, frame, translator, via: str) -> None:
    """Report through the installation; a failure of the guard itself never breaks the call (it
    disables the checks of that backend instance, as for the invariant), a violation raises."""
    try:
        inst.report_translation(frame, translator, via)
    except PoolGuardViolation:
        raise
    except Exception as exc:
        inst.internal_failure(frame[BACKEND], frame[STATE], frame[METHOD], exc)


def _violates(frame, inst) -> bool:
    """A translation inside ``frame`` is a violation not yet reported (its pool is known to be
    full-only; called only then, off the common path)."""
    state = frame[STATE]
    return not frame[REPORTED] and inst.active and state.translate_check and not state.disabled


# the shell around ``translate_loc_from_full_to_swa`` (``guardrails/shell.py``: the original's
# own signature). A translation can only be a violation inside a frame whose pool is not SWA, and
# every such frame is counted in ``context.OPEN`` while it is open (on any thread): while that
# list is empty (a server whose backends all read SWA pools, e.g. a target translating per step)
# the shell reads nothing else; otherwise one thread-local read and one identity test
TRANSLATE_SHELL = """
if _kvguard_open:
    _kvguard_frames = _kvguard_local.stack
    if _kvguard_frames and _kvguard_frames[-1][_kvguard_is_swa] is False:
        _kvguard_check(_kvguard_frames[-1], {self})
return {call}
"""


def make_translate_wrapper(inst, original):
    """Wrap ``cls.translate_loc_from_full_to_swa``: consult the context, then translate."""
    via = "." + TRANSLATE_METHOD + "()"

    def check(frame, translator):
        if _violates(frame, inst):
            _report(inst, frame, translator, via)

    env = {"_kvguard_local": context._local, "_kvguard_is_swa": POOL_IS_SWA}
    env["_kvguard_check"] = check
    env["_kvguard_open"] = context.OPEN
    wrapper = make_shell(original, TRANSLATE_SHELL, env, TRANSLATE_METHOD)
    if wrapper is None:
        local = context._local
        open_frames = context.OPEN

        def wrapper(self, *args, **kwargs):
            if open_frames:
                frames = local.stack
                if frames and frames[-1][POOL_IS_SWA] is False:
                    check(frames[-1], self)
            return original(self, *args, **kwargs)

    functools.update_wrapper(wrapper, original)
    setattr(wrapper, PROBE_MARK, inst)
    return wrapper


_LOCAL = context._local
_OPEN = context.OPEN
_MAPPING_VIA = "." + MAPPING_ATTR


class MappingProbe:
    """A data descriptor for ``full_to_swa_index_mapping``: the value stays in the instance
    ``__dict__`` under the same name (so removing the probe restores plain attribute access);
    reads consult the context."""

    def __init__(self, inst):
        self.inst = inst
        setattr(self, PROBE_MARK, inst)

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        try:
            value = obj.__dict__[MAPPING_ATTR]
        except KeyError:
            raise AttributeError(MAPPING_ATTR) from None
        if not _OPEN:  # no frame whose pool is not SWA is open on any thread
            return value
        frames = _LOCAL.stack
        if frames:
            frame = frames[-1]
            if frame[POOL_IS_SWA] is False and _violates(frame, self.inst):
                _report(self.inst, frame, obj, _MAPPING_VIA)
        return value

    def __set__(self, obj, value):
        obj.__dict__[MAPPING_ATTR] = value

    def __delete__(self, obj):
        try:
            del obj.__dict__[MAPPING_ATTR]
        except KeyError:
            raise AttributeError(MAPPING_ATTR) from None


def mapping_probe_allowed(cls) -> bool:
    """A probe only where no class of the MRO defines the name itself (a property, a slot or a
    class attribute there would change meaning) and instances have a ``__dict__``."""
    for klass in cls.__mro__:
        if klass is object:
            continue
        if MAPPING_ATTR in klass.__dict__:
            return False
        if "__slots__" in klass.__dict__ and "__dict__" not in klass.__dict__.get("__slots__", ()):
            # a class with __slots__ and no __dict__ slot anywhere cannot hold the value
            if not any("__dict__" in k.__dict__ for k in cls.__mro__ if k is not object):
                return False
    return True

"""The wrapper factory: what runs once per patched method (and once per backend construction).

``make_wrapper`` reads the original's signature for the positions of the parameters the check
needs, binds the wiring generation's ``active_pool``, and returns the ``__init__`` wrapper (which
records the generation's per-backend ``State``; it never checks: a FROZEN_KV draft is legitimately
inconsistent outside the target-pool view) or the checked call of ``guardrails/hotpath.py``.
Every wrapper carries ``WRAPPER_MARK`` (its installation), which is how the outermost wrapper of a
``super()`` chain is told apart and how installed methods are read back.
"""

from __future__ import annotations

import functools
import inspect
from typing import Optional

from . import hotpath, index_space
from .hotpath import STATE_ATTR, WRAPPER_MARK
from .invariant import flag_check_applies
from .report import name_of
from .wiring import INIT


def param_index(fn, name: Optional[str]) -> Optional[int]:
    """Position of parameter ``name`` in ``fn``'s positional args *after* self (None: absent)."""
    if name is None:
        return None
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return None
    positional = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if name not in positional:
        return -1  # keyword-only or absent: look it up in kwargs only
    return positional.index(name) - 1


def make_wrapper(inst, cls, original, spec, wiring_mod, swa_types, facts):
    name = spec.name
    if spec.kind == INIT:

        @functools.wraps(original)
        def init_wrapper(self, *args, **kwargs):
            result = original(self, *args, **kwargs)
            if inst.active and is_outermost(type(self), name, init_wrapper, inst):
                try:
                    record_init(self, args, kwargs, inst, wiring_mod)
                except Exception as exc:  # never break construction
                    inst.internal_failure(self, None, name, exc)
            return result

        setattr(init_wrapper, WRAPPER_MARK, inst)
        return init_wrapper

    positions = (
        param_index(original, spec.forward_batch_param),
        param_index(original, spec.forward_mode_param),
        param_index(original, spec.layer_param),
    )
    wrapper = hotpath.make_checked_call(
        inst, original, spec, positions, wiring_mod, swa_types, facts, owner=cls
    )
    functools.update_wrapper(wrapper, original)
    setattr(wrapper, WRAPPER_MARK, inst)
    return wrapper


def is_outermost(cls: type, name: str, this_wrapper, inst) -> bool:
    """Check in this wrapper unless the most-derived ``cls.<name>`` is *another* kvguard wrapper
    of this installation (then this call is a ``super()`` call and the outer one has checked)."""
    resolved = getattr(cls, name, None)
    return resolved is this_wrapper or getattr(resolved, WRAPPER_MARK, None) is not inst


def record_init(backend, args, kwargs, inst, wiring_mod) -> None:
    """Create the generation's per-backend state on the instance (role, speculative algorithm,
    sglang version, the runner's pool, the backend's SWA classes)."""
    runner = args[0] if args else kwargs.get("model_runner")
    is_draft = bool(getattr(runner, "is_draft_worker", False) is True)
    spec_algo = getattr(runner, "spec_algorithm", None)
    state = wiring_mod.State(
        backend_class=type(backend).__name__,
        role="draft" if is_draft else "target",
        spec_algorithm=name_of(spec_algo),
        sglang_version=inst.sglang_version,
        init_pool=getattr(runner, "token_to_kv_pool", None),
        applicable=hasattr(backend, "_swa_kv_pool"),
        flag_known=hasattr(backend, "use_sliding_window_kv_pool"),
    )
    for klass in type(backend).__mro__:
        found = inst.class_swa.get(klass)
        if found is not None:
            state.swa_types, state.swa_types_source, state.translate_types = found
            break
    state.translate_check = bool(state.translate_types)
    names = [k.__name__ for k in type(backend).__mro__]
    state.flag_reads = flag_check_applies(names, state.applicable, state.flag_known)
    state.index_space = index_space.relates(names)
    backend.__dict__[STATE_ATTR] = state

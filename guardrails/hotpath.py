"""The per-call check: the body of every wrapped metadata / forward method.

This is what runs on each step of a guarded server, so it is written for cost: everything that
cannot change between calls (parameter positions, the wiring's ``active_pool``, the SWA classes,
the version facts) is bound once by the factory (``guardrails/wrapper.py``); per call it reads the
backend's state, asks the wiring for the active pool, compares with the last consistent
(active pool, SWA pool, flag) and pushes the current-backend frame for the behavioural
translation check (``guardrails/context.py``). Host-only: ``isinstance`` / ``is`` / ``getattr``
on host objects, no tensor read, no device sync, nothing recorded into a CUDA graph.
"""

from __future__ import annotations

from . import context
from .invariant import check_pool_invariant
from .report import PoolGuardViolation, name_of
from .wiring import FORWARD, UNKNOWN_POOL

STATE_ATTR = "_kvguard_state"
WRAPPER_MARK = "__kvguard_wrapper__"


def pick(args, kwargs, index, name):
    if index is None:
        return None
    if 0 <= index < len(args):
        return args[index]
    return kwargs.get(name)


def make_checked_call(inst, original, spec, positions, active_pool_of, swa_types, facts):
    """The wrapper of one metadata / forward method (``spec.kind`` METADATA or FORWARD).
    ``positions``: (forward batch, forward mode, layer) parameter positions after ``self``."""
    fb_i, fm_i, layer_i = positions
    name = spec.name
    is_forward = spec.kind == FORWARD
    fb_name = spec.forward_batch_param
    unknown = UNKNOWN_POOL
    Frame = context.Frame
    local = context._local

    def check(self, state, args, kwargs):
        """(finding or None, frame) for this call; finding = (ctx, violations)."""
        forward_batch = None
        if fb_i is not None:
            forward_batch = args[fb_i] if 0 <= fb_i < len(args) else kwargs.get(fb_name)
        pool, source = active_pool_of(self, state, forward_batch)
        if pool is unknown:
            return None, Frame(self, state, name, None, source, None, forward_batch)
        memo = state.frame_memo  # one tuple: read and replaced atomically across threads
        if memo is not None and memo[0] is pool:
            pool_is_swa = memo[1]
        else:
            pool_is_swa = isinstance(pool, state.translate_types)
            state.frame_memo = (pool, pool_is_swa)
        frame = Frame(self, state, name, pool, source, pool_is_swa, forward_batch)
        if not state.applicable:
            return None, frame
        layer_id = None
        if is_forward:
            if inst.per_layer:
                layer = pick(args, kwargs, layer_i, spec.layer_param)
                layer_id = getattr(layer, "layer_id", None)
            else:
                key = (id(forward_batch), id(pool))
                if state.last_forward_key == key:
                    return None, frame
                state.last_forward_key = key
        swa = getattr(self, "_swa_kv_pool", None)
        flag = getattr(self, "use_sliding_window_kv_pool", None)
        inst.checks += 1
        memo = state.last_ok
        if (
            layer_id is None
            and memo is not None
            and memo[0] is pool
            and memo[1] is swa
            and memo[2] is flag
        ):
            return None, frame
        violations = check_pool_invariant(
            pool,
            swa,
            flag,
            state.swa_types or swa_types,
            facts,
            flag_known=state.flag_known,
            layer_id=layer_id,
        )
        if not violations:
            if layer_id is None:
                state.last_ok = (pool, swa, flag)
            return None, frame
        if forward_batch is not None:
            mode = getattr(forward_batch, "forward_mode", None)
        else:
            mode = pick(args, kwargs, fm_i, spec.forward_mode_param)
        ctx = {
            "active_pool": pool,
            "pool_source": source,
            "swa_pool": swa,
            "flag": flag,
            "forward_mode": name_of(mode) if mode is not None else "?",
            "layer_id": layer_id,
        }
        return (ctx, violations), frame

    def wrapper(self, *args, **kwargs):
        if not inst.active:
            return original(self, *args, **kwargs)
        try:
            state = self.__dict__.get(STATE_ATTR)
        except Exception:  # no instance dict: nothing was recorded, nothing to check
            state = None
        if state is None or state.disabled:
            return original(self, *args, **kwargs)
        found = frame = None
        try:
            # A super() call of an outer wrapped method has been checked, and its frame is on
            # the stack already: check only in the most-derived wrapper of this installation.
            resolved = getattr(type(self), name, None)
            if resolved is wrapper or getattr(resolved, WRAPPER_MARK, None) is not inst:
                found, frame = check(self, state, args, kwargs)
        except Exception as exc:
            inst.internal_failure(self, state, name, exc)
            found = frame = None
        if found is not None:
            try:
                inst.report(self, state, name, found[0], found[1])
            except PoolGuardViolation:
                raise
            except Exception as exc:
                inst.internal_failure(self, state, name, exc)
        if frame is None:
            return original(self, *args, **kwargs)
        frames = local.stack
        frames.append(frame)
        try:
            return original(self, *args, **kwargs)
        finally:
            if frames and frames[-1] is frame:
                frames.pop()
            else:  # pragma: no cover - unbalanced by someone else; never leave our frame behind
                try:
                    frames.remove(frame)
                except ValueError:
                    pass

    return wrapper

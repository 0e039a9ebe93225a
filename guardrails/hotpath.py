"""The per-call check: what every wrapped metadata / forward method does before the original.

This is what runs on each step of a guarded server, so it is written for cost. Everything that
cannot change between calls is bound once by the factory (``guardrails/wrapper.py``): the
wiring's ``active_pool``, the SWA classes, the version facts, the method kind, and the wrapper's
own shape — a shell with the original's exact signature (``guardrails/shell.py``), so no
``*args, **kwargs`` tuple/dict is built per call. Per call, in the steady state of a consistent
server, the shell alone decides (``SHELL`` below): it reads the active pool inline (the wiring's
``active_pool.inline``, per method), compares (active pool, SWA pool, flag) by identity with the
backend's steady-state tuple and calls the original, pushing a frame on this thread's stack
(``guardrails/context.py``) only where one can matter; no other Python function of the guard
runs (``tests/guard/test_step_entries.py``). ``enter`` — the backend's state, the wiring's
``active_pool``, the "is it SWA?" memo, the invariant, reporting — runs on a first call or when
one of those objects changed, and records the steady state again. Nothing is allocated per call
but a full-pool frame.

Host-only: ``isinstance`` / ``is`` / ``getattr`` on host objects, no tensor read, no device sync,
nothing recorded into a CUDA graph. The one exception is opt-in: with ``per_layer`` a ``forward_*``
call of a backend ``index_space.relates`` on an SWA pool runs ``index_space.check_layer``, which
compares tensor values (a sync; skipped while a CUDA graph is captured). Thread-safe: the memos are single tuples replaced whole, the
frame is per call and per thread; the check counter is approximate under concurrent threads.
"""

from __future__ import annotations

from . import context, index_space
from .invariant import check_pool_invariant
from .report import PoolGuardViolation, name_of
from .shell import make_shell
from .wiring import FORWARD, UNKNOWN_POOL

STATE_ATTR = "_kvguard_state"
WRAPPER_MARK = "__kvguard_wrapper__"

FAST_PREFIX = "_kvguard_fast_"  # backend attribute per wrapped method: its steady state (SHELL)

# The shell around the original. The steady state is decided inline, without a further Python
# call: the backend's fast tuple for this method — (active pool, SWA pool, flag, cached frame,
# what, installation's hot object, state) of the last call that ``enter`` found consistent — is
# compared by identity with this call's objects (``what``: 0 pool only (the backend exposes no
# ``_swa_kv_pool``), 1 also the SWA pool, 2 also the flag, 3 the flag only (no ``_swa_kv_pool``;
# the flag decides reads)). It lives in the backend's own
# ``__dict__``, next to the attributes compared, so the steady state reads one object besides
# the installation's small ``Hot``. Anything else (first call, a changed object, another
# installation, a subclass instance, per-layer checking, an exception) goes to ``enter``, which
# decides, reports, contains its own faults and sets the fast tuple again. The cached frame is
# the SWA-pool frame (immutable: it is never reported, and holds no batch); it is pushed only
# while a frame whose pool is not SWA is open on some thread (``context.OPEN``), the only frame
# it could shadow: otherwise it changes no outcome (no frame and an SWA frame both assert
# nothing), and the thread-local stack is not even read. A full-pool frame is built per call (it
# records the call's report and batch) and counted in ``context.OPEN`` while it is open.
SHELL = """
try:
    _kvguard_f = {self}.{FAST}
    _kvguard_hit = (
        _kvguard_f is not None
        and _kvguard_f[5] is _kvguard_hot
        and _kvguard_f[0] is {POOL}{EXTRA}
        and (
            _kvguard_f[4] == 0
            or (
                (_kvguard_f[4] == 3 or _kvguard_f[1] is {self}._swa_kv_pool)
                and (_kvguard_f[4] == 1 or _kvguard_f[2] is {self}.use_sliding_window_kv_pool)
            )
        )
        and type({self}) is _kvguard_owner
        and _kvguard_hot.active{FORWARD_TEST}
    )
except Exception:
    _kvguard_hit = False
if _kvguard_hit:
    {COUNT}
    _kvguard_frame = _kvguard_f[3]
    if _kvguard_frame is None:
        _kvguard_frame = [{self}, _kvguard_f[6], _kvguard_name, _kvguard_f[0], {SOURCE}, False, False, {arg:BATCH}]
    elif not _kvguard_open:
        return {call}
else:
    _kvguard_frame = _kvguard_enter({self}, {arg:BATCH}, {arg:LAYER}, {arg:MODE})
    if _kvguard_frame is None:
        return {call}
_kvguard_frames = _kvguard_local.stack
_kvguard_frames.append(_kvguard_frame)
_kvguard_shadows = _kvguard_frame[5] is not True
if _kvguard_shadows:
    _kvguard_open.append(1)
try:
    return {call}
finally:
    if _kvguard_shadows:
        _kvguard_open.pop()
    if _kvguard_frames and _kvguard_frames[-1] is _kvguard_frame:
        _kvguard_frames.pop()
    else:
        _kvguard_repair(_kvguard_frames, _kvguard_frame)
"""
COUNT_METADATA = "if _kvguard_f[4]:\n        _kvguard_hot.checks += 1"
# forward_* once per forward batch (as ``enter``): count when the (batch, pool) key is new
COUNT_FORWARD = (
    "if _kvguard_f[4]:\n"
    "        _kvguard_key = (id({arg:BATCH}), id(_kvguard_f[0]))\n"
    "        if _kvguard_f[6].last_forward_key != _kvguard_key:\n"
    "            _kvguard_f[6].last_forward_key = _kvguard_key\n"
    "            _kvguard_hot.checks += 1"
)


def forget_fast(backend) -> None:
    """Drop every steady-state tuple of ``backend`` (its checks are disabled)."""
    found = getattr(backend, "__dict__", {})
    for key in list(found):
        if key.startswith(FAST_PREFIX):
            found[key] = None


def pick(args, kwargs, index, name):
    if index is None:
        return None
    if 0 <= index < len(args):
        return args[index]
    return kwargs.get(name)


def inline_pool(active_pool_of, spec):
    """The wiring's inline form of ``active_pool`` for the method ``spec`` (None: call the
    function). ``active_pool.inline`` is a tuple (expression, source[, condition]) for every
    method, or a function of the ``MethodSpec`` returning one or None. The expression is the
    active pool of this call; the condition (over ``_kvguard_f``, the steady-state tuple) must
    hold for the expression to equal what ``active_pool`` would return *and* for that call to
    change nothing (``active_pool`` may record what it saw: the legacy wiring does). Read from
    the function itself, so a replaced ``active_pool`` (a test injecting a fault) is called."""
    inline = getattr(active_pool_of, "inline", None)
    if callable(inline):
        inline = inline(spec)
    return inline


def make_checked_call(inst, original, spec, positions, wiring_mod, swa_types, facts, owner=None):
    """The wrapper of one metadata / forward method (``spec.kind`` METADATA or FORWARD).
    ``positions``: (forward batch, forward mode, layer) parameter positions after ``self``, for
    the generic form (used when the original's signature cannot be copied). ``owner``: the class
    the wrapper is installed on (its own instances skip the ``super()``-chain lookup)."""
    active_pool_of = wiring_mod.active_pool
    name = spec.name
    fast_attr = FAST_PREFIX + name
    hot = inst.hot
    is_forward = spec.kind == FORWARD
    unknown = UNKNOWN_POOL
    wrapper = None  # set below; ``enter`` compares the class's attribute with it

    def enter(self, forward_batch, layer, mode):
        """None (call the original as is) or the frame to push; raises in raise mode."""
        try:
            state = self.__dict__.get(STATE_ATTR)
        except Exception:  # no instance dict: nothing was recorded, nothing to check
            return None
        if state is None or state.disabled or not hot.active:
            return None
        found = frame = None
        try:
            # A super() call of an outer wrapped method has been checked, and its frame is on
            # the stack already: check only in the most-derived wrapper of this installation.
            # (An instance of the class this wrapper is installed on resolves to it: no lookup.)
            klass = type(self)
            if klass is not owner:
                resolved = getattr(klass, name, None)
                if resolved is not wrapper and getattr(resolved, WRAPPER_MARK, None) is inst:
                    return None
            pool, source = active_pool_of(self, state, forward_batch)
            if pool is unknown:
                return [self, state, name, None, source, None, False, forward_batch]
            memo = state.frame_memo  # one tuple: read and replaced whole across threads
            if memo is not None and memo[0] is pool:
                pool_is_swa = memo[1]
            else:
                pool_is_swa = isinstance(pool, state.translate_types)
                state.frame_memo = (pool, pool_is_swa)
            frame = [self, state, name, pool, source, pool_is_swa, False, forward_batch]
            if pool_is_swa is False and inst.probes_pending and state.translate_check:
                inst.arm_probes()  # the first full-pool frame: the mapping probes go on now
            # the frame the shell reuses in the steady state: an SWA frame holds no batch and is
            # never reported; a full-pool frame is built per call (None here)
            cached = [self, state, name, pool, source, True, False, None] if pool_is_swa else None
            # the per-layer index-space check (debug mode: reads tensor values, eager only)
            wrong = ()
            if is_forward and hot.per_layer and state.index_space and pool_is_swa is True:
                hot.checks += 1
                wrong = index_space.check_layer(self, layer, pool)
            if not (state.applicable or state.flag_reads):
                if not wrong:
                    if klass is owner:
                        self.__dict__[fast_attr] = (pool, None, None, cached, 0, hot, state)
                    return frame
                swa, flag = None, getattr(self, "use_sliding_window_kv_pool", None)
                violations = wrong
            else:
                layer_id = None
                if is_forward:
                    if hot.per_layer:
                        layer_id = getattr(layer, "layer_id", None)
                    else:  # once per forward batch
                        key = (id(forward_batch), id(pool))
                        if state.last_forward_key == key:
                            return frame
                        state.last_forward_key = key
                swa = getattr(self, "_swa_kv_pool", None)
                flag = getattr(self, "use_sliding_window_kv_pool", None)
                hot.checks += 1
                ok = state.last_ok
                what = 3 if state.flag_reads else 2 if state.flag_known else 1
                steady = (pool, swa, flag, cached, what, hot, state)
                if (
                    layer_id is None
                    and ok is not None
                    and ok[0] is pool
                    and ok[1] is swa
                    and ok[2] is flag
                ):
                    if klass is owner:
                        self.__dict__[fast_attr] = steady
                    return frame
                violations = check_pool_invariant(
                    pool,
                    swa,
                    flag,
                    state.swa_types or swa_types,
                    facts,
                    flag_known=state.flag_known,
                    layer_id=layer_id,
                    flag_only=state.flag_reads,
                )
                if not violations and layer_id is None:
                    state.last_ok = (pool, swa, flag)
                    if klass is owner:
                        self.__dict__[fast_attr] = steady
                violations = tuple(violations) + tuple(wrong)
                if not violations:
                    return frame
            if forward_batch is not None:
                mode = getattr(forward_batch, "forward_mode", None)
            ctx = {
                "active_pool": pool,
                "pool_source": source,
                "swa_pool": swa,
                "flag": flag,
                "forward_mode": name_of(mode) if mode is not None else "?",
                "layer_id": (
                    getattr(layer, "layer_id", None) if is_forward and hot.per_layer else None
                ),
            }
            found = (ctx, violations)
        except Exception as exc:
            inst.internal_failure(self, state, name, exc)
            return None
        try:
            inst.report(self, state, name, found[0], found[1])
        except PoolGuardViolation:
            raise
        except Exception as exc:
            inst.internal_failure(self, state, name, exc)
            return None
        return frame

    inline = inline_pool(active_pool_of, spec)
    extra = ""
    if inline is not None:
        pool_expr, source = inline[0], "_kvguard_source"
        if len(inline) > 2 and inline[2]:
            extra = f"\n        and ({inline[2]})"
    else:  # the wiring's function, called only when there is a steady state to compare with
        pool_expr = "(_kvguard_ps := _kvguard_active_pool({self}, _kvguard_f[6], {arg:BATCH}))[0]"
        source = "_kvguard_ps[1]"
    body = (
        SHELL.replace("{FAST}", fast_attr)
        .replace("{POOL}", pool_expr)
        .replace("{EXTRA}", extra)
        .replace("{SOURCE}", source)
        .replace("{FORWARD_TEST}", " and not _kvguard_hot.per_layer" if is_forward else "")
        .replace("{COUNT}", COUNT_FORWARD if is_forward else COUNT_METADATA)
        .replace("BATCH", spec.forward_batch_param or "")
        .replace("LAYER", spec.layer_param or "")
        .replace("MODE", spec.forward_mode_param or "")
        .replace("{arg:}", "None")
    )
    env = {
        "_kvguard_enter": enter,
        "_kvguard_local": context._local,
        "_kvguard_repair": context.remove,
        "_kvguard_open": context.OPEN,
        "_kvguard_hot": hot,
        "_kvguard_owner": owner,
        "_kvguard_name": name,
        "_kvguard_active_pool": active_pool_of,
        "_kvguard_source": inline[1] if inline is not None else None,
    }
    wrapper = make_shell(original, body, env, name)
    if wrapper is None:
        wrapper = _generic(original, enter, spec, positions)
    return wrapper


def _generic(original, enter, spec, positions):
    """The ``*args, **kwargs`` form of the shell (an original whose signature cannot be read)."""
    fb_i, fm_i, layer_i = positions
    local = context._local

    def wrapper(self, *args, **kwargs):
        frame = enter(
            self,
            pick(args, kwargs, fb_i, spec.forward_batch_param),
            pick(args, kwargs, layer_i, spec.layer_param),
            pick(args, kwargs, fm_i, spec.forward_mode_param),
        )
        if frame is None:
            return original(self, *args, **kwargs)
        frames = local.stack
        frames.append(frame)
        shadows = frame[context.POOL_IS_SWA] is not True
        if shadows:
            context.OPEN.append(1)
        try:
            return original(self, *args, **kwargs)
        finally:
            if shadows:
                context.OPEN.pop()
            if frames and frames[-1] is frame:
                frames.pop()
            else:
                context.remove(frames, frame)

    return wrapper

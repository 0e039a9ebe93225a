"""Install / uninstall the KV pool guard, modes, counting and logging.

The guard patches methods of sglang attention backend classes *in place* (the class object and
its name stay the same: sglang matches backends by class name) and checks
``guardrails.invariant.check_pool_invariant`` before the original method runs:

* ``init_forward_metadata`` and the CUDA-graph host-side metadata methods (once per step);
* ``forward_decode`` / ``forward_extend`` (Python runs there only eagerly, at warm-up and at
  capture): once per forward batch, or on every layer call with ``per_layer=True``, which also
  checks the layer id against the SWA pool's ``layers_mapping``;
* ``__init__`` records role (target/draft), speculative algorithm, sglang version and the runner's
  pool on the instance; it never checks (a FROZEN_KV draft is legitimately inconsistent outside the
  target-pool view).

Every wrapped metadata/forward call also pushes a frame (backend, role, active pool, "is it SWA?")
on a per-thread stack for its duration (``guardrails/context.py``); the SWA allocator/pool classes'
``translate_loc_from_full_to_swa`` and ``full_to_swa_index_mapping`` are instrumented once per
process and report a translation inside a frame whose active pool is not SWA
(``guardrails/translate.py``). "Is the active pool SWA?" uses the class the backend's own
``_resolve_swa_kv_pool`` accepts (``resolver_swa_types``).

Checks are host-only (``isinstance``/``is``/``getattr``); no tensor is read.

Modes: ``off`` (nothing wrapped), ``warn`` (log once per backend class + role + kind, count all,
never raise), ``raise`` (raise ``PoolGuardViolation``). If the guard itself fails on a backend, it
logs one error, disables the check for that backend instance and lets the call through, in every
mode.

Nothing here imports sglang at import time; backend modules are patched when they are imported
(a post-import hook) or at once if already imported.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import importlib
import importlib.abc
import inspect
import json
import logging
import os
import sys
import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional, Tuple

from . import context, translate, wiring
from .invariant import (
    STATIC_RULES,
    SWA_POOL_WITHOUT_SWA_ACTIVE,
    check_pool_invariant,
    parse_version,
    translation_violation,
    version_facts,
)

logger = logging.getLogger("kvguard.guard")

ENV_VAR = "SGLANG_KV_POOL_GUARD"
ENV_PER_LAYER = "SGLANG_KV_POOL_GUARD_PER_LAYER"
SGLANG_INVARIANT_ENV = "SGLANG_INVARIANT_CHECK"
STATE_ATTR = "_kvguard_state"
WRAPPER_MARK = "__kvguard_wrapper__"

# backend module -> classes that are patched when present. An instance is checked only if it
# exposes the resolved SWA pool (``_swa_kv_pool``) after ``__init__``: TRTLLM-MHA (all versions),
# FlashInfer (>= 0.5.14) and aiter (>= 0.5.20). Backends exposing only a cached flag (triton, fa3)
# are patched but their instances are marked not applicable.
DEFAULT_TARGETS: Dict[str, Tuple[str, ...]] = {
    "sglang.srt.layers.attention.trtllm_mha_backend": ("TRTLLMHAAttnBackend",),
    "sglang.srt.layers.attention.flashinfer_backend": ("FlashInferAttnBackend",),
    "sglang.srt.layers.attention.triton_backend": ("TritonAttnBackend",),
    "sglang.srt.layers.attention.flashattention_backend": ("FlashAttentionBackend",),
    "sglang.srt.layers.attention.aiter_backend": ("AiterAttnBackend",),
}


class Mode(str, enum.Enum):
    OFF = "off"
    WARN = "warn"
    RAISE = "raise"


class GuardConfigError(ValueError):
    """A bad value in the guard's configuration (e.g. ``SGLANG_KV_POOL_GUARD=bogus``)."""


class GuardUnavailableError(RuntimeError):
    """``guarded("raise")`` where sglang cannot be imported: there is nothing to guard, and a
    raise-mode block that silently checks nothing would be a lie."""


class PoolGuardViolation(AssertionError):
    """Raised in ``raise`` mode when a backend's SWA pool / flag disagree with its active pool."""

    def __init__(self, message: str, violations=(), context: Optional[dict] = None):
        super().__init__(message)
        self.violations = tuple(violations)
        self.context = dict(context or {})


# ------------------------------------------------------------------------------------------------
# configuration
# ------------------------------------------------------------------------------------------------

_MODE_WORDS = {
    "off": Mode.OFF,
    "0": Mode.OFF,
    "false": Mode.OFF,
    "no": Mode.OFF,
    "warn": Mode.WARN,
    "1": Mode.WARN,
    "raise": Mode.RAISE,
    "2": Mode.RAISE,
    "strict": Mode.RAISE,
}


def parse_mode(value: Any, source: Optional[str] = None) -> Mode:
    """``value`` as a ``Mode``. ``source`` names where the value came from for the error message
    (an environment variable name, or e.g. ``"install(mode=...)"``); default: the argument."""
    if isinstance(value, Mode):
        return value
    word = str(value).strip().lower()
    if word in _MODE_WORDS:
        return _MODE_WORDS[word]
    where = f"{source}={value!r}" if source else f"the mode argument {value!r}"
    raise GuardConfigError(
        f"{where} is not a valid guard mode; use one of off, warn, raise "
        "(or 0, 1, 2 like SGLANG_INVARIANT_CHECK)"
    )


ENV_LOG = "SGLANG_KV_POOL_GUARD_LOG"
LOG_FORMATS = ("text", "json")


def log_format_from_env(environ=None) -> str:
    """``SGLANG_KV_POOL_GUARD_LOG=json`` makes violation log lines one JSON object each."""
    env = os.environ if environ is None else environ
    value = env.get(ENV_LOG, "").strip().lower() or "text"
    if value not in LOG_FORMATS:
        raise GuardConfigError(
            f"{ENV_LOG}={env.get(ENV_LOG)!r} is not a valid log format; use text or json"
        )
    return value


def mode_from_env(environ=None) -> Mode:
    """The mode the environment asks for.

    ``SGLANG_KV_POOL_GUARD`` (off|warn|raise) wins when set and non-empty; a bad value raises
    ``GuardConfigError``. Otherwise sglang's ``SGLANG_INVARIANT_CHECK`` level is honoured
    (0 -> off, 1 -> warn, 2 -> raise). Default: off.
    """
    env = os.environ if environ is None else environ
    ours = env.get(ENV_VAR, "").strip()
    if ours:
        return parse_mode(ours, ENV_VAR)
    level = env.get(SGLANG_INVARIANT_ENV, "").strip()
    if level:
        try:
            number = int(level)
        except ValueError:
            logger.warning(
                "kvguard: ignoring %s=%r (not an integer level); pool guard stays off",
                SGLANG_INVARIANT_ENV,
                level,
            )
            return Mode.OFF
        if number >= 2:
            return Mode.RAISE
        if number == 1:
            return Mode.WARN
    return Mode.OFF


def per_layer_from_env(environ=None) -> bool:
    env = os.environ if environ is None else environ
    return env.get(ENV_PER_LAYER, "").strip().lower() in ("1", "true", "yes", "on")


# ------------------------------------------------------------------------------------------------
# per-backend state (one object per backend instance; nothing shared between instances)
# ------------------------------------------------------------------------------------------------


@dataclass
class BackendState:
    backend_class: str
    role: str
    spec_algorithm: str
    sglang_version: str
    init_pool: Any
    applicable: bool = True
    flag_known: bool = True
    disabled: bool = False
    last_batch_pool: Any = None  # legacy wiring: last forward_batch.token_to_kv_pool seen
    last_forward_key: Any = None  # forward_* de-duplication (once per batch)
    # (active pool, SWA pool, flag) of the last consistent check. The invariant depends only on
    # these objects' identities and classes, so the same three objects need no re-check: the
    # steady state costs three identity tests.
    last_ok: Any = None
    extra: dict = field(default_factory=dict)
    # the SWA pool class(es) this backend's own resolver accepts (``_resolve_swa_kv_pool``), and
    # why; the translation check's "is the active pool SWA?" (any pool with a full->SWA map)
    swa_types: tuple = ()
    swa_types_source: str = ""
    translate_types: tuple = ()
    translate_check: bool = True
    frame_memo: Any = None  # (last active pool, its translate_types isinstance)


def _name_of(value: Any) -> str:
    if value is None:
        return "None"
    name = getattr(value, "name", None)
    return name if isinstance(name, str) else str(value)


# ------------------------------------------------------------------------------------------------
# the installation
# ------------------------------------------------------------------------------------------------


@dataclass
class _Patch:
    cls: type
    name: str
    original: Any  # the raw object from cls.__dict__, or _ABSENT if the method was inherited
    wrapper: Any


_ABSENT = object()


class _Installation:
    def __init__(
        self,
        mode: Mode,
        per_layer: bool,
        targets: Dict[str, Tuple[str, ...]],
        overrides: Optional[dict] = None,
    ):
        self.overrides = dict(overrides or {})
        self.mode = mode
        self.per_layer = per_layer
        self.targets = dict(targets)
        self.active = True
        self.lock = threading.RLock()
        self.patches: List[_Patch] = []
        self.patched_classes: Dict[type, str] = {}  # class -> wiring generation
        self.class_keys: Dict[type, str] = {}  # class -> "module.Class" as targeted
        self.counts: Counter = Counter()
        self.logged: set = set()
        self.checks = 0  # approximate under concurrent threads; violations are exact
        self.internal_errors = 0
        self.sglang_version = "unknown"
        self.class_swa: Dict[type, Tuple[tuple, str, tuple]] = {}  # backend class -> SWA classes
        self.translate_classes: Dict[type, str] = {}  # allocator/pool class -> "module.Class"
        self.log_format = log_format_from_env()

    # -- patching ---------------------------------------------------------------------------

    def patch_module(self, module) -> List[str]:
        names = self.targets.get(module.__name__, ())
        done = []
        if self.overrides.get("translate_check", True):
            done += self._patch_translate_module(module)
        for cls_name in names:
            cls = getattr(module, cls_name, None)
            if isinstance(cls, type) and cls not in self.patched_classes:
                key = f"{module.__name__}.{cls_name}"
                self._patch_class(cls, key)
                done.append(key)
        return done

    def _patch_translate_module(self, module) -> List[str]:
        done = []
        for cls_name in self.translate_targets.get(module.__name__, ()):
            cls = getattr(module, cls_name, None)
            if not isinstance(cls, type) or cls in self.translate_classes:
                continue
            with self.lock:
                method = cls.__dict__.get(translate.TRANSLATE_METHOD, _ABSENT)
                if callable(method) and getattr(method, translate.PROBE_MARK, None) is None:
                    wrapper = translate.make_translate_wrapper(self, method)
                    setattr(cls, translate.TRANSLATE_METHOD, wrapper)
                    self.patches.append(_Patch(cls, translate.TRANSLATE_METHOD, method, wrapper))
                if translate.mapping_probe_allowed(cls):
                    probe = translate.MappingProbe(self)
                    setattr(cls, translate.MAPPING_ATTR, probe)
                    self.patches.append(_Patch(cls, translate.MAPPING_ATTR, _ABSENT, probe))
                key = f"{module.__name__}.{cls_name}"
                self.translate_classes[cls] = key
                self.class_keys[cls] = key
            done.append(key)
        return done

    @property
    def translate_targets(self) -> Dict[str, Tuple[str, ...]]:
        extra = self.overrides.get("translate_targets")
        return translate.TRANSLATE_TARGETS if extra is None else extra

    def _patch_class(self, cls: type, key: str) -> None:
        version = self.overrides.get("sglang_version") or _sglang_version()
        self.sglang_version = version
        wiring_mod = wiring.select(parse_version(version), _forward_batch_has_pool_field())
        override = self.overrides.get("swa_pool_types")
        if override:
            swa_types, source = tuple(override), "install(swa_pool_types=...)"
            translate_types = swa_types
        else:
            swa_types, source = resolver_swa_types(cls)
            translate_types = tuple(dict.fromkeys(swa_types + _base_swa_types()))
        self.class_swa[cls] = (swa_types, source, translate_types)
        facts = version_facts(version)
        with self.lock:
            for name, spec in wiring_mod.METHODS.items():
                if not hasattr(cls, name):
                    continue
                raw = cls.__dict__.get(name, _ABSENT)
                target_fn = getattr(cls, name)
                if getattr(target_fn, WRAPPER_MARK, None) is self and raw is not _ABSENT:
                    continue
                wrapper = _make_wrapper(self, cls, target_fn, spec, wiring_mod, swa_types, facts)
                setattr(cls, name, wrapper)
                self.patches.append(_Patch(cls, name, raw, wrapper))
            self.patched_classes[cls] = wiring_mod.GENERATION
            self.class_keys[cls] = key

    def unpatch_all(self) -> None:
        with self.lock:
            for patch in reversed(self.patches):
                if patch.original is _ABSENT:
                    if patch.cls.__dict__.get(patch.name) is patch.wrapper:
                        delattr(patch.cls, patch.name)
                else:
                    setattr(patch.cls, patch.name, patch.original)
            self.patches.clear()
            self.patched_classes.clear()
            self.class_keys.clear()
            self.translate_classes.clear()
            self.active = False

    def verify_translate(self) -> Dict[str, List[str]]:
        """allocator/pool class -> instrumented members really in place (read back)."""
        report: Dict[str, List[str]] = {}
        with self.lock:
            for patch in self.patches:
                if patch.cls not in self.translate_classes:
                    continue
                key = self.translate_classes[patch.cls]
                report.setdefault(key, [])
                if patch.cls.__dict__.get(patch.name) is patch.wrapper:
                    report[key].append(patch.name)
        return report

    def verify(self) -> Dict[str, List[str]]:
        """class -> methods whose wrapper really is in place (read back from the class)."""
        report: Dict[str, List[str]] = {}
        with self.lock:
            for patch in self.patches:
                if patch.cls in self.translate_classes:
                    continue
                ok = patch.cls.__dict__.get(patch.name) is patch.wrapper
                key = self.class_keys.get(patch.cls, patch.cls.__qualname__)
                report.setdefault(key, [])
                if ok:
                    report[key].append(patch.name)
        return report

    # -- reporting --------------------------------------------------------------------------

    def report(self, backend, state: BackendState, method: str, ctx: dict, violations) -> None:
        """Count every violation; log once per (backend class, role, kind); raise in raise mode."""
        errors = any(v.is_error for v in violations)
        first_new = False
        with self.lock:
            for v in violations:
                key = (state.backend_class, state.role, v.kind)
                self.counts[key] += 1
                if key not in self.logged:
                    self.logged.add(key)
                    first_new = True
        raising = self.mode is Mode.RAISE and errors
        if not (first_new or raising):
            return  # the common warn-mode path for a repeated violation: counting only
        message = format_violation(state, method, ctx, violations)
        if first_new:
            logged = message
            if self.log_format == "json":
                logged = json_record(state, method, ctx, violations, self.mode)
            (logger.error if errors else logger.warning)("%s", logged)
        if raising:
            raise PoolGuardViolation(message, violations, ctx)

    violation_type = None  # set below (PoolGuardViolation), read by translate._report

    def report_translation(self, frame, translator, via: str) -> None:
        """A full->SWA translation inside ``frame`` whose active pool is not SWA."""
        frame.reported = True
        backend = frame.backend
        ctx = {
            "active_pool": frame.pool,
            "pool_source": frame.pool_source,
            "swa_pool": backend.__dict__.get("_swa_kv_pool"),
            "flag": backend.__dict__.get("use_sliding_window_kv_pool", "n/a"),
            "forward_mode": _name_of(getattr(frame.batch, "forward_mode", None) or "?"),
            "layer_id": None,
            "translated_by": type(translator).__name__ + via,
        }
        found = (translation_violation(frame.pool, translator, via),)
        self.report(backend, frame.state, frame.method, ctx, found)

    def internal_failure(self, backend, state, method: str, exc: BaseException) -> None:
        with self.lock:
            self.internal_errors += 1
        try:
            if state is not None:
                state.disabled = True
            else:
                object.__setattr__(backend, STATE_ATTR, None)
        except Exception:  # pragma: no cover - last resort: nothing more we can do
            pass
        try:
            logger.error(
                "kvguard: internal error in the KV pool guard at %s.%s (%s: %s); the check is "
                "disabled for this backend instance, the call proceeds unguarded",
                type(backend).__name__,
                method,
                type(exc).__name__,
                exc,
            )
        except Exception:  # pragma: no cover
            pass


def format_violation(state: BackendState, method: str, ctx: dict, violations) -> str:
    active = ctx.get("active_pool")
    swa = ctx.get("swa_pool")
    lines = [
        f"kvguard: KV pool / SWA invariant violated in {state.backend_class}.{method}",
        f"  role={state.role} spec_algorithm={state.spec_algorithm} "
        f"sglang={state.sglang_version} forward_mode={ctx.get('forward_mode', '?')}"
        + (f" layer_id={ctx['layer_id']}" if ctx.get("layer_id") is not None else ""),
        f"  active pool: {type(active).__name__ if active is not None else 'None'} "
        f"(from {ctx.get('pool_source', '?')})",
        f"  SWA pool (_swa_kv_pool): {type(swa).__name__ if swa is not None else 'None'}"
        + (f", is the active pool: {'yes' if swa is active else 'no'}" if swa is not None else ""),
        f"  use_sliding_window_kv_pool: {ctx.get('flag', '?')}",
    ]
    if ctx.get("translated_by"):
        lines.append(f"  translated by: {ctx['translated_by']}")
    for v in violations:
        lines.append(f"  [{v.severity}] {v.kind}: {v.problem}")
        lines.append(f"    fix: {v.fix}")
        rules = STATIC_RULES.get(v.kind, ())
        if rules:
            lines.append(
                f"    static rule: {'/'.join(rules)} (`kvguard check` on the backend sources "
                "points at the line)"
            )
        if v.kind == SWA_POOL_WITHOUT_SWA_ACTIVE and "FROZEN_KV" in str(state.spec_algorithm):
            lines.append(
                "    note: this backend belongs to a FROZEN_KV MTP draft, whose SWA pool is the "
                "target's by design; it must be called inside target_kv_pool_view / "
                "frozen_kv_target_view, which swap in the target pool. Outside the view this is a "
                "call-site problem, not the #25103 resolution bug."
            )
    return "\n".join(lines)


def json_record(state: BackendState, method: str, ctx: dict, violations, mode=None) -> str:
    """One violation report as a JSON object (``SGLANG_KV_POOL_GUARD_LOG=json``): the kinds, the
    static rules that find the same shape in source, and the context of the text message."""
    active = ctx.get("active_pool")
    swa = ctx.get("swa_pool")
    flag = ctx.get("flag")
    record = {
        "event": "kvguard.violation",
        "mode": getattr(mode, "value", mode),
        "pid": os.getpid(),
        "backend": state.backend_class,
        "method": method,
        "role": state.role,
        "spec_algorithm": state.spec_algorithm,
        "sglang_version": state.sglang_version,
        "forward_mode": ctx.get("forward_mode", "?"),
        "layer_id": ctx.get("layer_id"),
        "active_pool": type(active).__name__ if active is not None else None,
        "active_pool_source": ctx.get("pool_source"),
        "swa_pool": type(swa).__name__ if swa is not None else None,
        "swa_pool_is_active": (swa is active) if swa is not None else None,
        "flag": flag if isinstance(flag, bool) else None,
        "translated_by": ctx.get("translated_by"),
        "violations": [
            {
                "kind": v.kind,
                "severity": v.severity,
                "static_rules": list(STATIC_RULES.get(v.kind, ())),
                "problem": v.problem,
                "fix": v.fix,
            }
            for v in violations
        ],
    }
    record["kinds"] = [v["kind"] for v in record["violations"]]
    record["static_rules"] = sorted({r for v in record["violations"] for r in v["static_rules"]})
    return json.dumps(record, sort_keys=True)


_Installation.violation_type = PoolGuardViolation


# ------------------------------------------------------------------------------------------------
# the wrapper
# ------------------------------------------------------------------------------------------------


def _param_index(fn, name: Optional[str]) -> Optional[int]:
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


def _pick(args, kwargs, index: Optional[int], name: Optional[str]):
    if index is None:
        return None
    if 0 <= index < len(args):
        return args[index]
    return kwargs.get(name)


def _make_wrapper(inst, cls, original, spec, wiring_mod, swa_types, facts):
    fb_i = _param_index(original, spec.forward_batch_param)
    fm_i = _param_index(original, spec.forward_mode_param)
    layer_i = _param_index(original, spec.layer_param)
    name = spec.name
    kind = spec.kind
    active_pool_of = wiring_mod.active_pool

    if kind == wiring.INIT:

        @functools.wraps(original)
        def init_wrapper(self, *args, **kwargs):
            result = original(self, *args, **kwargs)
            if inst.active and _is_outermost(type(self), name, init_wrapper, inst):
                try:
                    _record_init(self, args, kwargs, inst)
                except Exception as exc:  # never break construction
                    inst.internal_failure(self, None, name, exc)
            return result

        setattr(init_wrapper, WRAPPER_MARK, inst)
        return init_wrapper

    is_forward = kind == wiring.FORWARD
    fb_name = spec.forward_batch_param
    unknown = wiring.UNKNOWN_POOL
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
                layer = _pick(args, kwargs, layer_i, spec.layer_param)
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
            mode = _pick(args, kwargs, fm_i, spec.forward_mode_param)
        ctx = {
            "active_pool": pool,
            "pool_source": source,
            "swa_pool": swa,
            "flag": flag,
            "forward_mode": _name_of(mode) if mode is not None else "?",
            "layer_id": layer_id,
        }
        return (ctx, violations), frame

    @functools.wraps(original)
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
            # _is_outermost, inlined: this is the per-step hot path. A super() call of an outer
            # wrapped method has been checked, and its frame is on the stack already.
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

    setattr(wrapper, WRAPPER_MARK, inst)
    return wrapper


def _is_outermost(cls: type, name: str, this_wrapper, inst) -> bool:
    """Check in this wrapper unless the most-derived ``cls.<name>`` is *another* kvguard wrapper
    of this installation (then this call is a ``super()`` call and the outer one has checked)."""
    resolved = getattr(cls, name, None)
    return resolved is this_wrapper or getattr(resolved, WRAPPER_MARK, None) is not inst


def _record_init(backend, args, kwargs, inst) -> None:
    runner = args[0] if args else kwargs.get("model_runner")
    is_draft = bool(getattr(runner, "is_draft_worker", False) is True)
    spec_algo = getattr(runner, "spec_algorithm", None)
    state = BackendState(
        backend_class=type(backend).__name__,
        role="draft" if is_draft else "target",
        spec_algorithm=_name_of(spec_algo),
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
    step = kwargs.get("speculative_step_id")  # the multi-step draft backend passes it by name
    if step is not None:
        state.extra["speculative_step_id"] = step
    backend.__dict__[STATE_ATTR] = state


# ------------------------------------------------------------------------------------------------
# sglang facts (read lazily, when a backend module is being patched)
# ------------------------------------------------------------------------------------------------


def _sglang_version() -> str:
    """The sglang version of this process, without importing anything new."""
    mod = sys.modules.get("sglang")
    version = getattr(mod, "__version__", None)
    if not version:
        try:
            from importlib.metadata import version as dist_version

            version = dist_version("sglang")
        except Exception:
            version = "unknown"
    return str(version)


def _forward_batch_has_pool_field() -> Optional[bool]:
    fbi = sys.modules.get("sglang.srt.model_executor.forward_batch_info")
    if fbi is None:
        return None
    return "token_to_kv_pool" in getattr(
        getattr(fbi, "ForwardBatch", None), "__dataclass_fields__", {}
    )


def _swa_pool_types() -> tuple:
    """``(SWAKVPool,)`` — the fallback SWA class (backends without a resolver: the legacy
    allocator-typed ones, Triton, FA3)."""
    try:
        mod = importlib.import_module("sglang.srt.mem_cache.swa_memory_pool")
        return (mod.SWAKVPool,)
    except Exception:
        return ()


def _base_swa_types() -> tuple:
    """Every pool class with a full->SWA map: ``BaseSWAKVPool`` where it exists (>= 0.5.12),
    else ``SWAKVPool``. A translation through such an active pool is never the translate shape."""
    try:
        mod = importlib.import_module("sglang.srt.mem_cache.base_swa_memory_pool")
        return (mod.BaseSWAKVPool,)
    except Exception:
        return _swa_pool_types()


RESOLVER = "_resolve_swa_kv_pool"
_RESOLVER_CLASS_NAMES = ("BaseSWAKVPool", "SWAKVPool")


def resolver_swa_types(cls: type) -> Tuple[tuple, str]:
    """The SWA pool class the backend's OWN resolver accepts, and a sentence saying so.

    sglang judges "is this pool SWA?" per backend: FlashInfer >= 0.5.14 resolves with
    ``BaseSWAKVPool`` (so ``DeepSeekV4TokenToKVPool`` counts), TRTLLM and aiter with ``SWAKVPool``.
    The class is read from the resolver's own global names (``__code__.co_names`` looked up in its
    ``__globals__``), so each installed version is judged by its own code. Backends without a
    resolver fall back to ``SWAKVPool``.
    """
    fn = getattr(cls, RESOLVER, None)
    fn = getattr(fn, "__func__", fn)
    code = getattr(fn, "__code__", None)
    glb = getattr(fn, "__globals__", None) or {}
    if code is not None:
        for class_name in _RESOLVER_CLASS_NAMES:
            candidate = glb.get(class_name)
            if class_name in code.co_names and isinstance(candidate, type):
                owner = getattr(fn, "__qualname__", RESOLVER)
                return (candidate,), f"{owner} accepts {class_name}"
    return _swa_pool_types(), f"{cls.__name__} has no {RESOLVER}: SWAKVPool"


# ------------------------------------------------------------------------------------------------
# post-import hook (lazy patching: no backend module is imported just because the guard is on)
# ------------------------------------------------------------------------------------------------


class _PostImportLoader(importlib.abc.Loader):
    def __init__(self, inner, on_loaded):
        self._inner = inner
        self._on_loaded = on_loaded

    def create_module(self, spec):
        return self._inner.create_module(spec)

    def exec_module(self, module):
        self._inner.exec_module(module)
        self._on_loaded(module)

    def __getattr__(self, attr):
        return getattr(self._inner, attr)


class _PostImportFinder(importlib.abc.MetaPathFinder):
    """Patches a target backend module right after it is first imported."""

    def __init__(self, names: Iterable[str]):
        self.names = set(names)
        self._busy = threading.local()

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.names or getattr(self._busy, "name", None) == fullname:
            return None
        self._busy.name = fullname
        try:
            import importlib.util

            spec = importlib.util.find_spec(fullname)
        finally:
            self._busy.name = None
        if spec is None or spec.loader is None:
            return spec
        spec.loader = _PostImportLoader(spec.loader, _on_module_loaded)
        return spec


def _on_module_loaded(module) -> None:
    inst = _installation
    if inst is None or not inst.active:
        return
    try:
        done = inst.patch_module(module)
        if done:
            _log_verified(inst, done)
    except Exception as exc:  # the guard must never break sglang's imports
        logger.error(
            "kvguard: could not patch %s: %s: %s", module.__name__, type(exc).__name__, exc
        )


def _log_verified(inst: _Installation, newly_patched) -> None:
    """Read the wrappers back from the classes and log once per class and process."""
    report = inst.verify()
    report.update(inst.verify_translate())
    for qualname in newly_patched:
        methods = report.get(qualname, [])
        if not methods:
            logger.error(
                "kvguard: KV pool guard NOT installed on %s (pid %d): wrappers missing after patch",
                qualname,
                os.getpid(),
            )
        else:
            logger.info(
                "kvguard: KV pool guard installed on %s (mode=%s, pid %d, sglang %s, wrapped: %s)",
                qualname.rsplit(".", 1)[-1],
                inst.mode.value,
                os.getpid(),
                inst.sglang_version,
                ", ".join(methods),
            )


# ------------------------------------------------------------------------------------------------
# public API
# ------------------------------------------------------------------------------------------------

_installation: Optional[_Installation] = None
_finder: Optional[_PostImportFinder] = None
_api_lock = threading.RLock()


def install(
    mode: Any = None,
    *,
    per_layer: Optional[bool] = None,
    targets: Optional[Dict[str, Tuple[str, ...]]] = None,
    swa_pool_types: Optional[tuple] = None,
    sglang_version: Optional[str] = None,
    translate_check: bool = True,
    translate_targets: Optional[Dict[str, Tuple[str, ...]]] = None,
) -> Mode:
    """Install the guard in this process (idempotent). ``mode=None`` reads the environment.

    ``off`` uninstalls. Backend modules already imported are patched now; the others when they are
    first imported. Returns the mode in effect.

    ``targets`` ({module: (class names)}), ``swa_pool_types`` and ``sglang_version`` override what
    is otherwise detected from sglang (for tests and non-standard builds). ``translate_check=False``
    leaves the allocator/pool classes alone (no behavioural translation check);
    ``translate_targets`` ({module: (class names)}) overrides which of them are instrumented.

    Where sglang cannot be imported the guard is still installed (a later import is patched) but a
    warning says that nothing is guarded yet.
    """
    global _installation, _finder
    resolved = mode_from_env() if mode is None else parse_mode(mode, "install(mode=...)")
    if per_layer is None:
        per_layer = per_layer_from_env()
    with _api_lock:
        if resolved is Mode.OFF:
            uninstall()
            return Mode.OFF
        wanted = dict(DEFAULT_TARGETS if targets is None else targets)
        overrides = {"swa_pool_types": swa_pool_types, "sglang_version": sglang_version}
        if not translate_check:
            overrides["translate_check"] = False
        if translate_targets is not None:
            overrides["translate_targets"] = dict(translate_targets)
        inst = _installation
        if inst is not None and inst.targets == wanted and inst.overrides == overrides:
            inst.mode = resolved
            inst.per_layer = per_layer
        else:
            uninstall()
            inst = _Installation(resolved, per_layer, wanted, overrides)
            _installation = inst
            _finder = _PostImportFinder(set(wanted) | set(inst.translate_targets))
            sys.meta_path.insert(0, _finder)
        patched = []
        for module_name in list(inst.translate_targets) + list(wanted):
            module = sys.modules.get(module_name)
            if module is not None:
                patched += inst.patch_module(module)
        if patched:
            _log_verified(inst, patched)
        if targets is None and not inst.patched_classes and not sglang_importable():
            logger.warning(
                "kvguard: the KV pool guard is installed (mode=%s) but sglang cannot be imported "
                "in this process (%s), so nothing is guarded; install kvguard into the server's "
                "environment (the one where `python -c 'import sglang'` works)",
                resolved.value,
                sys.executable,
            )
        return resolved


def sglang_importable() -> bool:
    """Whether ``import sglang`` can succeed here (a spec lookup; nothing is imported)."""
    if "sglang" in sys.modules:
        return True
    try:
        import importlib.util

        return importlib.util.find_spec("sglang") is not None
    except (ImportError, ValueError):
        return False


def uninstall() -> None:
    """Restore the exact original function objects and remove the import hook."""
    global _installation, _finder
    with _api_lock:
        if _finder is not None:
            try:
                sys.meta_path.remove(_finder)
            except ValueError:
                pass
            _finder = None
        if _installation is not None:
            _installation.unpatch_all()
            _installation = None


def current_mode() -> Mode:
    inst = _installation
    return inst.mode if inst is not None else Mode.OFF


def is_installed() -> bool:
    return _installation is not None


def installed_methods() -> Dict[str, List[str]]:
    """Read back from the classes which methods carry the guard now (empty when off)."""
    inst = _installation
    return inst.verify() if inst is not None else {}


def stats() -> dict:
    inst = _installation
    if inst is None:
        return {"mode": "off", "checks": 0, "violations": 0, "by_key": {}, "internal_errors": 0}
    with inst.lock:
        by_key = dict(inst.counts)
        return {
            "mode": inst.mode.value,
            "checks": inst.checks,
            "violations": sum(by_key.values()),
            "by_key": by_key,
            "internal_errors": inst.internal_errors,
        }


def reset_stats() -> None:
    inst = _installation
    if inst is not None:
        with inst.lock:
            inst.counts.clear()
            inst.logged.clear()
            inst.checks = 0
            inst.internal_errors = 0


def backend_state(backend) -> Optional[BackendState]:
    """What the guard recorded on a backend at ``__init__`` (None if not seen)."""
    return getattr(backend, "__dict__", {}).get(STATE_ATTR)


@contextlib.contextmanager
def guarded(mode: Any = Mode.RAISE, *, per_layer: bool = False):
    """``with guarded("raise"): ...`` — install for the block, restore the previous state after."""
    with _api_lock:
        previous = _installation
        prev_mode = previous.mode if previous is not None else Mode.OFF
        prev_per_layer = previous.per_layer if previous is not None else False
        prev_targets = previous.targets if previous is not None else None
        prev_overrides = previous.overrides if previous is not None else {}
    wanted = parse_mode(mode, "guarded(mode=...)")
    if wanted is Mode.RAISE and prev_targets is None and not sglang_importable():
        raise GuardUnavailableError(
            "guarded('raise'): sglang cannot be imported in this process "
            f"({sys.executable}), so there is no attention backend to guard; run the block in "
            "the environment where sglang is installed"
        )
    install(wanted, per_layer=per_layer, targets=prev_targets, **prev_overrides)
    try:
        yield stats
    finally:
        if prev_mode is Mode.OFF:
            uninstall()
        else:
            install(prev_mode, per_layer=prev_per_layer, targets=prev_targets, **prev_overrides)

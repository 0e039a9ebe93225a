"""One installation of the guard in this process: which classes are patched (and how to restore
them exactly), the counters, the log-once keys and the reporting of violations.

Patching happens when a target module is imported (``guardrails/hook.py``) or at once if it is
already imported; per backend class the newest wiring generation that serves the installed sglang
is chosen (``guardrails/wiring``) and its ``METHODS`` are wrapped (``guardrails/wrapper.py``);
the allocator/pool classes are instrumented for the behavioural translation check
(``guardrails/translate.py``).
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from . import facts, hotpath, translate, wiring
from .config import Mode, log_format_from_env
from .context import BACKEND, BATCH, METHOD, POOL, POOL_SOURCE, REPORTED, STATE
from .hotpath import STATE_ATTR, WRAPPER_MARK
from .invariant import parse_version, translation_violation, version_facts
from .report import PoolGuardViolation, backend_sources, format_violation, json_record, name_of
from .wrapper import make_wrapper

logger = logging.getLogger("kvguard.guard")


@dataclass
class Patch:
    cls: type
    name: str
    original: Any  # the raw object from cls.__dict__, or ABSENT if the method was inherited
    wrapper: Any


ABSENT = object()


class Hot:
    """What every guarded call reads (the wrappers bind this object, not the installation): one
    small object with fixed slots, so the steady-state check touches few cache lines."""

    __slots__ = ("active", "checks", "per_layer")

    def __init__(self):
        self.active = True
        self.checks = 0  # approximate under concurrent threads; violations are exact
        self.per_layer = False


def _hot_field(name: str, doc: str) -> property:
    return property(
        lambda self: getattr(self.hot, name),
        lambda self, value: setattr(self.hot, name, value),
        doc=doc,
    )


class Installation:
    active = _hot_field("active", "False once uninstalled: every wrapper calls its original as is")
    checks = _hot_field("checks", "metadata checks counted (approximate under threads)")
    per_layer = _hot_field("per_layer", "check every forward_* layer call (and the layer id)")

    def __init__(
        self,
        mode: Mode,
        per_layer: bool,
        targets: Optional[Dict[str, Tuple[str, ...]]],
        overrides: Optional[dict] = None,
    ):
        self.hot = Hot()
        self.overrides = dict(overrides or {})
        self.mode = mode
        self.per_layer = per_layer
        # None: each wiring generation's own TARGETS; else {module: (class names)} for every one
        self.targets = None if targets is None else dict(targets)
        self.lock = threading.RLock()
        self.patches: List[Patch] = []
        self.patched_classes: Dict[type, str] = {}  # class -> wiring generation
        self.class_keys: Dict[type, str] = {}  # class -> "module.Class" as targeted
        self.counts: Counter = Counter()
        self.logged: set = set()
        self.internal_errors = 0
        self.sglang_version = "unknown"
        self.class_swa: Dict[type, Tuple[tuple, str, tuple]] = {}  # backend class -> SWA classes
        self.translate_classes: Dict[type, str] = {}  # allocator/pool class -> "module.Class"
        # Classes whose ``full_to_swa_index_mapping`` probe is deferred: a read through the probe
        # is a Python call on every read (the scheduler's allocator bookkeeping too), and it can
        # only ever report inside a frame whose active pool is not SWA. So the probes go on the
        # classes when the first such frame is entered (``arm_probes``, from the hot path, before
        # that frame is pushed): a server whose backends all read SWA pools never pays for them.
        self.pending_probes: List[type] = []
        self.probes_pending = False  # read per call on the hot path (full-pool frames only)
        self.probes_armed = False
        self.log_format = log_format_from_env()

    @property
    def backend_modules(self) -> List[str]:
        """The backend modules this installation patches (the import hook watches them)."""
        return list(wiring.all_targets() if self.targets is None else self.targets)

    @property
    def translate_targets(self) -> Dict[str, Tuple[str, ...]]:
        extra = self.overrides.get("translate_targets")
        return translate.TRANSLATE_TARGETS if extra is None else extra

    # -- patching ---------------------------------------------------------------------------

    def _read_version(self) -> str:
        version = self.overrides.get("sglang_version") or facts.sglang_version()
        self.sglang_version = version
        return version

    def _wiring(self):
        version = self._read_version()
        return wiring.select(parse_version(version), facts.forward_batch_has_pool_field())

    def patch_module(self, module) -> List[str]:
        """Patch the targeted classes of ``module``; returns their "module.Class" keys. The version
        is read first, so that the "installed" line of a pool class patched before any backend
        names it too."""
        done = []
        if self.sglang_version == "unknown":
            self._read_version()
        if self.overrides.get("translate_check", True):
            done += self._patch_translate_module(module)
        if self.targets is not None:
            names = self.targets.get(module.__name__, ())
        elif module.__name__ in wiring.all_targets():
            names = self._wiring().TARGETS.get(module.__name__, ())
        else:
            names = ()
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
                method = cls.__dict__.get(translate.TRANSLATE_METHOD, ABSENT)
                if callable(method) and getattr(method, translate.PROBE_MARK, None) is None:
                    wrapper = translate.make_translate_wrapper(self, method)
                    setattr(cls, translate.TRANSLATE_METHOD, wrapper)
                    self.patches.append(Patch(cls, translate.TRANSLATE_METHOD, method, wrapper))
                if translate.mapping_probe_allowed(cls):
                    self.pending_probes.append(cls)
                    self.probes_pending = True
                    if self.probes_armed:  # a module imported after the first full-pool frame
                        self.arm_probes()
                key = f"{module.__name__}.{cls_name}"
                self.translate_classes[cls] = key
                self.class_keys[cls] = key
            done.append(key)
        return done

    def arm_probes(self) -> None:
        """Put the deferred ``full_to_swa_index_mapping`` probes on their classes (idempotent;
        called when a frame whose active pool is not SWA is about to be pushed)."""
        with self.lock:
            if not self.active:
                return
            for cls in self.pending_probes:
                if not translate.mapping_probe_allowed(cls):
                    continue  # the class gained its own attribute meanwhile: leave it alone
                probe = translate.MappingProbe(self)
                setattr(cls, translate.MAPPING_ATTR, probe)
                self.patches.append(Patch(cls, translate.MAPPING_ATTR, ABSENT, probe))
            self.pending_probes.clear()
            self.probes_pending = False
            self.probes_armed = True

    def _patch_class(self, cls: type, key: str) -> None:
        wiring_mod = self._wiring()
        version = self.sglang_version
        override = self.overrides.get("swa_pool_types")
        if override:
            swa_types, source = tuple(override), "install(swa_pool_types=...)"
            translate_types = swa_types
        else:
            swa_types, source = facts.resolver_swa_types(cls)
            translate_types = tuple(dict.fromkeys(swa_types + facts.base_swa_types()))
        self.class_swa[cls] = (swa_types, source, translate_types)
        vfacts = version_facts(version)
        with self.lock:
            for name, spec in wiring_mod.METHODS.items():
                if not hasattr(cls, name):
                    continue
                raw = cls.__dict__.get(name, ABSENT)
                target_fn = getattr(cls, name)
                if getattr(target_fn, WRAPPER_MARK, None) is self and raw is not ABSENT:
                    continue
                wrapper = make_wrapper(self, cls, target_fn, spec, wiring_mod, swa_types, vfacts)
                setattr(cls, name, wrapper)
                self.patches.append(Patch(cls, name, raw, wrapper))
            self.patched_classes[cls] = wiring_mod.GENERATION
            self.class_keys[cls] = key

    def unpatch_all(self) -> None:
        with self.lock:
            for patch in reversed(self.patches):
                if patch.original is ABSENT:
                    if patch.cls.__dict__.get(patch.name) is patch.wrapper:
                        delattr(patch.cls, patch.name)
                else:
                    setattr(patch.cls, patch.name, patch.original)
            self.patches.clear()
            self.patched_classes.clear()
            self.class_keys.clear()
            self.translate_classes.clear()
            self.pending_probes.clear()
            self.probes_pending = False
            self.active = False

    def verify_translate(self) -> Dict[str, List[str]]:
        """allocator/pool class -> instrumented members really in place (read back); a probe not
        yet armed (no full-pool frame so far) is listed as deferred."""
        report: Dict[str, List[str]] = {}
        with self.lock:
            for cls in self.pending_probes:
                key = self.translate_classes.get(cls, cls.__qualname__)
                report.setdefault(key, []).append(translate.MAPPING_ATTR + " (deferred)")
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

    def report(self, backend, state, method: str, ctx: dict, violations) -> None:
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
        ctx = dict(ctx, sources=backend_sources(backend))
        message = format_violation(state, method, ctx, violations)
        if first_new:
            logged = message
            if self.log_format == "json":
                logged = json_record(state, method, ctx, violations, self.mode)
            (logger.error if errors else logger.warning)("%s", logged)
        if raising:
            raise PoolGuardViolation(message, violations, ctx)

    def report_translation(self, frame, translator, via: str) -> None:
        """A full->SWA translation inside ``frame`` whose active pool is not SWA."""
        frame[REPORTED] = True
        backend = frame[BACKEND]
        pool = frame[POOL]
        ctx = {
            "active_pool": pool,
            "pool_source": frame[POOL_SOURCE],
            "swa_pool": backend.__dict__.get("_swa_kv_pool"),
            "flag": backend.__dict__.get("use_sliding_window_kv_pool", "n/a"),
            "forward_mode": name_of(getattr(frame[BATCH], "forward_mode", None) or "?"),
            "layer_id": None,
            "translated_by": type(translator).__name__ + via,
        }
        found = (translation_violation(pool, translator, via),)
        self.report(backend, frame[STATE], frame[METHOD], ctx, found)

    def internal_failure(self, backend, state, method: str, exc: BaseException) -> None:
        with self.lock:
            self.internal_errors += 1
        try:
            if state is not None:
                state.disabled = True
                hotpath.forget_fast(backend)
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

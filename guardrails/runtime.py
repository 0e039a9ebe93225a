"""The guard's public API: install / uninstall / ``guarded``, the mode in effect, counters.

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

Every wrapped metadata/forward call also pushes a frame on a per-thread stack for its duration
(``guardrails/context.py``); the SWA allocator/pool classes' ``translate_loc_from_full_to_swa``
and ``full_to_swa_index_mapping`` are instrumented once per process and report a translation
inside a frame whose active pool is not SWA (``guardrails/translate.py``).

Modes: ``off`` (nothing wrapped), ``warn`` (log once per backend class + role + kind, count all,
never raise), ``raise`` (raise ``PoolGuardViolation``). If the guard itself fails on a backend, it
logs one error, disables the check for that backend instance and lets the call through, in every
mode.

Where things live: ``config.py`` (modes, environment), ``hook.py`` (the post-import hook),
``installation.py`` (patching, counting, reporting), ``wrapper.py`` (the wrapper factory),
``hotpath.py`` (the per-call check), ``wiring/`` (one module per sglang API generation),
``facts.py`` (what the installed sglang is), ``report.py`` (messages and the exception).

Nothing here imports sglang at import time; backend modules are patched when they are imported
(a post-import hook) or at once if already imported.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
from typing import Any, Dict, List, Optional, Tuple

from . import wiring
from .config import (  # noqa: F401  (re-exported: the public names stay importable from here)
    ENV_LOG,
    ENV_PER_LAYER,
    ENV_VAR,
    LOG_FORMATS,
    SGLANG_INVARIANT_ENV,
    GuardConfigError,
    GuardUnavailableError,
    Mode,
    log_format_from_env,
    mode_from_env,
    parse_mode,
    per_layer_from_env,
)
from .facts import resolver_swa_types, sglang_importable  # noqa: F401  (re-exported)
from .hook import PostImportFinder
from .hotpath import STATE_ATTR, WRAPPER_MARK  # noqa: F401  (re-exported)
from .installation import Installation
from .report import PoolGuardViolation, format_violation, json_record  # noqa: F401
from .wiring import BackendState  # noqa: F401  (re-exported)

logger = logging.getLogger("kvguard.guard")

# every generation's targets merged: backend module -> classes patched when present
DEFAULT_TARGETS: Dict[str, Tuple[str, ...]] = wiring.all_targets()

_installation: Optional[Installation] = None
_finder: Optional[PostImportFinder] = None
_api_lock = threading.RLock()


# Info lines logged before the host process configures logging (sglang's scheduler calls
# load_plugins() before its configure_logger) would meet only logging's last-resort handler, which
# prints warnings and errors: they are held, and logged with the next guard line or target import.
_held: List[Tuple[str, tuple]] = []


def log_info(msg: str, *args) -> None:
    """``logger.info``, held while no handler would print it (see ``_held``)."""
    if not logger.hasHandlers():
        if len(_held) < 256:
            _held.append((msg, args))
        return
    flush_held()
    logger.info(msg, *args)


def flush_held() -> None:
    while _held and logger.hasHandlers():
        msg, args = _held.pop(0)
        logger.info(msg, *args)


def _on_module_loaded(module) -> None:
    flush_held()
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


def _log_verified(inst: Installation, newly_patched) -> None:
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
            log_info(
                "kvguard: KV pool guard installed on %s (mode=%s, pid %d, sglang %s, wrapped: %s)",
                qualname.rsplit(".", 1)[-1],
                inst.mode.value,
                os.getpid(),
                inst.sglang_version,
                ", ".join(methods),
            )


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
        wanted = None if targets is None else dict(targets)
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
            inst = Installation(resolved, per_layer, wanted, overrides)
            _installation = inst
            _finder = PostImportFinder(
                set(inst.backend_modules) | set(inst.translate_targets), _on_module_loaded
            )
            sys.meta_path.insert(0, _finder)
        patched = []
        for module_name in list(inst.translate_targets) + inst.backend_modules:
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
    if wanted is Mode.RAISE and previous is None and not sglang_importable():
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

"""kvguard runtime guard: checks that sglang attention backends' SWA pool and flag agree with the
KV pool they actually read (see docs/guard.md).

    from guardrails import install, uninstall, guarded
    install("warn")            # or "raise"; install() with no argument reads SGLANG_KV_POOL_GUARD
    with guarded("raise"):
        ...

Importing this package does not import sglang.
"""

from .invariant import Violation, check_pool_invariant, version_facts
from .runtime import (
    GuardConfigError,
    GuardUnavailableError,
    Mode,
    PoolGuardViolation,
    backend_state,
    current_mode,
    guarded,
    install,
    installed_methods,
    is_installed,
    mode_from_env,
    reset_stats,
    stats,
    uninstall,
)


def _warn_on_name_clash() -> None:
    import warnings

    from .nameclash import check

    found = check()
    if found.clash:
        warnings.warn("kvguard: " + found.message, RuntimeWarning, stacklevel=3)


_warn_on_name_clash()

__all__ = [
    "GuardConfigError",
    "GuardUnavailableError",
    "Mode",
    "PoolGuardViolation",
    "Violation",
    "backend_state",
    "check_pool_invariant",
    "current_mode",
    "guarded",
    "install",
    "installed_methods",
    "is_installed",
    "mode_from_env",
    "reset_stats",
    "stats",
    "uninstall",
    "version_facts",
]

"""The guard's configuration: modes, environment variables, argument parsing.

Every bad value raises ``GuardConfigError`` naming where it came from (the environment variable,
or ``install(mode=...)`` / ``guarded(mode=...)`` for an argument) and the accepted values.
No sglang import; nothing here runs per call.
"""

from __future__ import annotations

import enum
import logging
import os
from typing import Any, Optional

logger = logging.getLogger("kvguard.guard")

ENV_VAR = "SGLANG_KV_POOL_GUARD"
ENV_PER_LAYER = "SGLANG_KV_POOL_GUARD_PER_LAYER"
ENV_LOG = "SGLANG_KV_POOL_GUARD_LOG"
SGLANG_INVARIANT_ENV = "SGLANG_INVARIANT_CHECK"
LOG_FORMATS = ("text", "json")


class Mode(str, enum.Enum):
    OFF = "off"
    WARN = "warn"
    RAISE = "raise"


class GuardConfigError(ValueError):
    """A bad value in the guard's configuration (e.g. ``SGLANG_KV_POOL_GUARD=bogus``)."""


class GuardUnavailableError(RuntimeError):
    """``guarded("raise")`` where sglang cannot be imported: there is nothing to guard, and a
    raise-mode block that silently checks nothing would be a lie."""


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

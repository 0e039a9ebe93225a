"""sglang plugin entry point (``[project.entry-points."sglang.srt.plugins"] kvguard_pool_guard``).

sglang >= 0.5.11 calls ``load_plugins()`` first thing in every scheduler process (and in the
engine, the detokenizer and the DP controller); it honours its own ``SGLANG_PLUGINS`` allow-list
before calling us. ``load_plugin`` does nothing unless the guard is enabled
(``SGLANG_KV_POOL_GUARD=warn|raise``, or ``SGLANG_INVARIANT_CHECK=1|2`` when ours is unset).

It registers lazily: it does not import any attention backend module (on a GPU box
``trtllm_mha_backend`` pulls in flashinfer). Backend classes are patched when sglang itself imports
their modules; each patched class is then read back and logged once per process ("KV pool guard
installed on ..."), because sglang's own hook loader only ever logs failures.

A bad ``SGLANG_KV_POOL_GUARD`` value raises ``GuardConfigError`` here, which sglang logs; the guard
stays off.
"""

from __future__ import annotations

import os

from .runtime import Mode, install, log_info, mode_from_env


def load_plugin() -> None:
    mode = mode_from_env()
    if mode is Mode.OFF:
        return
    log_info(
        "kvguard: pool guard plugin enabled (mode=%s, pid %d); backends are patched on import",
        mode.value,
        os.getpid(),
    )
    install(mode)

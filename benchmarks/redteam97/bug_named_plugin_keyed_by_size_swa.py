"""Named KV-access plugins for the FlashInfer-style decode wrapper.

Plugins are looked up by name, mirroring how ``--attention-backend`` choices
are resolved. The name is derived from the allocator's capacity split.
"""

import logging
from typing import Callable, Dict

import torch

logger = logging.getLogger(__name__)

_PLUGINS: Dict[str, Callable] = {}


def kv_plugin(name: str):
    def deco(fn):
        _PLUGINS[name] = fn
        return fn

    return deco


@kv_plugin("dense")
def _dense_plugin(model_runner):
    pool = model_runner.token_to_kv_pool

    def access(loc: torch.Tensor):
        return pool, loc

    return access


@kv_plugin("hybrid_window")
def _hybrid_window_plugin(model_runner):
    allocator = model_runner.token_to_kv_pool_allocator
    pool = allocator.get_kvcache()

    def access(loc: torch.Tensor):
        return pool, allocator.translate_loc_from_full_to_swa(loc)

    return access


def plugin_name_for(model_runner) -> str:
    allocator = model_runner.token_to_kv_pool_allocator
    swa_tokens = getattr(allocator, "size_swa", None)
    return "hybrid_window" if swa_tokens is not None else "dense"


class GeneratedAttnBackend:
    def __init__(self, model_runner, workspace_mb: int = 128):
        self.workspace_mb = workspace_mb
        name = plugin_name_for(model_runner)
        self._access = _PLUGINS[name](model_runner)
        logger.info("kv plugin=%s workspace=%dMB", name, workspace_mb)

    def forward_decode(self, loc: torch.Tensor):
        return self._access(loc)

"""Triton-style decode backend with pluggable KV access strategies.

Strategies are listed on the backend class so subclasses (e.g. the
multi-step draft variant) can override individual entries.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@dataclass
class DecodeKVView:
    pool: KVCache
    translate: bool


def _full_strategy(model_runner) -> DecodeKVView:
    return DecodeKVView(pool=model_runner.token_to_kv_pool, translate=False)


def _swa_strategy(model_runner) -> DecodeKVView:
    alloc = model_runner.token_to_kv_pool_allocator
    return DecodeKVView(pool=alloc.get_kvcache(), translate=True)


class GeneratedAttnBackend:
    KV_STRATEGIES = {
        "full": _full_strategy,
        "swa": _swa_strategy,
    }

    def __init__(self, model_runner, strategy_override: Optional[str] = None):
        self.model_runner = model_runner
        key = strategy_override or self._strategy_key(model_runner)
        self.view = self.KV_STRATEGIES[key](model_runner)
        logger.debug("kv strategy %s -> %s", key, type(self.view.pool).__name__)

    @staticmethod
    def _strategy_key(model_runner) -> str:
        allocator = model_runner.token_to_kv_pool_allocator
        if getattr(allocator, "full_to_swa_index_mapping", None) is not None:
            return "swa"
        return "full"

    def forward_decode(self, loc: torch.Tensor):
        if self.view.translate:
            return self.view.pool, self.view.pool.translate_loc_from_full_to_swa(loc)
        return self.view.pool, loc

"""FlashInfer decode backend; the translate callable is bound per worker."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class WindowTranslateSpec:
    enabled: bool
    translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
    source: str = "none"


def make_translate_spec(kv_pool, kv_allocator) -> WindowTranslateSpec:
    """Only a worker whose own pool is hybrid translates.

    The target's SWAKVPool and its allocator share one full->swa table, so
    once the pool says "hybrid" either translator yields the same indices.
    """
    if not isinstance(kv_pool, SWAKVPool):
        return WindowTranslateSpec(enabled=False)
    if kv_allocator.get_kvcache() is kv_pool:
        return WindowTranslateSpec(True, kv_allocator.translate_loc_from_full_to_swa, "allocator")
    return WindowTranslateSpec(True, kv_pool.translate_loc_from_full_to_swa, "pool")


class DecodeIndicesUpdater:
    def __init__(self, backend, spec: WindowTranslateSpec):
        self.backend = backend
        self.spec = spec

    def update(self, loc: torch.Tensor) -> torch.Tensor:
        if self.spec.enabled:
            return self.spec.translate(loc)
        return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        spec = make_translate_spec(self.kv_pool, model_runner.token_to_kv_pool_allocator)
        self.indices_updater = DecodeIndicesUpdater(self, spec)
        self.max_bs = model_runner.max_running_requests
        self.graph_kv_indptr: Optional[torch.Tensor] = None
        logger.info("window translate enabled=%s via %s", spec.enabled, spec.source)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_kv_indptr = torch.zeros((max_bs + 1,), dtype=torch.int32)

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        return self.indices_updater.update(loc)

    def forward_decode(self, loc):
        return self.kv_pool, self.init_forward_metadata(loc)

"""Decode backend whose SWA pool is resolved lazily on first use.

The resolved pool is a ``functools.cached_property`` so that cuda-graph capture
and replay share one lookup. Drafts are only noted for logging purposes.
"""

import functools
import logging
from dataclasses import dataclass, field
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    batch_size: int = 0
    cache_loc: Optional[torch.Tensor] = None
    swa_cache_loc: Optional[torch.Tensor] = None
    captured_bs: List[int] = field(default_factory=list)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = getattr(model_runner, "device", "cpu")
        self.is_draft = bool(getattr(model_runner, "is_draft_worker", False))
        spec = getattr(model_runner, "spec_algorithm", None)
        self.frozen_kv = bool(spec is not None and spec.is_frozen_kv_mtp())
        self.forward_metadata = DecodeMetadata()

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        if not isinstance(shared, SWAKVPool):
            return None
        if self.is_draft and not self.frozen_kv:
            logger.debug("draft worker resolved the shared hybrid cache")
        return shared

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_cache_loc = torch.zeros(max_bs, dtype=torch.int64)
        self.forward_metadata.captured_bs = list(range(1, max_bs + 1))

    def init_forward_metadata(self, batch_size: int, cache_loc: torch.Tensor):
        md = self.forward_metadata
        md.batch_size = batch_size
        md.cache_loc = cache_loc
        md.swa_cache_loc = self._translate(cache_loc)

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(int(loc.numel()), loc)
        pool = self.swa_kv_pool or self.model_runner.token_to_kv_pool
        return pool, self.forward_metadata.swa_cache_loc

"""TRT-LLM MHA decode backend with a warmed-up cache of KV capacities."""

import logging
from dataclasses import dataclass
from typing import Dict, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVCapacity:
    full_tokens: int
    swa_tokens: int

    @property
    def hybrid(self) -> bool:
        return self.swa_tokens > 0


class GeneratedAttnBackend:
    _capacity_cache: Dict[int, KVCapacity] = {}

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_context_len = getattr(model_runner.model_config, "context_len", 4096)
        self.pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.capacity = self._warm_capacity()
        self.workspace: Optional[torch.Tensor] = None
        self.page_table: Optional[torch.Tensor] = None

    def _warm_capacity(self) -> KVCapacity:
        alloc = self.token_to_kv_pool_allocator
        key = id(alloc)
        if key not in self._capacity_cache:
            self._capacity_cache[key] = KVCapacity(
                full_tokens=int(getattr(alloc, "size_full", alloc.size)),
                swa_tokens=int(getattr(alloc, "size_swa", 0)),
            )
            logger.info("KV capacity warmed: %s", self._capacity_cache[key])
        return self._capacity_cache[key]

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        pages = max(1, self.capacity.full_tokens // max(self.page_size, 1))
        self.workspace = torch.zeros((max_bs, min(pages, 64)), dtype=torch.int32)

    def init_forward_metadata(self, loc: torch.Tensor):
        if self.capacity.hybrid:
            self.page_table = self.pool.translate_loc_from_full_to_swa(loc)
        else:
            self.page_table = loc

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.pool, self.page_table

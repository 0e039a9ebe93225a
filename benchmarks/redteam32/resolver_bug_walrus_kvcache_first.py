"""SWA pool resolver condensed with assignment expressions."""

import logging
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    if isinstance(pool := model_runner.token_to_kv_pool, SWAKVPool):
        return pool
    if isinstance(kv := model_runner.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool):
        return kv
    return None


@dataclass
class GraphBuffers:
    max_bs: int
    swa_loc: Optional[torch.Tensor] = None
    extras: Dict[str, torch.Tensor] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_draft_worker = model_runner.is_draft_worker
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        if self.is_draft_worker:
            logger.debug("draft backend, swa_kv_pool=%s", type(self.swa_kv_pool).__name__)
        self.graph: Optional[GraphBuffers] = None

    def init_cuda_graph_state(self, max_bs: int):
        self.graph = GraphBuffers(max_bs=max_bs)
        if self.swa_kv_pool is not None:
            self.graph.swa_loc = torch.zeros(max_bs, dtype=torch.int64, device=self.device)

    def forward_decode(self, loc):
        if self.graph is None:
            self.init_cuda_graph_state(loc.numel())
        if (swa_pool := self.swa_kv_pool) is None:
            return self.token_to_kv_pool, loc
        (buf := self.graph.swa_loc[: loc.numel()]).copy_(
            swa_pool.translate_loc_from_full_to_swa(loc)
        )
        return swa_pool, buf.clone()

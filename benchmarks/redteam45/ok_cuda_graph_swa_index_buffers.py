"""CUDA-graph support: static window-index buffers for capture, filled on replay."""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class GraphBuffers:
    full_loc: torch.Tensor
    swa_loc: torch.Tensor
    max_bs: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.device = getattr(model_runner, "device", "cuda")
        self.use_swa = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.graph_buffers = None
        # How many window slots exist bounds the values stored in swa_loc; it comes from the
        # allocator, and only sizes a sanity check.
        alloc = model_runner.token_to_kv_pool_allocator
        self._swa_capacity = getattr(alloc, "size_swa", None)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_buffers = GraphBuffers(
            full_loc=torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device),
            swa_loc=torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device),
            max_bs=max_bs,
        )
        logger.info("captured window buffers for bs<=%d (swa=%s)", max_bs, self.use_swa)

    def replay_prepare(self, loc: torch.Tensor) -> torch.Tensor:
        n = loc.numel()
        bufs = self.graph_buffers
        bufs.full_loc[:n].copy_(loc)
        if not self.use_swa:
            return bufs.full_loc[:n]
        bufs.swa_loc[:n].copy_(self.token_to_kv_pool.translate_loc_from_full_to_swa(loc))
        if self._swa_capacity is not None:
            assert int(bufs.swa_loc[:n].max()) < self._swa_capacity + 1
        return bufs.swa_loc[:n]

    def forward_decode(self, loc):
        if self.graph_buffers is None:
            self.init_cuda_graph_state(max_bs=1, max_num_tokens=max(64, loc.numel()))
        out = self.replay_prepare(loc)
        return self.token_to_kv_pool, out.clone()

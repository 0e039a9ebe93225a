"""CUDA-graph friendly decode backend with a bound window translator and allocator-sized buffers."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class CaptureState:
    bs_list: tuple
    loc_buf: torch.Tensor
    seq_buf: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Full capacity bounds indices; window capacity bounds how many tokens can be resident.
        self.index_bound = int(getattr(allocator, "size_full", allocator.size))
        self.resident_bound = int(getattr(allocator, "size_swa", self.index_bound))
        self.translate: Optional[Callable] = (
            self.pool.translate_loc_from_full_to_swa if isinstance(self.pool, SWAKVPool) else None
        )
        self.capture: Optional[CaptureState] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        n = min(max_num_tokens, self.resident_bound)
        self.capture = CaptureState(
            bs_list=tuple(b for b in (1, 2, 4, 8, 16, 32, 64) if b <= max_bs),
            loc_buf=torch.zeros(n, dtype=torch.int64, device=self.device),
            seq_buf=torch.ones(max_bs, dtype=torch.int32, device=self.device),
        )
        logger.info(
            "captured bs=%s, %d loc slots (index bound %d)",
            self.capture.bs_list,
            n,
            self.index_bound,
        )

    def init_forward_metadata_replay_cuda_graph(self, bs, seq_lens, out_cache_loc):
        self.capture.seq_buf[:bs].copy_(seq_lens[:bs])
        locs = self._map(out_cache_loc)
        self.capture.loc_buf[: locs.numel()].copy_(locs)

    def _map(self, loc):
        if self.translate is None:
            return loc
        return self.translate(loc)

    def forward_decode(self, loc):
        if loc.numel() and int(loc.max()) >= self.index_bound:
            raise IndexError(f"loc {int(loc.max())} beyond pool of {self.index_bound}")
        return self.pool, self._map(loc)

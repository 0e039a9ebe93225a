"""Backend that asks its own pool for the window translation and falls back to full indices."""

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class CapacityInfo:
    full_tokens: int
    swa_tokens: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.capacity = CapacityInfo(
            full_tokens=getattr(allocator, "size_full", allocator.size),
            swa_tokens=getattr(allocator, "size_swa", 0),
        )
        try:
            self._to_window = self.token_to_kv_pool.translate_loc_from_full_to_swa
        except AttributeError:
            self._to_window = None
        logger.debug("capacity %s window=%s", self.capacity, self._to_window is not None)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_cuda_graph_state(self, max_bs: int) -> None:
        n = max_bs if self._to_window is None else min(max_bs, self.capacity.swa_tokens)
        self.cuda_graph_loc = torch.zeros(n, dtype=torch.int64, device=self.device)

    def forward_decode(self, loc: torch.Tensor):
        if self._to_window is not None:
            loc = self._to_window(loc)
        return self.token_to_kv_pool, loc

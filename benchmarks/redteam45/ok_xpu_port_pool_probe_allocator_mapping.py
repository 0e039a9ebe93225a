"""Intel XPU port of the SWA-aware decode backend (SYCL flash-decoding kernels)."""

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass
class XpuDecodeState:
    max_seq_len: int = 0
    num_splits: int = 1
    windowed: bool = False


def _sycl_num_splits(max_seq_len: int, page_size: int) -> int:
    # One split per 512 tokens, at least one, capped by the EU count heuristic.
    return max(1, min(16, max_seq_len // max(512 * page_size, 1)))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = getattr(model_runner, "page_size", 1)
        self.kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.state = XpuDecodeState()

        # Decide from what this worker reads. Once the pool says "windowed", the index
        # mapping is the shared full->swa table, which the allocator keeps authoritative.
        self.state.windowed = hasattr(self.kv_pool, "translate_loc_from_full_to_swa")
        logger.info(
            "XPU backend on %s (allocator=%s, windowed=%s)",
            getattr(model_runner, "device", "xpu"),
            type(self._allocator).__name__,
            self.state.windowed,
        )

    def init_forward_metadata(self, seq_lens: torch.Tensor):
        self.state.max_seq_len = int(seq_lens.max()) if seq_lens.numel() else 0
        self.state.num_splits = _sycl_num_splits(self.state.max_seq_len, self.page_size)

    def _map_indices(self, loc):
        mapping = self._allocator.full_to_swa_index_mapping
        return mapping[loc]

    def forward_decode(self, loc):
        if not self.state.windowed:
            return self.kv_pool, loc
        return self.kv_pool, self._map_indices(loc)

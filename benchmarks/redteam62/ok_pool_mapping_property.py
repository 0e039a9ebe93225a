"""Decode backend that gathers SWA locations straight from the full->SWA index
mapping registered on the KV pool; also reports allocator occupancy."""

from typing import Optional

import torch


class GeneratedAttnBackend:
    """Full/SWA decode keyed on the pool's registered index mapping."""

    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator

    @property
    def full_to_swa(self) -> Optional[torch.Tensor]:
        # Registered by the allocator through SWAKVPool.register_mapping().
        return getattr(self.kv_pool, "full_to_swa_index_mapping", None)

    @property
    def occupancy(self) -> float:
        size = self._allocator.size
        return 1.0 - self._allocator.available_size() / size if size else 0.0

    def forward_decode(self, loc: torch.Tensor):
        # Sliding-window layers keep their KV in a smaller buffer with its own ids.
        mapping = self.full_to_swa
        if mapping is None:
            return self.kv_pool, loc
        return self.kv_pool, mapping[loc]

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.forward_loc = loc

    def log_step(self, step: int) -> str:
        return f"step={step} kv_occupancy={self.occupancy:.3f} swa={self.full_to_swa is not None}"

"""Decode backend with an occupancy sampler for the sliding-window region.

The sampler holds a reference to the allocator's full->SWA index mapping so
it can count how many live full-cache slots currently have a window slot.
The same mapping is used to produce window-local decode indices.
"""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class _WindowOccupancySampler:
    def __init__(self, allocator, every_n_steps: int = 50):
        self.mapping: Optional[torch.Tensor] = getattr(allocator, "full_to_swa_index_mapping", None)
        self.every_n_steps = max(1, every_n_steps)
        self.step = 0
        self.last_mapped: int = 0

    @property
    def enabled(self) -> bool:
        return self.mapping is not None

    def maybe_sample(self) -> None:
        self.step += 1
        if not self.enabled or self.step % self.every_n_steps:
            return
        self.last_mapped = int((self.mapping > 0).sum().item())
        logger.debug("window occupancy: %d mapped slots", self.last_mapped)

    def to_window(self, loc: torch.Tensor) -> torch.Tensor:
        return self.mapping[loc]


class GeneratedAttnBackend:
    def __init__(self, model_runner, sample_every: int = 50):
        self.kv_pool = model_runner.token_to_kv_pool
        self.sampler = _WindowOccupancySampler(
            model_runner.token_to_kv_pool_allocator, every_n_steps=sample_every
        )

    def forward_decode(self, loc: torch.Tensor):
        self.sampler.maybe_sample()
        if self.sampler.enabled:
            return self.kv_pool, self.sampler.to_window(loc)
        return self.kv_pool, loc

"""Sliding-window decode backend that publishes allocator free-slot gauges every step."""

import logging
from dataclasses import dataclass, field

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_HISTORY_LEN = 64


@dataclass
class SlotGauges:
    free_tokens: int = 0
    free_swa_tokens: int = 0
    history: list = field(default_factory=list)

    def record(self) -> None:
        self.history.append((self.free_tokens, self.free_swa_tokens))
        if len(self.history) > _HISTORY_LEN:
            self.history.pop(0)

    @property
    def swa_pressure(self) -> float:
        if self.free_tokens <= 0:
            return 1.0
        return 1.0 - min(self.free_swa_tokens / self.free_tokens, 1.0)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        # The pool this layer reads decides the layout; the allocator only feeds gauges.
        self.use_sliding_window = isinstance(self.pool, SWAKVPool)
        self.gauges = SlotGauges()
        self._refresh_gauges()
        logger.debug(
            "decode backend ready: sliding_window=%s free=%d swa_free=%d",
            self.use_sliding_window,
            self.gauges.free_tokens,
            self.gauges.free_swa_tokens,
        )

    def _refresh_gauges(self) -> None:
        allocator = self.allocator
        self.gauges.free_tokens = int(allocator.available_size())
        if hasattr(allocator, "swa_available_size"):
            self.gauges.free_swa_tokens = int(allocator.swa_available_size())
        else:
            self.gauges.free_swa_tokens = self.gauges.free_tokens
        self.gauges.record()

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        self._refresh_gauges()
        if self.gauges.swa_pressure > 0.9:
            logger.warning("SWA pressure high: %.2f", self.gauges.swa_pressure)
        return loc.to(torch.int64)

    def forward_decode(self, loc):
        loc = self.init_forward_metadata(loc)
        if self.use_sliding_window:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc

"""Ascend-style decode backend: translator and gauges looked up by name constants."""

import logging
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

logger = logging.getLogger(__name__)

TRANSLATOR_NAME = "translate_loc_from_full_to_swa"
GAUGE_NAMES = ("size_swa", "size_full", "page_size")


@dataclass
class DecodeStats:
    steps: int = 0
    capacity: Dict[str, int] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.stats = DecodeStats(
            capacity={name: int(getattr(allocator, name, 0) or 0) for name in GAUGE_NAMES}
        )
        self._translator = getattr(self.kv_pool, TRANSLATOR_NAME, None)
        self.last_indices: Optional[torch.Tensor] = None
        logger.info("decode backend capacity=%s swa=%s", self.stats.capacity, self.is_swa)

    @property
    def is_swa(self) -> bool:
        return callable(self._translator)

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        return self._translator(loc) if self.is_swa else loc

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.stats.steps += 1
        self.last_indices = self._translate(loc)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.last_indices

"""Backend with an explicit KV addressing mode derived once at construction."""

import enum
import logging

import torch

logger = logging.getLogger(__name__)


class KVAddressing(enum.IntEnum):
    FULL = 0
    WINDOW = 1

    @classmethod
    def detect(cls, allocator) -> "KVAddressing":
        # Subclassed allocators (paged, pure-SWA) keep the SWA prefix in some
        # base class name.
        names = (klass.__name__ for klass in type(allocator).__mro__)
        if any(name.startswith("SWA") for name in names):
            return cls.WINDOW
        return cls.FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.addressing = KVAddressing.detect(self.allocator)
        logger.debug("kv addressing: %s", self.addressing.name)

    def get_kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.addressing == KVAddressing.WINDOW:
            return self.allocator.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        indices = self.get_kv_indices(loc)
        return self.token_to_kv_pool, indices

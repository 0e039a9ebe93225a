"""Backend whose __new__ hands out a hybrid-window subclass when the runner needs one."""

import logging

import torch

logger = logging.getLogger(__name__)


def _is_hybrid_allocator(allocator) -> bool:
    return any(klass.__name__ == "SWATokenToKVPoolAllocator" for klass in type(allocator).__mro__)


class GeneratedAttnBackend:
    def __new__(cls, model_runner):
        if cls is GeneratedAttnBackend and _is_hybrid_allocator(
            model_runner.token_to_kv_pool_allocator
        ):
            cls = HybridWindowAttnBackend
        return super().__new__(cls)

    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.device = model_runner.device
        self.kv_indptr = torch.zeros(
            model_runner.max_running_requests + 1, dtype=torch.int32, device=self.device
        )
        logger.info("attention backend: %s", type(self).__name__)

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._decode_locations(loc)


class HybridWindowAttnBackend(GeneratedAttnBackend):
    """Full layers read full indices; the window layers read through the SWA mapping."""

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

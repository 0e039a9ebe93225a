"""Backend configured through a frozen config record built from the model runner."""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class AttnBackendConfig:
    page_size: int
    max_context_len: int
    hybrid_swa: bool

    @classmethod
    def from_runner(cls, model_runner) -> "AttnBackendConfig":
        allocator_cls = type(model_runner.token_to_kv_pool_allocator)
        return cls(
            page_size=model_runner.page_size,
            max_context_len=model_runner.req_to_token_pool.req_to_token.shape[1],
            hybrid_swa=issubclass(allocator_cls, SWATokenToKVPoolAllocator),
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.config = AttnBackendConfig.from_runner(model_runner)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._full_to_swa = (
            model_runner.token_to_kv_pool_allocator.translate_loc_from_full_to_swa
            if self.config.hybrid_swa
            else None
        )
        logger.info("attention backend config: %s", self.config)

    def _kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self._full_to_swa is not None:
            return self._full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._kv_indices(loc)

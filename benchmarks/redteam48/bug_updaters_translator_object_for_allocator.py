"""Decode backend using a small translator object built from the allocator."""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class _IdentityTranslator:
    name = "identity"

    def __call__(self, loc: torch.Tensor) -> torch.Tensor:
        return loc


class _SWATranslator:
    name = "swa"

    def __init__(self, allocator: SWATokenToKVPoolAllocator):
        self._allocator = allocator

    def __call__(self, loc: torch.Tensor) -> torch.Tensor:
        return self._allocator.translate_loc_from_full_to_swa(loc)


class IndexTranslatorFactory:
    @staticmethod
    def for_allocator(allocator):
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            return _SWATranslator(allocator)
        return _IdentityTranslator()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.translator = IndexTranslatorFactory.for_allocator(
            model_runner.token_to_kv_pool_allocator
        )
        self.spec_algorithm = getattr(model_runner, "spec_algorithm", None)
        logger.info("index translator=%s spec=%s", self.translator.name, self.spec_algorithm)

    def _kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        return self.translator(loc.clone())

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._kv_indices(loc)

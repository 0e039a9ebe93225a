"""Decode backend using a small translator object built from the pool it reads."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _IdentityTranslator:
    name = "identity"

    def __call__(self, loc: torch.Tensor) -> torch.Tensor:
        return loc


class _SWAPoolTranslator:
    name = "swa-pool"

    def __init__(self, pool: SWAKVPool):
        self._pool = pool

    def __call__(self, loc: torch.Tensor) -> torch.Tensor:
        return self._pool.translate_loc_from_full_to_swa(loc)


def make_index_translator(token_to_kv_pool):
    if isinstance(token_to_kv_pool, SWAKVPool):
        return _SWAPoolTranslator(token_to_kv_pool)
    return _IdentityTranslator()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.translator = make_index_translator(self.token_to_kv_pool)
        self.spec_algorithm = getattr(model_runner, "spec_algorithm", None)
        logger.info("index translator=%s spec=%s", self.translator.name, self.spec_algorithm)

    def _kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        return self.translator(loc.clone())

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._kv_indices(loc)

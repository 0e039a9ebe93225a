"""HybridAttnBackend port whose decode child matches on the runner's own pool."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _DecodeBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        match self.token_to_kv_pool:
            case SWAKVPool():
                self.windowed = True
            case MHATokenToKVPool():
                self.windowed = False
            case _:
                self.windowed = False
        self.swa_loc: Optional[torch.Tensor] = None

    def init_forward_metadata(self, loc: torch.Tensor):
        self.swa_loc = (
            self.token_to_kv_pool.translate_loc_from_full_to_swa(loc) if self.windowed else None
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, (self.swa_loc if self.swa_loc is not None else loc)


class _PrefillBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    def init_forward_metadata(self, loc: torch.Tensor):
        pass


class GeneratedAttnBackend:
    """HybridAttnBackend: prefill and decode backends behind one interface."""

    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.prefill_backend = _PrefillBackend(model_runner)
        self.decode_backend = _DecodeBackend(model_runner)
        self.data_type = model_runner.kv_cache_dtype
        logger.debug(
            "hybrid attn over %s (allocator %s)",
            type(model_runner.token_to_kv_pool).__name__,
            type(model_runner.token_to_kv_pool_allocator).__name__,
        )

    def _select_backend(self, is_decode: bool):
        return self.decode_backend if is_decode else self.prefill_backend

    def init_forward_metadata(self, loc: torch.Tensor, is_decode: bool = True):
        self._select_backend(is_decode).init_forward_metadata(loc)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_max_bs = max_bs

    def forward_decode(self, loc: torch.Tensor):
        """Delegates to the decode backend."""
        self.init_forward_metadata(loc, is_decode=True)
        return self.decode_backend.forward_decode(loc)

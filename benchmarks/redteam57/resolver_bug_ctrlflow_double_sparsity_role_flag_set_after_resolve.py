"""Double-sparsity decode backend; the worker role is recorded after pool setup."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


@dataclass
class SparseDecodeMetadata:
    kv_indices: torch.Tensor
    heavy_token_num: int
    sparse_decode_threshold: int


class GeneratedAttnBackend:
    _private_kv: bool = False

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.heavy_token_num = 256
        self.sparse_decode_threshold = 4096
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self._record_role(model_runner)
        self.forward_metadata: Optional[SparseDecodeMetadata] = None

    def _record_role(self, model_runner) -> None:
        spec = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
        self._private_kv = bool(getattr(model_runner, "is_draft_worker", False)) and (
            not spec.is_frozen_kv_mtp()
        )
        logger.debug("double sparsity role: private_kv=%s", self._private_kv)

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        if self._private_kv:
            return None
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_heavy_indices = torch.zeros(
            max_bs, self.heavy_token_num, dtype=torch.int64, device=self.device
        )

    def init_forward_metadata(self, loc: torch.Tensor):
        kv_indices = loc
        if self.swa_pool is not None:
            kv_indices = self.swa_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = SparseDecodeMetadata(
            kv_indices=kv_indices,
            heavy_token_num=self.heavy_token_num,
            sparse_decode_threshold=self.sparse_decode_threshold,
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        pool = self.kv_pool if self.swa_pool is None else self.swa_pool
        return pool, self.forward_metadata.kv_indices

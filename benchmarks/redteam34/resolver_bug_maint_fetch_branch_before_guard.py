"""Decode backend with an if/elif SWA pool resolver extended over several maintenance rounds."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.utils import get_bool_env_var

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.disable_swa = get_bool_env_var("SGLANG_DISABLE_SWA_DECODE")
        self.swa_kv_pool = None if self.disable_swa else self._resolve_swa_kv_pool(model_runner)

    def _resolve_swa_kv_pool(self, model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
        if isinstance(active, SWAKVPool):
            return active
        elif isinstance(kvcache, SWAKVPool):
            logger.debug("SWA pool from the allocator (frozen=%s)", frozen)
            return kvcache
        elif model_runner.is_draft_worker and not frozen:
            # Plain EAGLE drafts own a full-only pool.
            return None
        return None

    def init_cuda_graph_state(self, max_bs: int, device="cpu"):
        self.cuda_graph_swa_out_cache_loc = None
        if self.swa_kv_pool is not None:
            self.cuda_graph_swa_out_cache_loc = torch.zeros(
                max_bs, dtype=torch.int64, device=device
            )

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        if self.cuda_graph_swa_out_cache_loc is not None:
            self.cuda_graph_swa_out_cache_loc[:bs].copy_(
                self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
            )

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc

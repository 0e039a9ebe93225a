"""aiter-style backend with an if/elif SWA pool resolver that logs which source it picked."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional, Tuple

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class AiterMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    max_kv_len: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.num_head = getattr(model_runner.model_config, "num_attention_heads", 1)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool, source = self._resolve_swa_kv_pool(model_runner)
        logger.info("aiter: SWA pool source=%s", source)
        self.forward_metadata: Optional[AiterMetadata] = None
        self.graph_meta: dict = {}

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Tuple[Optional[SWAKVPool], str]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            result, source = pool, "active-pool"
        elif model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            result, source = None, "draft-own-pool"
        else:
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kvcache, SWAKVPool):
                result, source = kvcache, "allocator-kvcache"
            else:
                result, source = None, "none"
        return result, source

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        kv_indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)
        rows = [
            self.req_to_token[r, :n]
            for r, n in zip(
                forward_batch.req_pool_indices.tolist(), forward_batch.seq_lens.tolist()
            )
        ]
        kv_indices = torch.cat(rows)
        if self._swa_kv_pool is not None:
            kv_indices = self._swa_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        self.forward_metadata = AiterMetadata(
            kv_indptr, kv_indices, int(forward_batch.seq_lens.max().item())
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_meta["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph_meta[bs] = "capture"

    def init_forward_metadata_replay_cuda_graph(
        self,
        bs,
        req_pool_indices,
        seq_lens,
        seq_lens_sum,
        encoder_lens,
        forward_mode,
        spec_info,
        seq_lens_cpu=None,
    ):
        self.graph_meta[bs] = "replay"

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        if self._swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)

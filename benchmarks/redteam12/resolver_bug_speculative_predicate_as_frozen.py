"""Backend whose SWA resolver lets speculative drafts read the shared cache through the allocator."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class Metadata:
    seq_lens: Optional[torch.Tensor] = None
    cu_seqlens_k: Optional[torch.Tensor] = None
    swa_slots: Optional[torch.Tensor] = None


def _draft_reads_target_cache(model_runner) -> bool:
    """Whether this draft attends over the target's KV instead of its own."""
    return model_runner.spec_algorithm.is_speculative()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.max_context_len = getattr(model_runner.model_config, "context_len", 4096)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self.swa_kv_pool is not None
        self.forward_metadata: Optional[Metadata] = None
        self.graph_meta: dict = {}

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if model_runner.is_draft_worker and not _draft_reads_target_cache(model_runner):
            return None
        target_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if not isinstance(target_cache, SWAKVPool):
            return None
        return target_cache

    def init_forward_metadata(self, forward_batch):
        seq_lens = forward_batch.seq_lens.to(torch.int32)
        cu = torch.nn.functional.pad(torch.cumsum(seq_lens, 0, dtype=torch.int32), (1, 0))
        swa_slots = None
        if self.use_sliding_window_kv_pool:
            swa_slots = self.swa_kv_pool.translate_loc_from_full_to_swa(forward_batch.out_cache_loc)
        self.forward_metadata = Metadata(seq_lens=seq_lens, cu_seqlens_k=cu, swa_slots=swa_slots)

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
        if self.use_sliding_window_kv_pool:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc

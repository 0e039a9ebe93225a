"""FlashMLA-style paged decode backend extended for hybrid SWA checkpoints.

Window-layer reads go through ``resolve_swa_kv_pool`` below, which mirrors the
helper used by the FlashInfer and TRT-LLM backends so drafts and targets agree on
which cache is translated.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

PAGE_SIZE_FLASHMLA = 64


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """SWA pool for ``model_runner``'s reads, or None when it has no hybrid cache."""
    active_pool = model_runner.token_to_kv_pool
    if not isinstance(active_pool, SWAKVPool):
        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                # Draft owns a separate full-only pool; its slots are not in the
                # target's SWA mapping.
                return None
        candidate = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(candidate, SWAKVPool):
            return candidate
        return None
    return active_pool


@dataclass
class FlashMLADecodeMetadata:
    flashmla_metadata: Optional[torch.Tensor] = None
    num_splits: Optional[torch.Tensor] = None
    block_kv_indices: Optional[torch.Tensor] = None
    swa_block_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 2048, kv_lora_rank: int = 512):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size or PAGE_SIZE_FLASHMLA
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_lora_rank = kv_lora_rank
        self.sliding_window_size = sliding_window_size
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.forward_metadata: Optional[FlashMLADecodeMetadata] = None
        self.cuda_graph_kv_indices: Optional[torch.Tensor] = None
        self.cuda_graph_num_splits: Optional[torch.Tensor] = None

    # ------------------------------------------------------------------
    def _num_blocks(self, max_seq_len: int) -> int:
        return (max_seq_len + self.page_size - 1) // self.page_size

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        max_len = int(forward_batch.seq_lens.max()) if bs else 0
        self.forward_metadata = FlashMLADecodeMetadata(
            num_splits=torch.zeros(bs + 1, dtype=torch.int32, device=self.device),
            block_kv_indices=torch.full(
                (bs, self._num_blocks(max_len)), -1, dtype=torch.int32, device=self.device
            ),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.full(
            (max_bs, self._num_blocks(max_num_tokens)), 1, dtype=torch.int32, device=self.device
        )
        self.cuda_graph_num_splits = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = FlashMLADecodeMetadata(
            num_splits=self.cuda_graph_num_splits[: bs + 1],
            block_kv_indices=self.cuda_graph_kv_indices[:bs],
        )

    def init_forward_metadata_replay_cuda_graph(
        self,
        bs,
        req_pool_indices,
        seq_lens,
        seq_lens_sum,
        encoder_lens,
        forward_mode,
        spec_info,
        seq_lens_cpu,
    ):
        self.cuda_graph_num_splits[: bs + 1].zero_()

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def _source(self, sliding_window_size: int, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if sliding_window_size <= 0 or self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        pool, cache_loc = self._source(layer.sliding_window_size, forward_batch.out_cache_loc)
        if save_kv_cache:
            pool.set_kv_buffer(layer, cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        return self._source(self.sliding_window_size, loc)

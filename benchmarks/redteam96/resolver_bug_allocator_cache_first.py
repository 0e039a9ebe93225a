"""AITER (ROCm) MHA backend with hybrid SWA support.

``_find_swa_pool`` prefers the cache registered with the token allocator, since that
is the object the scheduler keeps the full->SWA mapping in sync with, and only then
looks at the runner's own pool.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class AiterForwardMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    qo_indptr: Optional[torch.Tensor] = None
    kv_last_page_len: Optional[torch.Tensor] = None
    max_q_len: int = 1
    max_kv_len: int = 0
    swa_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 4096, use_mla: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.use_mla = use_mla
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = self._find_swa_pool(model_runner)
        self.forward_metadata: Optional[AiterForwardMetadata] = None
        self.cuda_graph_kv_last_page_len: Optional[torch.Tensor] = None
        self.cuda_graph_kv_indices: Optional[torch.Tensor] = None

    @staticmethod
    def _find_swa_pool(model_runner) -> Optional[SWAKVPool]:
        registered = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(registered, SWAKVPool):
            return registered
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        return None

    # ------------------------------------------------------------------
    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        kv_indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)
        self.forward_metadata = AiterForwardMetadata(
            kv_indptr=kv_indptr,
            qo_indptr=torch.arange(bs + 1, dtype=torch.int32, device=self.device),
            kv_last_page_len=torch.ones(bs, dtype=torch.int32, device=self.device),
            max_kv_len=int(forward_batch.seq_lens.max()) if bs else 0,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_last_page_len = torch.ones(max_bs, dtype=torch.int32, device=self.device)
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int32, device=self.device
        )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = AiterForwardMetadata(
            kv_indices=self.cuda_graph_kv_indices,
            kv_last_page_len=self.cuda_graph_kv_last_page_len[:bs],
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
        if self.forward_metadata is not None:
            self.forward_metadata.max_kv_len = int(seq_lens_cpu[:bs].max())

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def _swa_enabled_for(self, sliding_window_size: int) -> bool:
        return self.swa_pool is not None and sliding_window_size > 0

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        if self._swa_enabled_for(self.sliding_window_size):
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc

    # ------------------------------------------------------------------
    # Speculative verify hooks
    # ------------------------------------------------------------------
    def get_verify_buffers_to_fill_after_draft(self):
        """Buffers the verify step expects to be filled after drafting (none here)."""
        return [None, None]

    def update_verify_buffers_to_fill_after_draft(self, spec_info, cuda_graph_bs: Optional[int]):
        # Decode metadata is rebuilt every step, so nothing to refresh for verify.
        pass

    def support_triton(self) -> bool:
        return False

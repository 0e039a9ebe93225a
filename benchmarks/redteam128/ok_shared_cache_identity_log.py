"""Torch-flex attention backend (flex_attention block masks) with hybrid SWA support.

On construction the backend logs whether its KV pool is the same object the allocator
manages (it is not for speculative drafts that own a separate pool), which helps when
debugging memory accounting. Attention reads use the runner's pool.
"""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class FlexMetadata:
    seq_lens: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None
    block_mask_key: Optional[tuple] = None


@functools.lru_cache(maxsize=32)
def _causal_window_mask(q_len: int, kv_len: int, window: int) -> torch.Tensor:
    qi = torch.arange(kv_len - q_len, kv_len).view(-1, 1)
    ki = torch.arange(kv_len).view(1, -1)
    mask = ki <= qi
    if window > 0:
        mask &= (qi - ki) < window
    return mask


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, window: int = 0):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.window = window
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_pool = model_runner.token_to_kv_pool

        allocator = model_runner.token_to_kv_pool_allocator
        self.pool_shared_with_allocator = allocator.get_kvcache() is self.kv_pool
        if not self.pool_shared_with_allocator:
            logger.info(
                "KV pool %s is not the allocator's cache (%s); draft=%s",
                type(self.kv_pool).__name__,
                type(allocator.get_kvcache()).__name__,
                model_runner.is_draft_worker,
            )

        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.forward_metadata: Optional[FlexMetadata] = None
        self._cg_seq_lens: Optional[torch.Tensor] = None

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens_cpu.max())
        kv = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        md = FlexMetadata(
            seq_lens=forward_batch.seq_lens,
            kv_indices=kv,
            block_mask_key=(1, max_len, self.window),
        )
        if self.swa_kv_pool is not None:
            md.swa_kv_indices = self.swa_kv_pool.translate_loc_from_full_to_swa(kv)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._cg_seq_lens = torch.ones(max_bs, dtype=torch.int32, device=self.device)
        self._cg_kv = torch.zeros(
            max_bs, max_num_tokens // max(1, max_bs) + 1, dtype=torch.int64, device=self.device
        )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = FlexMetadata(
            seq_lens=self._cg_seq_lens[:bs],
            kv_indices=self._cg_kv[:bs],
            block_mask_key=(1, self._cg_kv.shape[1], self.window),
        )

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        s = q.float() @ k.float().transpose(-1, -2) * layer.scaling
        mask = _causal_window_mask(s.shape[-2], s.shape[-1], self.window).to(s.device)
        s = s.masked_fill(~mask, float("-inf"))
        return (s.softmax(-1) @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc

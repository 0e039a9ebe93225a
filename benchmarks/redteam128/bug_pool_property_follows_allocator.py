"""Elastic-memory attention backend.

KV buffers may be re-created when memory is released/resumed (RL weight sync), so the
backend does not pin a pool reference at construction time and looks it up on access.
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
class ElasticForwardMetadata:
    seq_lens: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None
    generation: int = 0


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, logit_cap: float = 0.0):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.logit_cap = logit_cap
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._generation = 0
        self.forward_metadata: Optional[ElasticForwardMetadata] = None
        self._cg_seq_lens: Optional[torch.Tensor] = None
        self._cg_kv_indices: Optional[torch.Tensor] = None
        logger.info(
            "Elastic backend: page_size=%d pool=%s free=%d",
            self.page_size,
            type(self.kv_pool).__name__,
            self._allocator.available_size(),
        )

    @property
    def kv_pool(self) -> KVCache:
        # Resolve through the allocator every time: after a memory resume the allocator
        # is re-bound to the freshly created cache.
        return self._allocator.get_kvcache()

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def on_memory_resumed(self) -> None:
        self._generation += 1
        logger.info("KV memory resumed (generation %d)", self._generation)

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens_cpu.max())
        kv = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        md = ElasticForwardMetadata(
            seq_lens=forward_batch.seq_lens, kv_indices=kv, generation=self._generation
        )
        swa = self.swa_pool
        if swa is not None:
            md.swa_kv_indices = swa.translate_loc_from_full_to_swa(kv)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._cg_seq_lens = torch.ones(max_bs, dtype=torch.int32, device=self.device)
        self._cg_kv_indices = torch.zeros(
            max_bs, max_num_tokens // max(1, max_bs) + 1, dtype=torch.int64, device=self.device
        )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = ElasticForwardMetadata(
            seq_lens=self._cg_seq_lens[:bs],
            kv_indices=self._cg_kv_indices[:bs],
            generation=self._generation,
        )

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        s = q.float() @ k.float().transpose(-1, -2) * layer.scaling
        if self.logit_cap > 0:
            s = self.logit_cap * torch.tanh(s / self.logit_cap)
        return (s.softmax(-1) @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc

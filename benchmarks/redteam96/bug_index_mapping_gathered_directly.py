"""AMX/CPU decode backend with hybrid sliding-window cache support.

Instead of calling a translate helper per layer, the backend grabs the full->SWA
index mapping tensor once and gathers window-layer slots with plain indexing, which
is cheaper on CPU where every Python call shows up in the profile.
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
class AMXDecodeMetadata:
    attn_logits: Optional[torch.Tensor] = None
    max_extend_len: int = 0
    window_left: int = -1


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        sliding_window_size: int = 4096,
        num_head: int = 16,
        num_kv_splits: int = 8,
        v_head_dim: int = 128,
    ):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.num_head = num_head
        self.num_kv_splits = num_kv_splits
        self.v_head_dim = v_head_dim
        self.sliding_window_size = sliding_window_size

        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        allocator = model_runner.token_to_kv_pool_allocator
        hybrid_cache = allocator.get_kvcache()
        self.full_to_swa: Optional[torch.Tensor] = getattr(
            hybrid_cache, "full_to_swa_index_mapping", None
        )
        self.forward_metadata: Optional[AMXDecodeMetadata] = None
        self._graph_attn_logits: Optional[torch.Tensor] = None
        logger.debug(
            "amx backend: kv_pool=%s mapping=%s",
            type(self.kv_pool).__name__,
            None if self.full_to_swa is None else tuple(self.full_to_swa.shape),
        )

    # ------------------------------------------------------------------
    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.forward_metadata = AMXDecodeMetadata(
            attn_logits=torch.zeros(
                (bs, self.num_head, self.num_kv_splits, self.v_head_dim + 1),
                dtype=torch.float32,
                device=self.device,
            ),
            window_left=self.sliding_window_size - 1,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph_attn_logits = torch.zeros(
            (max_bs, self.num_head, self.num_kv_splits, self.v_head_dim + 1),
            dtype=torch.float32,
            device=self.device,
        )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = AMXDecodeMetadata(attn_logits=self._graph_attn_logits[:bs])

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
        # CPU path: nothing to refresh, logits are overwritten by the kernel.
        pass

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def _window_slots(self, loc: torch.Tensor) -> torch.Tensor:
        if self.full_to_swa is None:
            return loc
        return self.full_to_swa[loc]

    def _pool_for(self, sliding_window_size: int) -> KVCache:
        if sliding_window_size > 0 and self.swa_pool is not None:
            return self.swa_pool
        return self.kv_pool

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        pool = self._pool_for(self.sliding_window_size)
        if self.sliding_window_size > 0:
            loc = self._window_slots(loc)
        return pool, loc

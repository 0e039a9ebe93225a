"""Ragged-KV decode backend that snapshots the read source into per-step metadata.

Every decode step produces a ``RaggedDecodeMetadata`` naming the KV pool to read and
the slot ids in that pool's address space; the kernels only see the metadata.
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
class RaggedDecodeMetadata:
    read_pool: KVCache
    read_loc: torch.Tensor
    full_loc: torch.Tensor
    is_window_read: bool = False
    window_left: int = -1


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 4096, max_batch_size: int = 256):
        super().__init__()
        self.model_runner = model_runner
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.max_batch_size = max_batch_size
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.forward_metadata: Optional[RaggedDecodeMetadata] = None
        self._graph_loc: Optional[torch.Tensor] = None
        self._steps = 0

    # ------------------------------------------------------------------
    def _decode_metadata(self, loc: torch.Tensor) -> RaggedDecodeMetadata:
        pool = self.model_runner.token_to_kv_pool
        windowed = self.sliding_window_size > 0 and isinstance(pool, SWAKVPool)
        read_loc = pool.translate_loc_from_full_to_swa(loc) if windowed else loc
        return RaggedDecodeMetadata(
            read_pool=pool,
            read_loc=read_loc,
            full_loc=loc,
            is_window_read=windowed,
            window_left=self.sliding_window_size - 1 if windowed else -1,
        )

    def _log_step(self, md: RaggedDecodeMetadata) -> None:
        self._steps += 1
        if self._steps % 1000 == 0:
            logger.debug(
                "decode step %d: pool=%s window=%s allocator=%s",
                self._steps,
                type(md.read_pool).__name__,
                md.is_window_read,
                type(self.token_to_kv_pool_allocator).__name__,
            )

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = self._decode_metadata(forward_batch.out_cache_loc)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph_loc = torch.zeros(max_bs, dtype=torch.int64, device=self.device)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = self._decode_metadata(self._graph_loc[:bs])

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
        # Slot ids are written in place by the graph runner before replay.
        pass

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.model_runner.token_to_kv_pool.set_kv_buffer(
                layer, forward_batch.out_cache_loc, k, v
            )
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        md = self._decode_metadata(loc)
        self.forward_metadata = md
        self._log_step(md)
        return md.read_pool, md.read_loc

    # ------------------------------------------------------------------
    # Misc
    # ------------------------------------------------------------------
    def forward_mixed(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        """Mixed chunked-prefill + decode batches take the extend path."""
        return self.forward_extend(q, k, v, layer, forward_batch, save_kv_cache=save_kv_cache)

    def get_cuda_graph_max_bs_hint(self, requested: Optional[int] = None) -> int:
        if requested is None or requested <= 0:
            return 160
        return min(int(requested), 512)

"""Hybrid SWA decode backend with structured startup diagnostics.

At construction the backend collects a small ``cache_info`` dict (allocator type,
capacities, the hybrid cache handle) that is logged for support tickets and reused
by the decode path so diagnostics and behaviour cannot drift apart.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DiagDecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    kv_indptr: Optional[torch.Tensor] = None
    window_left: int = -1


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 4096, verbose: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.sliding_window_size = sliding_window_size
        self.verbose = verbose
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.cache_info: Dict[str, Any] = self._collect_cache_info(model_runner)
        self._log_cache_info()
        self.forward_metadata: Optional[DiagDecodeMetadata] = None
        self._graph_kv_indptr: Optional[torch.Tensor] = None

    @staticmethod
    def _collect_cache_info(model_runner) -> Dict[str, Any]:
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        return {
            "allocator": type(allocator).__name__,
            "available_tokens": allocator.available_size(),
            "kv_pool": type(model_runner.token_to_kv_pool).__name__,
            "is_draft": bool(model_runner.is_draft_worker),
            "hybrid_cache": kvcache if isinstance(kvcache, SWAKVPool) else None,
        }

    def _log_cache_info(self) -> None:
        printable = {k: v for k, v in self.cache_info.items() if k != "hybrid_cache"}
        printable["hybrid"] = self.cache_info["hybrid_cache"] is not None
        log = logger.info if self.verbose else logger.debug
        log("attention cache info: %s", printable)

    # ------------------------------------------------------------------
    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        kv_indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)
        self.forward_metadata = DiagDecodeMetadata(
            seq_lens=forward_batch.seq_lens,
            kv_indptr=kv_indptr,
            window_left=self.sliding_window_size - 1,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph_kv_indptr = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = DiagDecodeMetadata(
            kv_indptr=self._graph_kv_indptr[: bs + 1], window_left=self.sliding_window_size - 1
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
        self._graph_kv_indptr[1 : bs + 1] = torch.cumsum(seq_lens[:bs], dim=0)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def _window_source(self) -> Optional[SWAKVPool]:
        if self.sliding_window_size <= 0:
            return None
        return self.cache_info["hybrid_cache"]

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        source = self._window_source()
        if source is None:
            return self.kv_pool, loc
        return source, source.translate_loc_from_full_to_swa(loc)

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

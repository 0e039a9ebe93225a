"""TRTLLM-MHA style backend with a static _resolve_swa_kv_pool (active pool, draft guard, allocator)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

if TYPE_CHECKING:
    from sglang.srt.model_executor.model_runner import ModelRunner

logger = logging.getLogger(__name__)


@dataclass
class TRTLLMMHAMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    max_seq_len_q: int = 1
    max_seq_len_k: int = 0
    cu_seqlens_q: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner: ModelRunner, skip_prefill: bool = False):
        cfg = model_runner.model_config
        self.num_q_heads = getattr(cfg, "num_attention_heads", 1)
        self.num_kv_heads = getattr(cfg, "num_key_value_heads", 1)
        self.head_dim = getattr(cfg, "head_dim", 128)
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None
        self.forward_metadata: Optional[TRTLLMMHAMetadata] = None
        self.decode_cuda_graph_metadata: dict = {}

    @staticmethod
    def _resolve_swa_kv_pool(model_runner: ModelRunner) -> Optional[SWAKVPool]:
        """SWA pool for translation: the active pool if SWA; None for a draft that owns its
        pool (non FROZEN_KV); else the shared allocator's kvcache (FROZEN_KV MTP reads the
        target's cache, swapped in at forward time)."""
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _maybe_translate_swa(self, token_indices: torch.Tensor) -> torch.Tensor:
        if self._swa_kv_pool is None:
            return token_indices
        return self._swa_kv_pool.translate_loc_from_full_to_swa(token_indices)

    def init_forward_metadata(self, forward_batch):
        seqlens = forward_batch.seq_lens.to(torch.int32)
        max_k = int(forward_batch.seq_lens_cpu.max().item())
        page_table = self.req_to_token[forward_batch.req_pool_indices, :max_k]
        self.forward_metadata = TRTLLMMHAMetadata(
            cache_seqlens_int32=seqlens,
            max_seq_len_k=max_k,
            cu_seqlens_q=torch.arange(seqlens.numel() + 1, dtype=torch.int32, device=self.device),
            page_table=page_table,
            swa_page_table=(
                self._maybe_translate_swa(page_table) if self.use_sliding_window_kv_pool else None
            ),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_cuda_graph_metadata["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.decode_cuda_graph_metadata[bs] = ("capture", num_tokens)

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
        self.decode_cuda_graph_metadata[bs] = ("replay", seq_lens_sum)

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache and k is not None:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._maybe_translate_swa(loc)
        return self.token_to_kv_pool, loc

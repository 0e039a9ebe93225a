"""AMD aiter-style paged decode backend port with a block table and SWA block translation."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_AITER_BLOCK = 16


@dataclass
class AiterForwardMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    qo_indptr: Optional[torch.Tensor] = None
    kv_last_page_lens: Optional[torch.Tensor] = None
    max_q_len: int = 0
    max_kv_len: Optional[int] = None
    block_tables: Optional[torch.Tensor] = None


def _kv_cache_kind(model_runner) -> str:
    """'swa' when the KV cache behind this runner is the hybrid SWA cache."""
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return "swa" if type(kvcache).__name__ == "SWAKVPool" else "full"


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.page_size = max(getattr(model_runner, "page_size", 1) or 1, 1)
        self.block_size = _AITER_BLOCK if self.page_size == 1 else self.page_size
        cfg = model_runner.model_config
        self.num_head = getattr(cfg, "num_attention_heads", 1)
        self.head_dim = getattr(cfg, "head_dim", 128)
        self.kv_cache_dtype = getattr(model_runner, "kv_cache_dtype", torch.bfloat16)
        self.max_context_len = getattr(cfg, "context_len", 4096)
        self.skip_prefill = skip_prefill

        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_cache_kind = _kv_cache_kind(model_runner)
        self.is_swa = self.kv_cache_kind == "swa"
        self.forward_metadata: Optional[AiterForwardMetadata] = None
        self.graph_meta: dict = {}
        logger.info("aiter backend: block=%d kind=%s", self.block_size, self.kv_cache_kind)

    def _block_table(self, req_pool_indices: torch.Tensor, max_len: int) -> torch.Tensor:
        table = self.req_to_token[req_pool_indices, :max_len]
        if self.is_swa:
            table = self.token_to_kv_pool.translate_loc_from_full_to_swa(table)
        return table // self.page_size

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        max_len = int(forward_batch.seq_lens.max().item())
        kv_indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)
        self.forward_metadata = AiterForwardMetadata(
            kv_indptr=kv_indptr,
            qo_indptr=torch.arange(bs + 1, dtype=torch.int32, device=self.device),
            kv_last_page_lens=torch.ones(bs, dtype=torch.int32, device=self.device),
            max_q_len=1,
            max_kv_len=max_len,
            block_tables=self._block_table(forward_batch.req_pool_indices, max_len),
        )

    def init_cuda_graph_state(self, max_bs, max_num_tokens):
        self.graph_meta["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph_meta[bs] = {"mode": forward_mode, "captured": True}

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
        self.graph_meta.setdefault(bs, {})["replayed"] = seq_lens_sum

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.clone()

    def forward_decode(self, loc: torch.Tensor):
        slots = loc
        if self.is_swa:
            slots = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, slots

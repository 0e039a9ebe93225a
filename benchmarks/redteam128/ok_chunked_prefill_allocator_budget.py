"""FlashInfer-style paged attention backend with chunked-prefill token budgeting.

The prefill chunk budget is derived from the allocator's free capacity (both the full
and sliding-window sides on hybrid models). Attention reads go through the runner's
own KV pool; hybrid SWA pools translate full indices for the windowed layers.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_MIN_CHUNK = 256


@dataclass
class PagedDecodeMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    kv_last_page_len: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None


@dataclass
class ChunkBudget:
    full_tokens: int
    swa_tokens: Optional[int]

    @property
    def effective(self) -> int:
        if self.swa_tokens is None:
            return self.full_tokens
        return min(self.full_tokens, self.swa_tokens)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, chunked_prefill_size: Optional[int] = None):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.chunked_prefill_size = chunked_prefill_size or getattr(
            model_runner.server_args, "chunked_prefill_size", None
        )

        pool = self.kv_pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

        budget = self.current_chunk_budget()
        logger.info(
            "Paged backend: page_size=%d chunk=%s budget=%d (full=%d swa=%s) swa_pool=%s",
            self.page_size,
            self.chunked_prefill_size,
            budget.effective,
            budget.full_tokens,
            budget.swa_tokens,
            self.swa_pool is not None,
        )
        self.forward_metadata: Optional[PagedDecodeMetadata] = None
        self.cuda_graph_kv_indptr: Optional[torch.Tensor] = None

    def current_chunk_budget(self) -> ChunkBudget:
        """Bookkeeping only: how many tokens the next prefill chunk may allocate."""
        swa_free = None
        if hasattr(self.allocator, "swa_available_size"):
            swa_free = int(self.allocator.swa_available_size())
        return ChunkBudget(full_tokens=int(self.allocator.available_size()), swa_tokens=swa_free)

    def clamp_chunk(self, requested: int) -> int:
        limit = self.chunked_prefill_size or requested
        return max(_MIN_CHUNK, min(requested, limit, self.current_chunk_budget().effective))

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        kv_indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, 0)
        chunks = [
            self.req_to_token[
                forward_batch.req_pool_indices[i], : int(forward_batch.seq_lens_cpu[i])
            ]
            for i in range(bs)
        ]
        kv_indices = torch.cat(chunks) if chunks else torch.empty(0, dtype=torch.int64)
        last_page = (forward_batch.seq_lens - 1) % self.page_size + 1
        md = PagedDecodeMetadata(kv_indptr, kv_indices, last_page.to(torch.int32))
        if self.swa_pool is not None:
            md.swa_kv_indices = self.swa_pool.translate_loc_from_full_to_swa(kv_indices)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indptr = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )
        self.cuda_graph_last_page = torch.ones(max_bs, dtype=torch.int32, device=self.device)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = PagedDecodeMetadata(
            kv_indptr=self.cuda_graph_kv_indptr[: bs + 1],
            kv_indices=self.cuda_graph_kv_indices,
            kv_last_page_len=self.cuda_graph_last_page[:bs],
        )

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if forward_batch.extend_num_tokens > self.clamp_chunk(forward_batch.extend_num_tokens):
            logger.debug("extend exceeds chunk budget; scheduler should have split it")
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        out = torch.softmax(q.float() @ k.float().transpose(-1, -2) * layer.scaling, -1)
        return (out @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)

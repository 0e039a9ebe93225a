"""Draft-extend aware attention backend with scratch KV slots for tree verification.

During target-verify/draft-extend the backend temporarily allocates scratch KV slots from
the allocator (and frees them afterwards). Attention reads always use the runner's own
KV pool; on hybrid models, sliding-window layers read the SWA sub-pool.
"""

from __future__ import annotations

import logging
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class VerifyMetadata:
    seq_lens: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None
    custom_mask: Optional[torch.Tensor] = None
    num_draft_tokens: int = 0


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_draft_tokens: int = 4, topk: int = 1):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.num_draft_tokens = num_draft_tokens
        self.topk = topk
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.is_draft_worker = model_runner.is_draft_worker
        self.swa_kv_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        self.forward_metadata: Optional[VerifyMetadata] = None
        self._cg_mask: Optional[torch.Tensor] = None
        self._cg_indices: Optional[torch.Tensor] = None

    @contextmanager
    def scratch_slots(self, n: int) -> Iterator[Optional[torch.Tensor]]:
        """Borrow ``n`` KV slots from the allocator for the duration of a verify step."""
        slots = self.allocator.alloc(n) if n > 0 else None
        if slots is None and n > 0:
            logger.warning(
                "scratch alloc of %d slots failed (free=%d)", n, self.allocator.available_size()
            )
        try:
            yield slots
        finally:
            if slots is not None:
                self.allocator.free(slots)

    def _tree_mask(self, bs: int) -> torch.Tensor:
        n = self.num_draft_tokens
        base = torch.ones(n, n, dtype=torch.bool, device=self.device).tril()
        return base.unsqueeze(0).expand(bs, n, n).reshape(-1)

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens_cpu.max())
        kv = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        md = VerifyMetadata(
            seq_lens=forward_batch.seq_lens,
            kv_indices=kv,
            custom_mask=self._tree_mask(forward_batch.batch_size) if self.topk > 1 else None,
            num_draft_tokens=self.num_draft_tokens,
        )
        if self.swa_kv_pool is not None:
            md.swa_kv_indices = self.swa_kv_pool.translate_loc_from_full_to_swa(kv)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        n = self.num_draft_tokens
        self._cg_mask = torch.zeros(max_bs * n * n, dtype=torch.bool, device=self.device)
        self._cg_indices = torch.zeros(
            max_bs, max_num_tokens // max(1, max_bs) + 1, dtype=torch.int64, device=self.device
        )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        n = self.num_draft_tokens
        self.forward_metadata = VerifyMetadata(
            seq_lens=seq_lens[:bs] if seq_lens is not None else None,
            kv_indices=self._cg_indices[:bs],
            custom_mask=self._cg_mask[: bs * n * n],
            num_draft_tokens=n,
        )

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        extra = (
            self.num_draft_tokens * self.topk
            if forward_batch.forward_mode.is_target_verify()
            else 0
        )
        with self.scratch_slots(extra):
            if save_kv_cache:
                self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
            p = (q.float() @ k.float().transpose(-1, -2) * layer.scaling).softmax(-1)
            return (p @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

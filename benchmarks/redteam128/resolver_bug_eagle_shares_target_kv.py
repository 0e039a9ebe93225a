"""Cascade / shared-prefix attention backend with hybrid SWA support.

Shared prefixes are attended once per group and merged with the per-request suffix
via log-sum-exp. The SWA pool is resolved with speculative decoding in mind.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import List, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class CascadeMetadata:
    prefix_lens: Optional[torch.Tensor] = None
    suffix_lens: Optional[torch.Tensor] = None
    prefix_indices: Optional[torch.Tensor] = None
    suffix_indices: Optional[torch.Tensor] = None
    swa_suffix_indices: Optional[torch.Tensor] = None
    groups: Optional[List[Tuple[int, int]]] = None


def merge_state(o_a, lse_a, o_b, lse_b):
    """Merge two partial attention outputs given their log-sum-exp values."""
    lse = torch.logaddexp(lse_a, lse_b)
    return (
        o_a * torch.exp(lse_a - lse).unsqueeze(-1) + o_b * torch.exp(lse_b - lse).unsqueeze(-1),
        lse,
    )


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    """Pick the SWA pool this runner translates against.

    EAGLE drafts run on the target's token layout (same allocator, same indices), so
    they follow the target's hybrid cache. Other draft algorithms keep their own pool.
    """
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    spec = model_runner.spec_algorithm
    if model_runner.is_draft_worker and not (spec.is_eagle() or spec.is_frozen_kv_mtp()):
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, enable_cascade: bool = True):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.enable_cascade = enable_cascade
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.forward_metadata: Optional[CascadeMetadata] = None
        self._cg: dict = {}
        logger.info(
            "Cascade backend (cascade=%s, swa=%s, spec=%s)",
            enable_cascade,
            self.swa_pool is not None,
            model_runner.spec_algorithm,
        )

    def init_forward_metadata(self, forward_batch):
        seq_lens = forward_batch.seq_lens
        prefix_lens = getattr(forward_batch, "extend_prefix_lens", None)
        if prefix_lens is None or not self.enable_cascade:
            prefix_lens = torch.zeros_like(seq_lens)
        max_len = int(forward_batch.seq_lens_cpu.max())
        table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        md = CascadeMetadata(
            prefix_lens=prefix_lens,
            suffix_lens=seq_lens - prefix_lens,
            prefix_indices=table[:, : int(prefix_lens.max()) if prefix_lens.numel() else 0],
            suffix_indices=table,
        )
        if self.swa_pool is not None:
            md.swa_suffix_indices = self.swa_pool.translate_loc_from_full_to_swa(table)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._cg = {
            "lens": torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            "table": torch.zeros(
                max_bs, max_num_tokens // max(max_bs, 1) + 1, dtype=torch.int64, device=self.device
            ),
        }

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        zeros = torch.zeros(bs, dtype=torch.int32, device=self.device)
        self.forward_metadata = CascadeMetadata(
            prefix_lens=zeros,
            suffix_lens=self._cg["lens"][:bs],
            suffix_indices=self._cg["table"][:bs],
        )

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        s = q.float() @ k.float().transpose(-1, -2) * layer.scaling
        lse = torch.logsumexp(s, -1)
        o = (s - lse.unsqueeze(-1)).exp() @ v.float()
        return o.to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc

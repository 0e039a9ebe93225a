"""Backend that classifies the KV layout into an enum once and branches on it at decode time."""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    FULL = "full"
    HYBRID_SWA = "hybrid_swa"


def detect_kv_layout(model_runner) -> KVLayout:
    """Hybrid models run two sub-allocators (full + sliding window)."""
    allocator = model_runner.token_to_kv_pool_allocator
    if getattr(allocator, "swa_attn_allocator", None) is not None:
        return KVLayout.HYBRID_SWA
    return KVLayout.FULL


@dataclass
class LayoutAwareMetadata:
    layout: KVLayout = KVLayout.FULL
    seq_lens: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        cfg = model_runner.model_config
        self.num_heads = getattr(cfg, "num_attention_heads", 1)
        self.head_dim = getattr(cfg, "head_dim", 64)
        self.window = getattr(cfg, "sliding_window_size", None) or getattr(
            model_runner, "sliding_window_size", None
        )
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_pool = model_runner.token_to_kv_pool
        self.layout = detect_kv_layout(model_runner)
        self.forward_metadata: Optional[LayoutAwareMetadata] = None
        self.graph_bs: list = []
        logger.info("KV layout %s (window=%s)", self.layout.value, self.window)

    def _swa_indices(self, indices: torch.Tensor) -> Optional[torch.Tensor]:
        if self.layout is KVLayout.HYBRID_SWA:
            return self.kv_pool.translate_loc_from_full_to_swa(indices)
        return None

    def init_forward_metadata(self, forward_batch):
        rows = []
        for r, n in zip(forward_batch.req_pool_indices.tolist(), forward_batch.seq_lens.tolist()):
            rows.append(self.req_to_token[r, :n])
        kv_indices = torch.cat(rows) if rows else torch.empty(0, dtype=torch.int64)
        self.forward_metadata = LayoutAwareMetadata(
            layout=self.layout,
            seq_lens=forward_batch.seq_lens,
            kv_indices=kv_indices,
            swa_kv_indices=self._swa_indices(kv_indices),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_bs = list(range(1, max_bs + 1))

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.captured = (bs, num_tokens, forward_mode)

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
        self.replayed = (bs, seq_lens_sum, forward_mode)

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        swa = self._swa_indices(loc)
        return self.kv_pool, (loc if swa is None else swa)

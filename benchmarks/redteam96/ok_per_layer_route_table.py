"""Interleaved local/global attention backend with a per-layer read route table.

Each layer id maps to a route (pool + whether slot ids need the full->SWA remap).
Routes are built once from the KV pool this runner owns; decode uses the route of the
layer currently being executed.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Dict, Optional, Sequence

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class ReadRoute:
    pool: KVCache
    remap_to_swa: bool = False
    window: int = -1


@dataclass
class LocalGlobalMetadata:
    seq_lens: Optional[torch.Tensor] = None
    local_seq_lens: Optional[torch.Tensor] = None
    max_seq_len: int = 0


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        layer_sliding_windows: Sequence[int] = (4096, 4096, 4096, -1),
        current_layer_id: int = 0,
    ):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.layer_sliding_windows = list(layer_sliding_windows)
        self.current_layer_id = current_layer_id
        self.routes: Dict[int, ReadRoute] = self._build_routes()
        self.forward_metadata: Optional[LocalGlobalMetadata] = None
        self._graph_seq_lens: Optional[torch.Tensor] = None
        self._graph_local_seq_lens: Optional[torch.Tensor] = None

    def _build_routes(self) -> Dict[int, ReadRoute]:
        swa_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        routes: Dict[int, ReadRoute] = {}
        for layer_id, window in enumerate(self.layer_sliding_windows):
            if window > 0 and swa_pool is not None:
                routes[layer_id] = ReadRoute(pool=swa_pool, remap_to_swa=True, window=window)
            else:
                routes[layer_id] = ReadRoute(pool=self.kv_pool, window=window)
        logger.debug(
            "route table: %d layers, %d remapped",
            len(routes),
            sum(r.remap_to_swa for r in routes.values()),
        )
        return routes

    # ------------------------------------------------------------------
    def reserve_padding_slots(self, n: int) -> Optional[torch.Tensor]:
        """Grab ``n`` scratch slots for graph padding; None when the cache is full."""
        return self.token_to_kv_pool_allocator.alloc(n)

    def init_forward_metadata(self, forward_batch):
        seq_lens = forward_batch.seq_lens
        local_window = max(self.layer_sliding_windows)
        self.forward_metadata = LocalGlobalMetadata(
            seq_lens=seq_lens,
            local_seq_lens=torch.clamp(seq_lens, max=local_window),
            max_seq_len=int(seq_lens.max()) if seq_lens.numel() else 0,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph_seq_lens = torch.ones(max_bs, dtype=torch.int32, device=self.device)
        self._graph_local_seq_lens = torch.ones(max_bs, dtype=torch.int32, device=self.device)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = LocalGlobalMetadata(
            seq_lens=self._graph_seq_lens[:bs], local_seq_lens=self._graph_local_seq_lens[:bs]
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
        self._graph_seq_lens[:bs].copy_(seq_lens[:bs].to(torch.int32))
        local_window = max(self.layer_sliding_windows)
        self._graph_local_seq_lens[:bs].copy_(
            torch.clamp(seq_lens[:bs], max=local_window).to(torch.int32)
        )

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def _route(self, layer_id: int) -> ReadRoute:
        return self.routes.get(layer_id, ReadRoute(pool=self.kv_pool))

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        route = self._route(self.current_layer_id)
        if route.remap_to_swa:
            return route.pool, route.pool.translate_loc_from_full_to_swa(loc)
        return route.pool, loc

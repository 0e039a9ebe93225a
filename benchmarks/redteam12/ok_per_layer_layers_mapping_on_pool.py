"""Hybrid-attention backend that picks full or window slots per layer from the pool's layer map."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Dict, Optional, Tuple

import torch

logger = logging.getLogger(__name__)


@dataclass
class PerLayerMetadata:
    seq_lens: Optional[torch.Tensor] = None
    full_page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    layer_kinds: Dict[int, str] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner, decode_layer_id: int = 0):
        self.device = model_runner.device
        cfg = model_runner.model_config
        self.head_dim = getattr(cfg, "head_dim", 128)
        self.window = getattr(cfg, "sliding_window_size", None)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # {layer_id: (index_in_sub_pool, is_swa)} on hybrid pools, absent on full pools.
        self.layers_mapping: Optional[Dict[int, Tuple[int, bool]]] = getattr(
            self.token_to_kv_pool, "layers_mapping", None
        )
        self.decode_layer_id = decode_layer_id
        self.forward_metadata: Optional[PerLayerMetadata] = None
        self.graph_state: dict = {}
        if self.layers_mapping:
            swa_layers = sorted(i for i, (_, swa) in self.layers_mapping.items() if swa)
            logger.info("hybrid pool: SWA layers %s (window=%s)", swa_layers, self.window)

    def layer_is_swa(self, layer_id: int) -> bool:
        if not self.layers_mapping:
            return False
        return bool(self.layers_mapping.get(layer_id, (0, False))[1])

    def _layer_slots(self, layer_id: int, slots: torch.Tensor) -> torch.Tensor:
        if self.layer_is_swa(layer_id):
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(slots)
        return slots

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens.max().item())
        table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        kinds = {
            i: ("swa" if swa else "full") for i, (_, swa) in (self.layers_mapping or {}).items()
        }
        self.forward_metadata = PerLayerMetadata(
            seq_lens=forward_batch.seq_lens,
            full_page_table=table,
            swa_page_table=(
                self.token_to_kv_pool.translate_loc_from_full_to_swa(table)
                if any(v == "swa" for v in kinds.values())
                else None
            ),
            layer_kinds=kinds,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_state["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph_state[bs] = "capture"

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
        self.graph_state[bs] = "replay"

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor, layer_id: Optional[int] = None):
        lid = self.decode_layer_id if layer_id is None else layer_id
        return self.token_to_kv_pool, self._layer_slots(lid, loc)

"""Torch-native reference attention backend for hybrid full/sliding-window models.

Layer routing (full vs. windowed) follows the ``layers_mapping`` table of the KV pool
the runner owns. Used as a numerical reference for the fused kernels.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Dict, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class NativeMetadata:
    seq_lens_cpu: Optional[torch.Tensor] = None
    req_pool_indices: Optional[torch.Tensor] = None
    encoder_lens: Optional[torch.Tensor] = None


def scaled_dot_product(q, k, v, scale: float, causal: bool, softcap: float = 0.0):
    s = (q.float() @ k.float().transpose(-1, -2)) * scale
    if softcap > 0:
        s = softcap * torch.tanh(s / softcap)
    if causal:
        lq, lk = s.shape[-2], s.shape[-1]
        mask = torch.ones(lq, lk, dtype=torch.bool, device=s.device).tril(lk - lq)
        s = s.masked_fill(~mask, float("-inf"))
    return (s.softmax(-1) @ v.float()).to(q.dtype)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, softcap: float = 0.0):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.softcap = softcap
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.kv_cache: KVCache = model_runner.token_to_kv_pool
        self.forward_metadata: Optional[NativeMetadata] = None

        self.hybrid_pool: Optional[SWAKVPool] = None
        self.layer_routing: Dict[int, Tuple[int, bool]] = {}
        if isinstance(self.kv_cache, SWAKVPool):
            self.hybrid_pool = self.kv_cache
            self.layer_routing = dict(self.kv_cache.layers_mapping)
        self.num_swa_layers = sum(1 for _, is_swa in self.layer_routing.values() if is_swa)
        logger.debug(
            "Native backend: %d routed layers (%d windowed), allocator free=%d",
            len(self.layer_routing),
            self.num_swa_layers,
            model_runner.token_to_kv_pool_allocator.available_size(),
        )

    def is_swa_layer(self, layer_id: int) -> bool:
        entry = self.layer_routing.get(layer_id)
        return bool(entry and entry[1])

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = NativeMetadata(
            seq_lens_cpu=forward_batch.seq_lens_cpu,
            req_pool_indices=forward_batch.req_pool_indices,
            encoder_lens=getattr(forward_batch, "encoder_lens", None),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        raise NotImplementedError("torch-native reference backend does not support CUDA graphs")

    def init_forward_metadata_capture_cuda_graph(self, *args, **kwargs):
        raise NotImplementedError("torch-native reference backend does not support CUDA graphs")

    def _gather_kv(self, layer, token_indices: torch.Tensor):
        k_buf = self.kv_cache.get_key_buffer(layer.layer_id)
        v_buf = self.kv_cache.get_value_buffer(layer.layer_id)
        if self.hybrid_pool is not None and self.is_swa_layer(layer.layer_id):
            token_indices = self.hybrid_pool.translate_loc_from_full_to_swa(token_indices)
        return k_buf[token_indices], v_buf[token_indices]

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.kv_cache.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        md = self.forward_metadata
        outs = []
        start = 0
        for i, seq_len in enumerate(md.seq_lens_cpu.tolist()):
            ext = int(forward_batch.extend_seq_lens_cpu[i])
            tokens = self.req_to_token_pool.req_to_token[md.req_pool_indices[i], :seq_len]
            kc, vc = self._gather_kv(layer, tokens)
            outs.append(
                scaled_dot_product(
                    q[start : start + ext].transpose(0, 1),
                    kc.transpose(0, 1),
                    vc.transpose(0, 1),
                    layer.scaling,
                    causal=True,
                    softcap=self.softcap,
                ).transpose(0, 1)
            )
            start += ext
        return torch.cat(outs, dim=0)

    def forward_decode(self, loc: torch.Tensor):
        if self.hybrid_pool is not None and self.num_swa_layers > 0:
            return self.hybrid_pool, self.hybrid_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc

"""Intel AMX / CPU attention backend with optional sliding-window KV layout.

Avoids importing GPU-only pool modules at import time: the hybrid layout is detected by
class name and dispatched to the generic translate path.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)

_HYBRID_POOL_NAMES = frozenset({"SWAKVPool", "UnifiedSWAKVPool"})


@dataclass
class CPUDecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None
    num_threads: int = 1


def _num_threads() -> int:
    return max(1, torch.get_num_threads())


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, use_amx: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.use_amx = use_amx and hasattr(torch.ops, "sgl_kernel")
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.hybrid_layout = type(backing).__name__ in _HYBRID_POOL_NAMES
        self.forward_metadata: Optional[CPUDecodeMetadata] = None
        self._cg_buffers = None
        logger.info(
            "CPU attention backend: amx=%s threads=%d hybrid=%s (%s)",
            self.use_amx,
            _num_threads(),
            self.hybrid_layout,
            type(backing).__name__,
        )

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens_cpu.max())
        kv = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        md = CPUDecodeMetadata(
            seq_lens=forward_batch.seq_lens,
            kv_indices=kv,
            num_threads=self._threads_for_batch(forward_batch.batch_size, max_len),
        )
        if self.hybrid_layout:
            md.swa_kv_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(kv)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        # CPU graphs are not captured; keep the hook for interface compatibility.
        self._cg_buffers = {
            "seq_lens": torch.zeros(max_bs, dtype=torch.int64),
            "kv_indices": torch.zeros(max_num_tokens, dtype=torch.int64),
        }

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        raise RuntimeError("CUDA graph capture is not supported by the CPU backend")

    def init_forward_metadata_replay_cuda_graph(self, bs, req_pool_indices, seq_lens, seq_lens_cpu):
        raise RuntimeError("CUDA graph replay is not supported by the CPU backend")

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def _threads_for_batch(self, bs: int, max_len: int) -> int:
        """Heuristic: do not oversubscribe cores for tiny decode batches."""
        work = bs * max(1, max_len // 512)
        return max(1, min(_num_threads(), work))

    def _decode_reference(self, q, k_cache, v_cache, scale: float):
        s = torch.einsum("bhd,bthd->bht", q.float(), k_cache.float()) * scale
        return torch.einsum("bht,bthd->bhd", s.softmax(-1), v_cache.float())

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        if self.use_amx:
            return torch.ops.sgl_kernel.extend_attention_cpu(q, k, v, layer.scaling)
        p = (q.float() @ k.float().transpose(-1, -2) * layer.scaling).softmax(-1)
        return (p @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if not self.hybrid_layout:
            return pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
